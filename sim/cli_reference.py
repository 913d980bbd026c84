"""The CLI reference page, rendered from the typer app itself so it cannot fall
behind the program: every command, argument and option with its help.

The documentation build calls `render()` (see `mkdocs_hooks.py`); the tests
check that every command and option of the app appears in it.
"""

from __future__ import annotations

import typer

from sim.cli import app


def command_tree() -> list[tuple[str, object]]:
    """(`sim luft simulate`, its command object) for the root, every group and command, depth first.

    Typer vendors click, so the objects are used by their public attributes only."""
    root = typer.main.get_command(app)
    found: list[tuple[str, object]] = []

    def walk(path: str, cmd, ctx) -> None:
        found.append((path, cmd))
        if hasattr(cmd, "list_commands"):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(f"{path} {name}", sub, sub.context_class(sub, info_name=name, parent=ctx))

    walk("sim", root, root.context_class(root, info_name="sim"))
    return found


def _cell(text: str | None) -> str:
    return " ".join((text or "").split()).replace("|", "\\|")


def _param_row(param, ctx) -> str:
    """One table row: the names and metavar, then the help with its default and range, as `--help` prints them."""
    names, doc = param.get_help_record(ctx)
    return f"| `{names}` | {_cell(doc)} |"


def render() -> str:
    """The whole reference page as Markdown."""
    lines = [
        "# CLI reference",
        "",
        "Generated from the program at build time (`sim.cli_reference`): every command, "
        "argument and option, with the help `--help` prints.",
        "",
    ]
    for path, cmd in command_tree():
        ctx = cmd.context_class(cmd, info_name=path)
        depth = min(path.count(" ") + 2, 4)
        lines += [f"{'#' * depth} `{path}`", ""]
        if cmd.help:
            lines += [" ".join(cmd.help.split()), ""]
        lines += ["```text", f"{path} {' '.join(cmd.collect_usage_pieces(ctx))}".rstrip(), "```", ""]
        params = [p for p in cmd.get_params(ctx) if not getattr(p, "hidden", False)]
        if params:
            lines += ["| argument / option | help |", "|---|---|"]
            lines += [_param_row(p, ctx) for p in params]
            lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(render())

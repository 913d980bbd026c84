"""The CLI reference page is generated from the typer app and names every
command, argument and option (sim.cli_reference, used by mkdocs_hooks.py)."""

import re

from sim import cli_reference

TREE = cli_reference.command_tree()


def _section(page: str, path: str) -> str | None:
    """The reference's text for one command: from its heading to the next heading."""
    m = re.search(rf"^#+ `{re.escape(path)}`\n(.*?)(?=^#+ `|\Z)", page, re.S | re.M)
    return m.group(1) if m else None


def missing(page: str) -> list[str]:
    """Every command, argument or option of the app that the page does not name, as 'sim x y: --opt'."""
    out = []
    for path, command in TREE:
        section = _section(page, path)
        if section is None:
            out.append(f"{path}: the whole command")
            continue
        ctx = command.context_class(command, info_name=path)
        for param in command.get_params(ctx):
            if getattr(param, "hidden", False):
                continue
            names = [param.name] if param.param_type_name == "argument" else [*param.opts, *param.secondary_opts]
            out += [f"{path}: {n}" for n in names if not re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", section)]
        if command.help and " ".join(command.help.split())[:60] not in section:
            out.append(f"{path}: its help text")
    return out


def test_the_tree_reaches_every_game_and_its_analyses():
    paths = {p for p, _ in TREE}
    for game in ("luft", "landunter"):
        assert {f"sim {game} simulate", f"sim {game} tournament", f"sim {game} trace", f"sim {game} design"} <= paths
    assert {"sim luft compare-turnback", "sim landunter ranking", "sim results list", "sim results show"} <= paths


def test_every_command_argument_and_option_is_in_the_reference():
    assert missing(cli_reference.render()) == []


def test_a_missing_option_or_command_is_noticed():
    page = cli_reference.render()
    section = _section(page, "sim luft simulate")
    without_seed = page.replace(section, section.replace("--seed", "--sead"))
    assert "sim luft simulate: --seed" in missing(without_seed)
    without_trace = page.replace("`sim luft trace`", "`sim luft trance`")
    assert "sim luft trace: the whole command" in missing(without_trace)

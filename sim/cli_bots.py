"""The options that say which bots play: one definition each, shared by every
command of every game that seats bots.

``--bots``, ``--field``, ``--families`` and ``--start`` (and the options that
name one bot, such as ``--strong``, or a list, such as ``--candidates``) are
built here: one name, one help sentence about specs, one parser. Each reads
its specs while the command line is read, after ``--bot-file`` (eager) has
registered the user's bots and before any game is played, so a user's bot
works wherever a bot is named, and a bad spec is one ``error:`` line naming
the option (exit code 2)."""

from __future__ import annotations

from typing import Any, Optional

import typer

from sim import cli_common

#: The one sentence on specs every option naming bots ends its help with.
SPECS = "A spec is name or name:key=value:key=value (`sim GAME bots` lists them); your own bots too, with --bot-file."

# Shapes of the value: one spec, a comma-separated list, or lists separated by ';'.
ONE, LIST, GROUPS = "one", "list", "groups"
_SHAPE = {
    ONE: "one spec",
    LIST: "comma-separated specs",
    GROUPS: "groups separated by ';', each of comma-separated specs",
}
POLICY = "one policy spec (a policy's weights are read)"
_METAVAR = {ONE: "SPEC", LIST: "SPEC[,SPEC…]", GROUPS: "SPEC[,SPEC…][;…]"}


def help_text(game: str, role: str, shape: str, default: str | None = None, policy: bool = False) -> str:
    """An option's help: what its bots do in the command, the value's shape
    (``policy``: it must be a policy), its default, and the one sentence on specs."""
    tail = f" (default: {default})" if default else ""
    what = POLICY if policy else _SHAPE[shape]
    return f"{role}: {what}{tail}. {SPECS.replace('GAME', game)}"


def read_specs(game: str, option: str, text: str, shape: str = LIST, policy: bool = False) -> list[list[str]]:
    """``text`` of ``option`` as groups of specs (one group unless ``shape`` is
    GROUPS), every spec checked against the game's registry (the user's
    --bot-file bots included); ``policy``: each must be a trainable policy.
    Raises ValueError with what is wrong and how to fix it."""
    # deferred: the registry of games loads every game's package, needed only once a spec is checked
    from sim.games import get_game
    from sim.registry import BotError, split_specs

    registry = get_game(game).registry
    example = cli_common.game_help(game).bots.split()[0]
    parts = text.split(";") if shape == GROUPS else [text]
    if not any(p.strip() for p in parts):
        raise ValueError(f"no bot named; give {_SHAPE[shape]}, e.g. {option} {example}")
    groups = []
    for part in (p for p in parts if p.strip() or shape != GROUPS):
        specs = split_specs(part)
        if shape == ONE and len(specs) != 1:
            raise ValueError(f"{text!r} names {len(specs)} bots; give one spec, e.g. {option} {example}")
        for spec in specs:
            try:
                seat = registry.parse(spec)
            except BotError as e:
                unknown = str(e).startswith("unknown bot")
                raise ValueError(f"{e}" + ("; or load your own with --bot-file FILE" if unknown else "")) from None
            if policy and not _is_policy(get_game(game), seat):
                raise ValueError(f"{spec!r} is not a policy bot; give trained, policy:file=PATH or policy:preset=NAME")
        groups.append(specs)
    return groups


def _is_policy(game, seat) -> bool:
    from sim.strong.selfplay import is_policy  # loaded only for the options that read a policy

    return is_policy(game, seat)


def _checked(game: str, shape: str, policy: bool):
    """The click callback of a bot option: the value checked (`read_specs`), returned as given."""

    def callback(ctx: typer.Context, param: typer.CallbackParam, value: Optional[str]) -> Optional[str]:
        if value is None or ctx.resilient_parsing:
            return value
        if "--isolate" in cli_common._ARGS:  # competition mode: the files' bots register when the command runs
            return value
        try:
            read_specs(game, param.opts[0], value, shape, policy)
        except ValueError as e:
            raise typer.BadParameter(str(e)) from None
        return value

    return callback


def bot_option(game: str, name: str, *aliases: str, role: str, default: Any = None, shape: str = LIST, policy=False, shown=None):
    """An option naming bots, with the shared help and parser. ``shown``: the
    default as words in the help (the value itself is printed too when it is one)."""
    return typer.Option(
        default,
        name,
        *aliases,
        metavar=_METAVAR[shape],
        callback=_checked(game, shape, policy),
        help=help_text(game, role, shape, shown, policy),
    )


# The four options of the "which bots" set: their names are fixed here; a
# command says what its bots do (``role``) and its default.


def bots_option(game: str, role: str, default: Any = ..., shown: str | None = None):
    """--bots / -b: the bots at the table."""
    return bot_option(game, "--bots", "-b", role=role, default=default, shown=shown)


def field_option(game: str, role: str, default: Any = None, shown: str | None = None, groups: bool = False, short=False):
    """--field: the opponents (``groups``: several fields separated by ';');
    ``short``: also -f, in the commands that had it."""
    aliases = ("-f",) if short else ()
    return bot_option(game, "--field", *aliases, role=role, default=default, shape=GROUPS if groups else LIST, shown=shown)


def families_option(game: str, role: str, default: Any = None, shown: str | None = None):
    """--families / -f: bot families whose parameters the command tunes."""
    return bot_option(game, "--families", "-f", role=role, default=default, shown=shown)


def start_option(game: str, role: str, default: Any = None, shown: str | None = None, policy: bool = False):
    """--start: where a search starts (``policy``: one policy's weights, else a list of bots)."""
    return bot_option(game, "--start", role=role, default=default, shape=ONE if policy else LIST, policy=policy, shown=shown)

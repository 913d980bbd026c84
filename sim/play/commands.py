"""``sim <game> play | replay | review``: the same three commands for every game."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console

from sim import api
from sim.cli_bots import ONE, bot_option, bots_option
from sim.cli_common import BOT_FILE, DECISION_TIMEOUT, EXIT_INTERRUPTED, ISOLATE, JSON, PLAYERS, rules_option, user_errors

PLAY_OUT = typer.Option(Path("plays"), "--out", "-o", help="Directory the game log (JSON Lines) is written to as the game goes.")


def register(sub: typer.Typer, game: str):
    @sub.command("play")
    def play(
        humans: str = typer.Option(
            "0",
            "--humans",
            help="Seats played by people at this keyboard (hot-seat), comma-separated, e.g. 0,2; 'none' to watch bots.",
        ),
        bots: Optional[str] = bots_option(
            game, "The bots of the other seats: one for all, or one per bot seat in seat order", None, "a strong bot"
        ),
        players: Optional[int] = PLAYERS,
        seed: Optional[int] = typer.Option(
            None, "--seed", "-s", help="Same seed, same cards (default: a random seed, shown in the log)."
        ),
        rules: Optional[List[str]] = rules_option(game),
        bot_file: Optional[List[Path]] = BOT_FILE,
        out_dir: Path = PLAY_OUT,
        hint: Optional[str] = bot_option(
            game, "--hint", role="A bot whose advice the key h shows: its choice and your win chance after each choice", shape=ONE
        ),
        hint_rollouts: int = typer.Option(32, "--hint-rollouts", help="Rollout games per choice behind a hint."),
        resume: Optional[Path] = typer.Option(
            None,
            "--resume",
            help="Continue the game of this log: its "
            "decisions are replayed on the same seed, then play goes on "
            "(the other options come from the log).",
        ),
        isolate: bool = ISOLATE,
        decision_timeout: float = DECISION_TIMEOUT,
    ):
        """Play at a terminal table against the bots (or with friends at one keyboard)."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.isolate.table import check_resume, refuse_hints, table_isolation
        from sim.play import playlog
        from sim.play.keys import QuitGame
        from sim.play.table import play as play_game, seat_list, start_line, table_of

        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []], isolate=isolate)
            refuse_hints(isolate, hint is not None)
            if hint_rollouts < 1:
                raise ValueError("--hint-rollouts must be at least 1")
            if resume is not None:
                log = playlog.read(resume, game)
                check_resume(log.start, isolate, resume)
                if log.end is not None:
                    raise ValueError(
                        f"the game in {str(resume)!r} is finished; step through it with `sim {game} replay {resume}`"
                    )
                start, replayed, path = log.start, log.decisions, resume
            else:
                spec = api.get_game(game)
                rules_given = api.parse_rules(rules)
                n = api.make_rules(spec, rules_given, players).players
                people = [] if humans.strip().lower() == "none" else _seats(humans)
                seats = seat_list(people, bots or table_of(game).default_bots, n)
                seed = random.randrange(1_000_000) if seed is None else seed
                sealed = table_isolation(decision_timeout) if isolate else None
                start, replayed = start_line(game, rules_given, players, seed, seats, sealed), []
                path = playlog.new_path(out_dir, game, seed)
            if start["humans"] and not sys.stdin.isatty():
                raise ValueError(
                    f"sim {game} play reads single keys and needs a terminal; run it in one (or seat no people: --humans none)"
                )
            writer = playlog.Writer(path, [start, *replayed])
        console = Console(highlight=False)
        with user_errors(), writer:
            try:
                play_game(start, writer, console, replayed=replayed, hint_bot=hint, hint_rollouts=hint_rollouts)
            except (QuitGame, KeyboardInterrupt) as stop:
                console.print(
                    f"game stopped; every decision so far is in {path}. Continue it with: sim {game} play --resume {path}",
                    soft_wrap=True,
                )
                raise typer.Exit(EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 0)

    @sub.command("replay")
    def replay(
        log: Path = typer.Argument(..., help="A game log written by play."),
        all_steps: bool = typer.Option(False, "--all", help="Print every decision at once instead of stepping with a key."),
        bot_file: Optional[List[Path]] = BOT_FILE,
    ):
        """Step through a logged game, decision by decision, as each seat saw it."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.play import playlog
        from sim.play.review import replay as run

        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []])
            run(playlog.read(log, game), Console(highlight=False), step=not all_steps)

    @sub.command("review")
    def review(
        logs: List[Path] = typer.Argument(..., help="Game logs written by play."),
        bot: Optional[str] = bot_option(
            game, "--bot", "-b", role="The bot to compare the people with", shape=ONE, shown="the strong bot play seats"
        ),
        rollouts: int = typer.Option(
            32, "--rollouts", help="Rollout games per choice behind each disagreement's cost; 0 skips the cost."
        ),
        bot_file: Optional[List[Path]] = BOT_FILE,
        as_json: bool = JSON,
    ):
        """How often did the people choose what a bot would have? Agreement, every disagreement and its cost."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.play import playlog
        from sim.play.review import print_review, review as run
        from sim.play.table import table_of

        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []])
            if rollouts < 0:
                raise ValueError("--rollouts must be 0 (no cost) or more")
            summary = run([playlog.read(p, game) for p in logs], bot or table_of(game).default_bots, rollouts)
        if as_json:
            print(json.dumps(summary))
        else:
            print_review(summary)


def _seats(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise ValueError(f"--humans {text!r} must be seat numbers like 0 or 0,2, or 'none'") from None

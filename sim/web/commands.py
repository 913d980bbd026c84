"""``sim <game> serve``: the web table, the same command for every game."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console

from sim import api
from sim.cli_bots import ONE, bot_option
from sim.cli_common import BOT_FILE, DECISION_TIMEOUT, EXIT_INTERRUPTED, ISOLATE, rules_option, user_errors


def register(sub: typer.Typer, game: str):
    @sub.command("serve")
    def serve(
        seats: Optional[str] = typer.Option(
            None,
            "--seats",
            help="One entry per seat, comma-separated: 'human' for a person, else a bot spec "
            "(e.g. human,human,trained,rollout:k=32).",
        ),
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every device on the network)."),
        port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
        rules: Optional[List[str]] = rules_option(game),
        hints: bool = typer.Option(
            False, "--hints", help="A hint button: the hint bot's choice and the win chance of each move."
        ),
        hint_bot: Optional[str] = bot_option(
            game, "--hint-bot", role="The bot behind hints and review", shape=ONE, shown="a strong bot"
        ),
        hint_rollouts: int = typer.Option(32, "--hint-rollouts", min=1, help="Rollout games per choice behind a hint."),
        tables: int = typer.Option(1, "--tables", min=1, max=100, help="Tables to open, each with the same seats."),
        seed: Optional[int] = typer.Option(None, "--seed", "-s", min=0, help="Seed of the first table (the next get +1, ...)."),
        out_dir: Path = typer.Option(Path("plays"), "--out", "-o", help="Directory the game logs (and their links) go to."),
        resume: Optional[List[Path]] = typer.Option(
            None, "--resume", help="Reopen the tables of these logs (or of every serve log in a directory), links as before."
        ),
        bot_file: Optional[List[Path]] = BOT_FILE,
        isolate: bool = ISOLATE,
        decision_timeout: float = DECISION_TIMEOUT,
    ):
        """Open tables in the browser: people play on one screen or on their own devices, with the bots."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.play.table import table_of
        from sim.web.app import Config
        from sim.web.server import check_port, new_tables, resumed_tables, run

        console = Console(highlight=False, soft_wrap=True)
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.isolate.table import refuse_hints

        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []], isolate=isolate)
            refuse_hints(isolate, hints)
            adviser = hint_bot or table_of(game).default_bots
            api.get_game(game).registry.parse(adviser)
            check_port(host, port)
            if resume:
                if seats is not None:
                    raise ValueError("--resume reopens tables as they were; leave out --seats")
                sessions = resumed_tables(game, resume, isolate)
            else:
                if seats is None:
                    raise ValueError(f"give --seats, e.g. --seats human,{table_of(game).default_bots}")
                sessions = new_tables(
                    game, seats, api.parse_rules(rules), tables, seed, out_dir, decision_timeout if isolate else None
                )
            logging.basicConfig(format="%(levelname)s %(name)s: %(message)s")
            config = Config(hints=hints, hint_bot=adviser, hint_rollouts=hint_rollouts)
            interrupted = run(sessions, config, host, port, lambda line: console.print(line, markup=False))
        if interrupted:
            raise typer.Exit(EXIT_INTERRUPTED)

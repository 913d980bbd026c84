"""``sim <game> humans LOG_OR_DIR…``: people's games (terminal or browser) back into the simulator."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import numpy as np
import typer
from rich.markup import escape
from rich.table import Table

from sim import api
from sim.cli_bots import ONE, bot_option
from sim.cli_common import BOT_FILE, JSON, out, user_errors


def log_paths(paths: list[Path], game: str) -> list[Path]:
    found: list[Path] = []
    for p in paths:
        found += sorted(p.glob("*.jsonl")) if p.is_dir() else [p]
    if not found:
        raise ValueError(f"no game log (.jsonl) in {', '.join(map(str, paths))}; give logs of `sim {game} play` or `serve`")
    return found


def register(sub: typer.Typer, game: str):
    @sub.command("humans")
    def humans(
        logs: List[Path] = typer.Argument(..., help="Game logs, or directories of them (play's or serve's --out)."),
        bot: str = bot_option(
            game, "--bot", "-b", role="The bot the people's choices are set against", default="trained", shape=ONE
        ),
        rollouts: int = typer.Option(
            32, "--rollouts", min=0, help="Rollout games per choice behind each disagreement's cost; 0 skips the cost."
        ),
        out_dir: Path = typer.Option(
            Path("humans"), "--out", "-o", help="Where humans.json (the fitted weights), report.json and costs.png go."
        ),
        bot_file: Optional[List[Path]] = BOT_FILE,
        as_json: bool = JSON,
    ):
        """How do people's choices compare with a bot's, and a `policy` fitted to them (policy:file=OUT/humans.json)."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.humans.fit import choices_module, fit, observe
        from sim.humans.report import humans_report, plot_costs
        from sim.play import playlog
        from sim.strong.weights import save

        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []])
            api.get_game(game).registry.parse(bot)
            read = [playlog.read(p, game) for p in log_paths(logs, game)]
            out_dir.mkdir(parents=True, exist_ok=True)
            report = humans_report(read, bot, rollouts)
            module = choices_module(game)
            fitted = fit(observe(read), module.LAYOUT.size)
            counts = [log.start["players"] for log in read]
            players = max(set(counts), key=counts.count)
            weights_path = save(
                out_dir / "humans.json",
                module.LAYOUT,
                fitted.weights,
                players,
                read[0].start["rules_given"],
                {
                    "fitted_to": "people's decisions (maximum likelihood, conditional logit)",
                    "logs": [str(log.path) for log in read],
                    "decisions": fitted.decisions,
                    "log_likelihood": fitted.log_likelihood,
                    "standard_errors": [None if np.isnan(x) else float(x) for x in fitted.se],
                },
            )
            report["fit"] = {
                "weights_file": str(weights_path),
                "decisions": fitted.decisions,
                "log_likelihood": fitted.log_likelihood,
            }
            plot = plot_costs(report, out_dir / "costs.png")
            report["plot"] = None if plot is None else str(plot)
            (out_dir / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        if as_json:
            print(json.dumps(report))
        else:
            print_humans(report)


def print_humans(report: dict):
    table = Table(title=f"people vs {escape(report['bot'])}, per decision type (95% CIs)")
    for col in ("decision", "n", "agreed", "cost beyond the CI", "cost of a disagreement: 10% / 50% / 90%"):
        table.add_column(col)
    for kind, row in report["kinds"].items():
        a, c, q = row["agreement"], row["costly_share"], row["cost_quantiles"]
        table.add_row(
            escape(kind),
            str(row["decisions"]),
            f"{a['mean']:.3f} [{a['ci95'][0]:.3f}, {a['ci95'][1]:.3f}]",
            "-" if c is None else f"{row['costly']}: {c['mean']:.3f} [{c['ci95'][0]:.3f}, {c['ci95'][1]:.3f}]",
            "-" if q is None else " / ".join(f"{x:+.3f}" for x in q.values()),
        )
    out.print(table)
    for kind, row in report["kinds"].items():
        for d in row["costliest"]:
            out.print(
                f"costliest ({escape(kind)}): {escape(Path(d['log']).name)} decision {d['decision']}: {escape(d['situation'])} — "
                f"chose {escape(d['person'])}, {escape(report['bot'])}: {escape(d['bot'])}, cost {d['cost']['mean']:+.3f} "
                f"[{d['cost']['ci95'][0]:+.3f}, {d['cost']['ci95'][1]:+.3f}]",
                highlight=False,
            )
    fit = report["fit"]
    out.print(
        f"fitted policy over {sum(fit['decisions'].values())} decisions "
        f"({', '.join(f'{k} {n}' for k, n in fit['decisions'].items())}): "
        f"{fit['weights_file']}; play it as policy:file={fit['weights_file']}",
        highlight=False,
    )
    if report["plot"]:
        out.print(f"plot: {report['plot']}", highlight=False)

"""The Geteilte Luft analysis commands (sim luft dice-check, air, …)."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim import api
from sim.cli_common import ALPHA, JSON, MAX_GAMES, OUT, SCHEDULER, SEED, WORKERS, analysis, finish, player_list, rules_option
from sim.design import commands as design_commands
from sim.games.luft.analyses.air import DEFAULT_MIXES as AIR_MIXES
from sim.play import commands as play_commands
from sim.report import collected
from sim.strong import commands as strong_commands


def register(sub: typer.Typer):
    play_commands.register(sub, "luft")
    design_commands.register(sub, "luft")
    strong_commands.register(sub, "luft")

    @sub.command("dice-check")
    def dice_check(games: int = typer.Option(200_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per configuration."),
                   seed: int = SEED,
                   players: int = typer.Option(4, "--players", "-n", help="Players."),
                   bots: str = typer.Option("threshold:t=2", "--bots", "-b", help="Bot spec(s) for the game-level test."),
                   draws: int = typer.Option(10_000_000, "--draws", min=9, max=10 ** 9,
                                              help="Draws per swim source for the chi-square tests."),
                   counter_bot: str = typer.Option("counter", "--counter-bot", help="The card-counting bot."),
                   baseline_bot: str = typer.Option("air", "--baseline-bot", help="The field it plays against."),
                   out_dir: Optional[Path] = OUT,
            scheduler: Optional[str] = SCHEDULER, workers: Optional[int] = WORKERS, as_json: bool = JSON):
        """Does the 9-card swim deck give exactly the odds of two 1–3 dice?

        Exact fractions, chi-square on millions of draws, game-level equivalence, the no-reshuffle
        variant."""
        from sim.games.luft.analyses.dice_check import dice_check as run
        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            if games < 2 or draws < 9:
                raise ValueError("--games must be at least 2 and --draws at least 9")
            summary = run(players=players, bots=bots, games=games, seed=seed, draws=draws,
                          counter_bot=counter_bot, baseline_bot=baseline_bot, out=out_dir, executor=executor)
        finish(summary, as_json, out_dir, reports)

    @sub.command("air")
    def air(games: int = typer.Option(20_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per bot mix and player count."),
            seed: int = SEED,
            players: str = typer.Option("2,3,4,5,6", "--players", "-n", help="Player counts, comma-separated."),
            mixes: str = typer.Option(";".join(AIR_MIXES), "--mixes", help="Bot mixes separated by ';'; "
                                      "each mix's specs are cycled over the seats."),
            rules: Optional[List[str]] = rules_option("luft"),
            out_dir: Optional[Path] = OUT,
            scheduler: Optional[str] = SCHEDULER, workers: Optional[int] = WORKERS, as_json: bool = JSON):
        """How fast does the shared air run out?

        Depletion curves with 95% bands, the turn the air runs out, P(air runs out) and divers
        drowned per dive, by bot mix and player count."""
        from sim.games.luft.analyses.air import air_analysis
        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = air_analysis(players_list=player_list(players, 2, 6),
                                   mixes=tuple(m.strip() for m in mixes.split(";") if m.strip()),
                                   games=games, seed=seed, rules=api.parse_rules(rules), out=out_dir, executor=executor)
        finish(summary, as_json, out_dir, reports)

    @sub.command("compare-turnback")
    def compare_turnback(games: int = typer.Option(2_000, "--games", "-g", min=1, max=MAX_GAMES,
                                                   help="Games per sweep configuration "
                                                   "(one parameter set of one family at one player count)."),
                         seed: int = SEED,
                         players: str = typer.Option("2,3,4,5,6", "--players", "-n",
                                                     help="Player counts, comma-separated or a range: 2,4 or 2-6."),
                         families: Optional[str] = typer.Option(None, "--families", "-f", help="Bot families, "
                                                                "comma-separated (default: every family with "
                                                                "parameters, plus random)."),
                         pair_games: Optional[int] = typer.Option(None, "--pair-games", min=1, max=MAX_GAMES,
                                                                  help="Tournament games "
                                                                  "behind each payoff-matrix cell (both families "
                                                                  "at the table), per player count (default "
                                                                  "--games)."),
                         grid_points: int = typer.Option(4, "--grid-points", min=1, max=100, help="Grid values per parameter."),
                         field: Optional[str] = typer.Option(None, "--field", help="The opponents of every sweep, "
                                                             "comma-separated specs (default: every other family "
                                                             "with parameters at its defaults, slow ones excluded)."),
                         slow_games: Optional[int] = typer.Option(None, "--slow-games", min=1, max=MAX_GAMES,
                                                                  help="Games per sweep "
                                                                  "configuration of a slow search bot named in "
                                                                  "--families (default --games / 10)."),
                         out_dir: Optional[Path] = OUT,
            scheduler: Optional[str] = SCHEDULER, workers: Optional[int] = WORKERS, as_json: bool = JSON):
        """Which turn-back heuristic is best?

        Tune every bot family per player count against a mixed field, play the best of each family
        against each other, and solve the meta-game."""
        from sim.games.luft.analyses.compare_turnback import compare_turnback as run
        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            if games < 1 or grid_points < 1 or any(v is not None and v < 1 for v in (pair_games, slow_games)):
                raise ValueError("--games, --pair-games, --slow-games and --grid-points must be at least 1")
            summary = run(players_list=player_list(players, 2, 6),
                          families_list=[f.strip() for f in families.split(",") if f.strip()] if families else None,
                          games=games, pair_games=pair_games, grid_points=grid_points, seed=seed,
                          field=field, slow_games=slow_games, out=out_dir, executor=executor)
        finish(summary, as_json, out_dir, reports)

    @sub.command("balance")
    def balance(games: int = typer.Option(2_000, "--games", "-g", min=1, max=MAX_GAMES,
                                          help="Games per setting (rule set and player count)."),
                seed: int = SEED,
                players: str = typer.Option("2,3,4,5,6", "--players", "-n",
                                            help="Player counts, comma-separated or a range: 2,4 or 2-6."),
                field: Optional[str] = typer.Option(None, "--field", help="The bots, comma-separated, rotated through "
                                                    "the seats (default: every family with parameters at its defaults)."),
                knobs: Optional[str] = typer.Option(None, "--knobs", help="Knobs to sweep one at a time, comma-separated "
                                                    "(default: air, stack_size, turn_back_needs_treasure, "
                                                    "start_when_nobody_returned, dives, sink_order)."),
                pairs: Optional[str] = typer.Option(None, "--pairs", help="Knob pairs to sweep together, e.g. "
                                                    "air:stack_size,air:dives (default); 'none' for none."),
                alpha: float = ALPHA,
                out_dir: Optional[Path] = OUT,
            scheduler: Optional[str] = SCHEDULER, workers: Optional[int] = WORKERS, as_json: bool = JSON):
        """Is the untested rule set fair and sound?

        Sweep the rule knobs per player count with a strong mixed field: first player's win share vs
        1/n, game length, drownings, score spread, last-dive decisions; flags every
        significant imbalance."""
        from sim.games.luft.analyses.balance import balance as run
        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            if games < 2:
                raise ValueError("--games must be at least 2")
            summary = run(players_list=player_list(players, 2, 6),
                          field=field, knobs=[k.strip() for k in knobs.split(",") if k.strip()] if knobs else None,
                          pairs=_pairs(pairs), alpha=alpha, games=games, seed=seed, out=out_dir, executor=executor)
        finish(summary, as_json, out_dir, reports)


def _pairs(text: Optional[str]):
    if text is None:
        return None
    if text.strip().lower() == "none":
        return []
    pairs = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        a, colon, b = part.partition(":")
        if not colon or not a or not b:
            raise ValueError(f"--pairs item {part!r} needs the form knob:knob, e.g. air:stack_size")
        pairs.append((a.strip(), b.strip()))
    return pairs

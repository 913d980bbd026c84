"""Pools each table's rounds into summary.json and renders report.md from it
and decision_time.json (run by run.sh).

A round is one balanced set of games on its own seed: a stored tournament
(`seed-S.json`, `sim <game> tournament --json`) or the complete cycles of
play.py's games (`seed-S.worker-K.jsonl`), whose standings are rebuilt here
by the tournament's own `Standings`. Rounds on different seeds are
independent. A table's figure is the games-weighted mean of its rounds'
figures with a normal 95% interval whose standard error combines the
rounds' own (each round's: half its 95% interval / 1.96), cut to [0, 1]
(one round: its own estimate and interval). An interrupted round is listed
and left out.
"""

import json
import math
from collections import defaultdict
from pathlib import Path

import numpy as np

from sim.games import get_game
from sim.tournament import Standings, seatings

HERE = Path(__file__).parent
TITLES = {"luft": "Geteilte Luft", "landunter": "Land unter"}
Z95 = 1.959963984540054
TARGET_HALF_WIDTH = 0.05  # a CI of the head-to-head share this narrow tells 0.45 from 0.55
SMALL_RUN = 200  # games: the least a table should have
COST_HEAD = (
    "| game, players | outside agent | decisions per seat | CPU s per game | "
    f"CPU hours for {SMALL_RUN} games | games for ±{TARGET_HALF_WIDTH} | CPU hours for them |"
)


def pooled(figures: list[dict], games: list[int]) -> dict:
    """Games-weighted mean of independent rounds' estimates, with their
    combined 95% interval (one round: its own estimate and interval)."""
    if len(figures) == 1:
        return figures[0]
    n = sum(games)
    mean = sum(g * f["mean"] for f, g in zip(figures, games)) / n
    se = math.sqrt(sum((g * (f["ci95"][1] - f["ci95"][0]) / (2 * Z95)) ** 2 for f, g in zip(figures, games))) / n
    return {"mean": mean, "ci95": [max(0.0, mean - Z95 * se), min(1.0, mean + Z95 * se)]}


def played_round(files: list[Path], game: str, players: int, sims: int) -> dict | None:
    """The tournament summary of play.py's complete cycles (None: no cycle complete)."""
    rows = [json.loads(line) for f in files for line in f.read_text().splitlines() if line.strip()]
    if not rows:
        return None
    n_seatings = len(seatings(2, players))
    cycles = defaultdict(list)
    for r in rows:
        cycles[r["cycle"]].append(r)
    complete = sorted(c for c, games in cycles.items() if len({g["seating"] for g in games}) == n_seatings)
    games = [g for c in complete for g in sorted(cycles[c], key=lambda g: g["seating"])]
    names = ["trained", f"ismcts:sims={sims}"]
    data = {
        "seed": rows[0]["seed"],
        "seatings": n_seatings,
        "complete": True,
        "games": len(games),
        "games_begun": len(rows),
        "cpu_seconds": sum(g["cpu_seconds"] for g in games),
        "seconds": None,
    }
    if not games:
        return data | {"complete": False}
    standings = Standings(names, get_game(game).seat_figures, rows[0]["seed"])
    for g in games:
        standings.add(tuple(g["lineup"]), {k: np.array([v]) for k, v in g["cols"].items()}, g["game"])
    return data | standings.summary()


def table(folder: Path) -> dict | None:
    """The pooled figures of one table's rounds (None when no round is complete)."""
    game, players, sims = folder.name.split("-")
    players, sims = int(players[:-1]), int(sims[len("sims") :])
    rounds = []
    for path in sorted(folder.glob("seed-*.json"), key=lambda p: int(p.stem.split("-")[1])):
        rounds.append(json.loads(path.read_text()) if path.stat().st_size else {"complete": False, "seed": None})
    by_seed = defaultdict(list)
    for path in folder.glob("seed-*.worker-*.jsonl"):
        by_seed[path.name.split(".")[0]].append(path)
    rounds += [r for _, files in sorted(by_seed.items()) if (r := played_round(sorted(files), game, players, sims))]
    done = [r for r in rounds if r.get("complete")]
    if not done:
        return None
    names = [r["bot"] for r in done[0]["ranking"]]
    t, i = names.index("trained"), names.index(f"ismcts:sims={sims}")
    n = [r["games"] for r in done]

    def share(r, k):
        return next(x for x in r["ranking"] if x["bot"] == names[k])["win_share"]

    def at(r, a, b):  # head-to-head cell of bots a, b in the round's own ranking order
        order = [x["bot"] for x in r["ranking"]]
        return r["head_to_head"][order.index(names[a])][order.index(names[b])]

    played = [r for r in done if "cpu_seconds" in r]
    return {
        "game": game,
        "players": players,
        "sims": sims,
        "rounds": len(done),
        "seeds": [r["seed"] for r in done],
        "interrupted_rounds": len(rounds) - len(done),
        "games": sum(n),
        "seatings": done[0]["seatings"],
        "wall_seconds": sum(r["seconds"] for r in done if r["seconds"] is not None),
        "cpu_seconds_per_game": sum(r["cpu_seconds"] for r in played) / sum(r["games"] for r in played) if played else None,
        "cpu_seconds_played": sum(r["cpu_seconds"] for r in played),
        "games_left_unfinished": sum(r["games_begun"] - r["games"] for r in played),
        "trained": pooled([share(r, t) for r in done], n),
        "ismcts": pooled([share(r, i) for r in done], n),
        "trained_ahead": pooled([at(r, t, i) for r in done], n),
    }


def ci(fig) -> str:
    lo, hi = fig["ci95"]
    return f"{fig['mean']:.3f} [{lo:.3f}, {hi:.3f}]"


def reading(ahead) -> str:
    """What the head-to-head share (trained ahead of ismcts) says, from its CI."""
    lo, hi = ahead["ci95"]
    if lo > 0.5:
        return "trained ahead, beyond the CI"
    if hi < 0.5:
        return f"ismcts ahead, beyond the CI (trained behind by {0.5 - ahead['mean']:.3f} of games)"
    return "no difference the CI can show"


def cost_rows(times: list[dict], tables: list[dict]) -> list[str]:
    """The cost table's rows (see `costs`)."""
    return [
        f"| {TITLES[c['game']]} {c['players']} | {c['bot']} | {c['decisions_per_seat']:.1f} | {c['cpu_seconds_per_game']:,.0f} | "
        f"{c['cpu_hours_small_run']:,.1f} | {c['games_for_target']:,} | {c['cpu_hours_for_target']:,.1f} |"
        for c in costs(times, tables)
    ]


def costs(times: list[dict], tables: list[dict]) -> list[dict]:
    """What a table at each timed budget would cost on one core: CPU seconds a
    game (decisions per seat x searching seats x seconds per decision) and the
    games a head-to-head CI of +-TARGET_HALF_WIDTH needs at the spread the
    played rounds showed (their combined standard error x sqrt(games))."""
    per_seat = {}
    for t in tables:  # inferred from the games played: their CPU per game / (searching seats x CPU per decision)
        bot = (t["game"], t["players"], f"ismcts:sims={t['sims']}")
        dec = next((r["cpu_seconds_per_decision"] for r in times if (r["game"], r["players"], r["bot"]) == bot), None)
        if t["cpu_seconds_per_game"] and dec:
            per_seat.setdefault(bot[:2], t["cpu_seconds_per_game"] / (t["players"] // 2) / dec)
    per_seat |= {(r["game"], r["players"]): r["decisions_per_seat"] for r in times if "decisions_per_seat" in r}
    spread = {}
    for t in tables:
        lo, hi = t["trained_ahead"]["ci95"]
        spread.setdefault((t["game"], t["players"]), (hi - lo) / (2 * Z95) * math.sqrt(t["games"]))
    rows = []
    for r in times:
        key = (r["game"], r["players"])
        if not r["bot"].startswith("ismcts") or key not in per_seat:
            continue
        searching = r["players"] // 2  # trained and ismcts alternate round the table
        game_s = per_seat[key] * searching * r["cpu_seconds_per_decision"]
        sd = spread.get(key, 0.5)
        games = math.ceil((Z95 * sd / TARGET_HALF_WIDTH) ** 2)
        rows.append(
            {
                "game": r["game"],
                "players": r["players"],
                "bot": r["bot"],
                "decisions_per_seat": per_seat[key],
                "cpu_seconds_per_game": game_s,
                "cpu_hours_small_run": SMALL_RUN * game_s / 3600,
                "games_for_target": games,
                "cpu_hours_for_target": games * game_s / 3600,
            }
        )
    return rows


def pooled_tables() -> list[dict]:
    """Every table's pooled figures, from the rounds' files."""
    found = [t for folder in sorted((HERE / "rounds").iterdir()) if (t := table(folder))]
    return sorted(found, key=lambda t: (t["game"] != "luft", t["players"], t["sims"]))


def report_text(tables: list[dict] | None = None) -> str:
    """The report's text from the data files beside it."""
    tables = pooled_tables() if tables is None else tables
    rows = [
        f"| {TITLES[t['game']]} {t['players']} | ismcts:sims={t['sims']} | {t['games']:,} ({t['rounds']} rounds x "
        f"{t['seatings']} seatings; seeds {', '.join(map(str, t['seeds']))}) | {ci(t['trained'])} | {ci(t['ismcts'])} | "
        f"{ci(t['trained_ahead'])}: {reading(t['trained_ahead'])} | "
        f"{'-' if t['cpu_seconds_per_game'] is None else format(t['cpu_seconds_per_game'], '.1f')} |"
        for t in tables
    ]
    unfinished = [
        f"- {TITLES[t['game']]} {t['players']} players, ismcts:sims={t['sims']}: {t['games_left_unfinished']} game(s) "
        "of a cycle the deadline cut short, left out (the seatings stay balanced)."
        for t in tables
        if t["games_left_unfinished"]
    ]
    run = ""
    if (HERE / "wall_time.json").exists():
        w = json.loads((HERE / "wall_time.json").read_text())
        cpu = sum(t["cpu_seconds_played"] for t in tables)
        run = (
            f"The last run of run.sh took {w['seconds']:,.0f} s of wall time at a load average of "
            f"{w['load_average'][0]:.1f} on {w['cores']} cores; the games it counts used {cpu:,.0f} CPU seconds in all."
        )
    left_out = [
        f"- {TITLES[t['game']]} {t['players']} players, ismcts:sims={t['sims']}: {t['interrupted_rounds']} round(s) "
        "interrupted at the deadline, left out."
        for t in tables
        if t["interrupted_rounds"]
    ] + unfinished
    times = json.loads((HERE / "decision_time.json").read_text())
    trows = [
        f"| {TITLES[r['game']]} {r['players']} | {r['bot']} | {r['positions']} | {r['cpu_seconds_per_decision']:.4g} |"
        for r in times
    ]
    readings = [
        f"- {TITLES[t['game']]}, {t['players']} players, ismcts:sims={t['sims']} ({t['games']:,} games): "
        f"{reading(t['trained_ahead'])}."
        for t in tables
    ]
    text = f"""# trained against an outside search: OpenSpiel's IS-MCTS

**Question.** Every strength figure we publish is `trained` against bots we
wrote. How does it fare against a generic search written by others,
OpenSpiel's information-set MCTS (`ismcts:sims=N`: the Python `ISMCTSBot`,
random rollouts, UCT c = 2, every simulation in a world our resampler draws
from what the seat has seen)?

**Command and size.** `bash experiments/outside_agents/run.sh` plays each
table until a deadline in cycles of one game per seating of the
tournament's design (`play.py`: trained and ismcts in every seat order;
seed 2), and only complete cycles count; seed 1 is an earlier
`sim <game> tournament --bots trained,ismcts:sims=N --seed 1` of the same
table. The size is what this machine (2 cores shared with other jobs)
played by the deadline. Each figure pools a table's rounds (seeds), its
games weighted, with a 95% CI combining the rounds' own (`report.py`);
time per decision from `decision_time.json` and per game from the games
played (CPU seconds, one core). {run}

## Win shares

| game, players | outside agent | games | `trained` wins | `ismcts` wins | `trained` ahead (share of games) | CPU s a game |
|---|---|---|---|---|---|---|
{chr(10).join(rows)}
{chr(10) + chr(10).join(left_out) + chr(10) if left_out else ""}
## Time per decision

| game, players | bot | positions timed | CPU seconds per decision |
|---|---|---|---|
{chr(10).join(trows)}

`trained` is timed through the reference engine's call (the compiled engine
calls it without Python in between, faster still).

## What a larger run would cost

CPU hours on one core for a table whose head-to-head CI is ±{TARGET_HALF_WIDTH}
(at the spread per game the played rounds of that table showed; 0.5, the
largest, where none was played): decisions per seat and game (with
`trained` at every seat, games 0 to 2 of seed 1; where decision_time.json
has none, inferred from the games played: their CPU seconds per game over
the searching seats and the CPU seconds per decision) times the searching
seats (half the table) times the CPU seconds per decision above.

{COST_HEAD}
|---|---|---|---|---|---|---|
{chr(10).join(cost_rows(times, tables))}

## Reading

{chr(10).join(readings)}
"""
    return text


def main():
    found = pooled_tables()
    times = json.loads((HERE / "decision_time.json").read_text())
    summary = {
        "tables": found,
        "costs": costs(times, found),
        "target_half_width": TARGET_HALF_WIDTH,
        "small_run": SMALL_RUN,
        "cpu_seconds_played": sum(t["cpu_seconds_played"] for t in found),
    }
    (HERE / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    (HERE / "report.md").write_text(report_text(found))


if __name__ == "__main__":
    main()

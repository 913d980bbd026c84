"""Pools the rounds' tournaments into summary.json and renders report.md from
it and decision_time.json (run by run.sh).

A round is one balanced tournament (every seating, the same games per
seating) on its own seed, so the rounds of a table are independent and each
is balanced. A table's figure is the mean of its complete rounds' figures
(equal games per round) with a normal 95% interval whose standard error
combines the rounds' own (each round's: half its 95% interval / 1.96), cut
to [0, 1]. An interrupted round is listed and left out.
"""

import json
import math
from pathlib import Path

HERE = Path(__file__).parent
TITLES = {"luft": "Geteilte Luft", "landunter": "Land unter"}
Z95 = 1.959963984540054
TARGET_HALF_WIDTH = 0.05  # a CI of the head-to-head share this narrow tells 0.45 from 0.55


def pooled(figures: list[dict]) -> dict:
    """Mean of equal-sized independent rounds' estimates, with their combined
    95% interval (one round: its own estimate and interval)."""
    if len(figures) == 1:
        return figures[0]
    mean = sum(f["mean"] for f in figures) / len(figures)
    se = math.sqrt(sum(((f["ci95"][1] - f["ci95"][0]) / (2 * Z95)) ** 2 for f in figures)) / len(figures)
    return {"mean": mean, "ci95": [max(0.0, mean - Z95 * se), min(1.0, mean + Z95 * se)]}


def table(folder: Path) -> dict | None:
    """The pooled figures of one table's rounds (None when no round is complete)."""
    game, players, sims = folder.name.split("-")
    players, sims = int(players[:-1]), int(sims[len("sims") :])
    rounds = []
    for path in sorted(folder.glob("seed-*.json"), key=lambda p: int(p.stem.split("-")[1])):
        data = json.loads(path.read_text()) if path.stat().st_size else {"complete": False, "seed": None}
        rounds.append(data)
    done = [r for r in rounds if r.get("complete")]
    if not done:
        return None
    names = [r["bot"] for r in done[0]["ranking"]]
    t, i = names.index("trained"), names.index(f"ismcts:sims={sims}")

    def share(r, k):
        return next(x for x in r["ranking"] if x["bot"] == names[k])["win_share"]

    return {
        "game": game,
        "players": players,
        "sims": sims,
        "rounds": len(done),
        "seeds": [r["seed"] for r in done],
        "interrupted_rounds": len(rounds) - len(done),
        "games": sum(r["games"] for r in done),
        "seatings": done[0]["seatings"],
        "wall_seconds": sum(r["seconds"] for r in done),
        "trained": pooled([share(r, t) for r in done]),
        "ismcts": pooled([share(r, i) for r in done]),
        "trained_ahead": pooled([r["head_to_head"][t][i] for r in done]),
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
    """What a table at each timed budget would cost on one core: CPU seconds a
    game (decisions per seat x searching seats x seconds per decision) and the
    games a head-to-head CI of +-TARGET_HALF_WIDTH needs at the spread the
    played rounds showed (their combined standard error x sqrt(games))."""
    per_seat = {(r["game"], r["players"]): r["decisions_per_seat"] for r in times if "decisions_per_seat" in r}
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
            f"| {TITLES[r['game']]} {r['players']} | {r['bot']} | {per_seat[key]:.1f} | {game_s:,.0f} | "
            f"{games:,} | {games * game_s / 3600:,.1f} |"
        )
    return rows


def main():
    tables = [t for folder in sorted((HERE / "rounds").iterdir()) if (t := table(folder))]
    tables.sort(key=lambda t: (t["game"] != "luft", t["players"], t["sims"]))
    (HERE / "summary.json").write_text(json.dumps({"tables": tables}, indent=1) + "\n")
    rows = [
        f"| {TITLES[t['game']]} {t['players']} | ismcts:sims={t['sims']} | {t['games']:,} ({t['rounds']} rounds x "
        f"{t['seatings']} seatings; seeds {', '.join(map(str, t['seeds']))}) | {ci(t['trained'])} | {ci(t['ismcts'])} | "
        f"{ci(t['trained_ahead'])}: {reading(t['trained_ahead'])} | {t['wall_seconds']:,.0f} |"
        for t in tables
    ]
    left_out = [
        f"- {TITLES[t['game']]} {t['players']} players, ismcts:sims={t['sims']}: {t['interrupted_rounds']} round(s) "
        "interrupted at the deadline, left out."
        for t in tables
        if t["interrupted_rounds"]
    ]
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

**Command and size.** `bash experiments/outside_agents/run.sh` plays, at
each table, rounds until a deadline: a round is one seat-rotated tournament
`sim <game> tournament --bots trained,ismcts:sims=N --seed S` (every group
of entrants in every seat order, the same games per seating) on its own
seed S = 1, 2, 3, ... The size is what this machine (2 cores shared with
other jobs) played by the deadline; wall seconds are the rounds' own, on a
loaded machine (several times their CPU time). Each figure is the mean of
the table's complete rounds with a 95% CI combining the rounds' own
standard errors (`report.py`); time per decision from `decision_time.json`
(CPU seconds, one core).

## Win shares

| game, players | outside agent | games | `trained` win share | `ismcts` win share | `trained` ahead (share of games) | wall s |
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
`trained` at every seat, games 0 to 2 of seed 1) times the searching seats
(half the table) times the CPU seconds per decision above.

| game, players | outside agent | decisions per seat | CPU s per game | games for ±{TARGET_HALF_WIDTH} | CPU hours |
|---|---|---|---|---|---|
{chr(10).join(cost_rows(times, tables))}

## Reading

{chr(10).join(readings)}
"""
    (HERE / "report.md").write_text(text)


if __name__ == "__main__":
    main()

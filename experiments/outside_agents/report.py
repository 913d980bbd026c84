"""Renders report.md from the tournaments' JSON and decision_time.json (run by run.sh)."""

import json
from pathlib import Path

HERE = Path(__file__).parent
TITLES = {"luft": "Geteilte Luft", "landunter": "Land unter"}
CONFIGS = [("luft", 2, 100), ("luft", 4, 25), ("landunter", 4, 25)]


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


def report_text() -> str:
    """The report's text from the JSON files beside it."""
    rows, results = [], {}
    for game, players, sims in CONFIGS:
        path = HERE / f"{game}-{players}p-sims{sims}.json"
        data = json.loads(path.read_text()) if path.exists() and path.stat().st_size else None
        if data is None:
            rows.append(f"| {TITLES[game]} {players} | ismcts:sims={sims} | not run | | | | |")
            continue
        by = {r["bot"]: r for r in data["ranking"]}
        names = [r["bot"] for r in data["ranking"]]
        t, i = names.index("trained"), names.index(f"ismcts:sims={sims}")
        ahead = data["head_to_head"][t][i]
        results[(game, players, sims)] = reading(ahead)
        games = f"{data['games']} ({data['seatings']} seatings)" + ("" if data.get("complete", True) else ", interrupted")
        rows.append(
            f"| {TITLES[game]} {players} | ismcts:sims={sims} | {games} | "
            f"{ci(by['trained']['win_share'])} | {ci(by[f'ismcts:sims={sims}']['win_share'])} | "
            f"{ci(ahead)}: {reading(ahead)} | {data['seconds']:,.0f} |"
        )
    times = json.loads((HERE / "decision_time.json").read_text())
    trows = [
        f"| {TITLES[r['game']]} {r['players']} | {r['bot']} | {r['positions']} | {r['cpu_seconds_per_decision']:.4g} |"
        for r in times
    ]
    text = f"""# trained against an outside search: OpenSpiel's IS-MCTS

**Question.** Every strength figure we publish is `trained` against bots we
wrote. How does it fare against a generic search written by others,
OpenSpiel's information-set MCTS (`ismcts:sims=N`: the Python `ISMCTSBot`,
random rollouts, UCT c = 2, every simulation in a world our resampler draws
from what the seat has seen)?

**Command and size.** `sh experiments/outside_agents/run.sh` (seed 1):
seat-rotated tournaments `sim <game> tournament --bots trained,ismcts:sims=N`
(every group of entrants in every seat order, each seating on its own
games), at sizes that cover every seating: this machine (2 cores shared
with other jobs, load about 20) afforded IS-MCTS at 100 simulations per
decision at 2 players (20 games) and at 25 at 4 players (12 games, one per
seating; at 100 these tournaments were stopped after half an hour, far from
done). Win shares and head-to-head shares with 95% CIs, from the
tournaments' JSON in this folder; time per decision from
`decision_time.json` (CPU seconds, one core). Wall seconds are each
tournament's own, on a machine at a load average of about 20 (so several
times its CPU time).

## Win shares

| game, players | outside agent | games | `trained` win share | `ismcts` win share | `trained` ahead (share of games) | wall s |
|---|---|---|---|---|---|---|
{chr(10).join(rows)}

## Time per decision

| game, players | bot | positions timed | CPU seconds per decision |
|---|---|---|---|
{chr(10).join(trows)}

`trained` is timed through the reference engine's call (the compiled engine
calls it without Python in between, faster still).

## What was not measured

IS-MCTS at 100 simulations per decision at 4 players, and at 1,000 and
10,000 at any table, was not played (the last two are timed above): a game
has some 20 to 50 decisions per ismcts seat, so one game at 1,000 costs minutes and at 10,000 tens of minutes of CPU, and a
tournament needs dozens of games for a CI narrower than the differences.
With these sample sizes (a few dozen games) only large differences show;
the reading column says which do.

## Reading

{chr(10).join(f"- {TITLES[g]}, {p} players, ismcts:sims={s}: {r}." for (g, p, s), r in results.items())}
"""
    return text


if __name__ == "__main__":
    (HERE / "report.md").write_text(report_text())

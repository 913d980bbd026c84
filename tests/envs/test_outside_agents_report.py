"""The outside-agents report's pooling: only complete cycles of play.py's
games count (the seatings stay balanced), rebuilt into the tournament's own
standings; rounds pool weighted by their games."""

import json

import pytest

from tests.scripts import load_script


@pytest.fixture(scope="module")
def report():
    return load_script("outside_agents/report.py", "outside_report")


def _game(cycle, seating, trained_wins):
    """A 2-player game line as play.py writes it; lineup (0, 1) seats trained first."""
    lineup = [0, 1] if seating == 0 else [1, 0]
    t = lineup.index(0)
    win = [0.0, 0.0]
    win[t if trained_wins else 1 - t] = 1.0
    cols = {f"seat{s}.{f}": (win[s] if f == "win" else 0.0) for s in range(2) for f in ("win", "score", "drowned")}
    cols["pair0.1"] = win[0]
    return {"cycle": cycle, "seating": seating, "lineup": lineup, "game": 2 * cycle + seating, "seed": 2}, cols


def test_only_complete_cycles_count_and_they_make_the_tournaments_standings(report, tmp_path):
    lines = []
    for cycle, seating, wins in [(0, 0, True), (0, 1, True), (1, 0, False), (1, 1, True), (2, 0, False)]:
        row, cols = _game(cycle, seating, wins)
        lines.append(json.dumps(row | {"cpu_seconds": 2.0, "cols": cols}))
    path = tmp_path / "seed-2.worker-0.jsonl"
    path.write_text("\n".join(lines) + "\n")
    r = report.played_round([path], "luft", 2, 100)
    assert r["games"] == 4 and r["games_begun"] == 5  # cycle 2 lacks a seating: left out
    share = {x["bot"]: x["win_share"]["mean"] for x in r["ranking"]}
    assert share == {"trained": 0.75, "ismcts:sims=100": 0.25}
    assert r["cpu_seconds"] == 8.0


def test_rounds_pool_weighted_by_their_games(report):
    a = {"mean": 0.8, "ci95": [0.7, 0.9]}
    b = {"mean": 0.5, "ci95": [0.3, 0.7]}
    assert report.pooled([a], [10]) == a
    p = report.pooled([a, b], [30, 10])
    assert p["mean"] == pytest.approx(0.725)
    se = ((30 * 0.1 / report.Z95) ** 2 + (10 * 0.2 / report.Z95) ** 2) ** 0.5 / 40
    assert p["ci95"] == pytest.approx([0.725 - report.Z95 * se, 0.725 + report.Z95 * se])


def test_a_rerun_of_play_goes_on_after_the_workers_last_complete_cycle(tmp_path):
    play = load_script("outside_agents/play.py", "outside_play")
    path = tmp_path / "seed-2.worker-1.jsonl"
    assert play.resume(path, 2, 1, 2) == 1  # nothing played yet: the worker's first cycle
    rows = [{"cycle": c, "seating": k} for c, k in [(1, 0), (1, 1), (3, 0), (3, 1), (5, 0)]]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert play.resume(path, 2, 1, 2) == 5  # cycle 5 was left unfinished: played again
    assert [json.loads(line)["cycle"] for line in path.read_text().splitlines()] == [1, 1, 3, 3]

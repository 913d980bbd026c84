"""`sim <game> train` and `exploit` on tiny budgets: the best candidate is
returned, a resumed run equals an uninterrupted one, bad input and Ctrl-C."""

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import api, interrupt
from sim.cli import app
from sim.strong import train as T
from sim.strong.exploit import exploit, exploitability

GAME = api.get_game("luft")
RULES = api.make_rules(GAME, {}, 2)
TINY = dict(games=16, generations=2, seed=5, population=4)


def test_train_returns_the_best_evaluated_candidate_and_beats_its_start(tmp_path):
    s = T.train(GAME, RULES, ["threshold:t=2"], out=tmp_path, progress=False, **TINY)
    best = max(s["history"], key=lambda h: h["best_win_share"]["mean"])
    assert s["best_generation"] == best["generation"]
    again = T.evaluate(
        GAME, RULES, T.candidate(GAME, s["weights"]), T.field_seats(GAME, ["threshold:t=2"], 2), TINY["games"], best["seed"]
    )
    assert again.win.to_json() == best["best_win_share"]  # the weights returned are the ones scored best
    assert s["fresh"]["win_share"]["mean"] > s["fresh"]["start_win_share"]["mean"]
    saved = json.loads((tmp_path / T.WEIGHTS).read_text())
    assert saved["weights"] == s["weights"] and saved["players"] == 2 and saved["training"]["seed"] == 5
    assert "mixture" not in saved["training"]  # one field at every other seat


def test_a_resumed_training_equals_an_uninterrupted_one(tmp_path, monkeypatch):
    whole = T.train(GAME, RULES, ["threshold:t=2"], out=tmp_path / "a", progress=False, **TINY)
    real, calls = T.evaluate, []

    def stop_in_generation_2(*args, **kw):
        calls.append(1)
        if len(calls) == TINY["population"] + 2:
            raise interrupt.Interrupted()
        return real(*args, **kw)

    monkeypatch.setattr(T, "evaluate", stop_in_generation_2)
    with pytest.raises(interrupt.Interrupted):
        T.train(GAME, RULES, ["threshold:t=2"], out=tmp_path / "b", progress=False, **TINY)
    monkeypatch.setattr(T, "evaluate", real)
    resumed = T.train(GAME, RULES, ["threshold:t=2"], out=tmp_path / "b", progress=False, **TINY)
    untimed = lambda s: {**s, "history": [{k: v for k, v in h.items() if k != "games_per_second"} for h in s["history"]]}
    assert untimed(resumed) == untimed(whole)


def test_train_bad_input_is_one_error_line_and_exit_2(tmp_path):
    r = CliRunner().invoke(app, ["luft", "train", "--field", "threshold,air", "-n", "2", "-g", "4"])
    assert r.exit_code == 2 and r.output.count("error:") == 1 and "give 1 to 1" in r.output
    r = CliRunner().invoke(app, ["luft", "train", "--field", "nobot", "-n", "2"])
    assert r.exit_code == 2 and "unknown bot 'nobot'" in r.output


def test_train_mix_plays_each_field_spec_alone_at_the_other_seats_in_an_equal_share(tmp_path):
    tables = T.mixed_field(GAME, ["threshold:t=2", "air"], 3)
    assert [(p, [s.spec for s in seats]) for p, seats in tables] == [(0.5, ["threshold:t=2"] * 2), (0.5, ["air"] * 2)]
    args = ["luft", "train", "--mix", "--field", "threshold:t=2,air", "-n", "2", "-g", "8", "--generations", "1"]
    r = CliRunner().invoke(app, args + ["--population", "4", "--json", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output  # two specs at 2 players: an error without --mix
    training = json.loads((tmp_path / T.WEIGHTS).read_text())["training"]
    assert training["field"] == ["threshold:t=2", "air"]
    assert training["mixture"] == [[0.5, ["threshold:t=2"]], [0.5, ["air"]]]  # the weight file says it was a mixture


def test_train_groups_meets_every_group_of_the_field_as_a_tournament_seats_it(tmp_path):
    field = ["threshold:t=1", "threshold:t=2", "air", "random"]
    tables = T.grouped_field(GAME, field, 3)
    assert [[s.spec for s in seats] for _, seats in tables] == [
        ["threshold:t=1", "threshold:t=2"],
        ["threshold:t=1", "air"],
        ["threshold:t=1", "random"],
        ["threshold:t=2", "air"],
        ["threshold:t=2", "random"],
        ["air", "random"],
    ]  # every pair of the four, once
    assert all(p == pytest.approx(1 / 6) for p, _ in tables)
    # 96 games at 3 players: two groups a generation of 8 rounds of the 6 seat orders,
    # drawn afresh per generation from its stream, all six in the final evaluation
    first, again = (T.drawn_tables(tables, 96, 3, s) for s in (11, 11))
    assert len(first) == 2 and [p for p, _ in first] == [0.5, 0.5]
    assert [[s.spec for s in t] for _, t in first] == [[s.spec for s in t] for _, t in again]
    draws = {tuple(s.spec for _, t in T.drawn_tables(tables, 96, 3, seed) for s in t) for seed in range(20)}
    assert len(draws) > 1  # the draw follows the seed
    assert T.drawn_tables(tables, 6 * 48, 3, 11) == tables  # games for every group: every group
    args = ["luft", "train", "--groups", "--field", ",".join(field), "-n", "3", "-g", "96", "--generations", "2"]
    r = CliRunner().invoke(app, args + ["--population", "4", "--json", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["draw"] == {"tables_per_generation": 2, "tables": 6}
    assert all(h["games"] == 4 * 96 for h in summary["history"])  # 4 candidates x 2 groups x 8 rounds x 6 orders
    assert summary["fresh"]["games"] == 6 * 66  # 4 x 96 fresh games: 64 per group, rounded up to 11 rounds
    training = json.loads((tmp_path / T.WEIGHTS).read_text())["training"]
    assert len(training["mixture"]) == 6 and training["draw"]["tables"] == 6


def test_train_groups_judges_the_best_candidate_by_its_lead_over_the_start_on_its_generation(monkeypatch):
    # generation 0 meets hard groups where the candidates beat the start;
    # generation 1 meets easy groups where every candidate plays as the start
    from sim.stats import Estimate

    base = {T.generation_seed(5, 0): (0.2, 1.0), T.generation_seed(5, 1): (0.6, 0.0)}
    start = np.asarray(T.layout_of(GAME).default, dtype=float)

    def fake(game, rules, seat, tables, games, seed, executor=None):
        level, spread = base.get(seed, (0.3, 0.0))
        moved = float(np.abs(np.asarray(seat.params) - T.candidate(GAME, start).params).sum())
        mean = level + spread * min(moved, 0.1)
        return T.Evaluation(Estimate(mean, mean - 0.01, mean + 0.01, games), games, 0.0)

    monkeypatch.setattr(T, "evaluate_mixture", fake)
    tables = T.grouped_field(GAME, ["threshold:t=1", "threshold:t=2", "air"], 3)
    rules3 = api.make_rules(GAME, {}, 3)
    kw = dict(games=48, generations=2, seed=5, population=4, progress=False, mixture=tables)
    drawn = T.train(GAME, rules3, ["threshold:t=1", "threshold:t=2", "air"], draw=True, **kw)
    plain = T.train(GAME, rules3, ["threshold:t=1", "threshold:t=2", "air"], **kw)
    first, second = drawn["history"]
    assert first["best_win_share"]["mean"] > first["start_win_share"]["mean"] == 0.2  # generation 0's best leads the start
    assert second["best_win_share"]["mean"] == second["start_win_share"]["mean"] == 0.6  # generation 1's: level, higher
    assert drawn["best_generation"] == 0  # the lead over the start, though generation 1's raw share is higher
    assert plain["best_generation"] == 1  # without drawn groups every candidate met the same tables: raw share


def test_train_groups_bad_input_is_one_error_line_and_exit_2():
    r = CliRunner().invoke(app, ["luft", "train", "--groups", "--field", "threshold,air", "-n", "4", "-g", "24"])
    assert r.exit_code == 2 and r.output.count("error:") == 1 and "at least 3 --field specs" in r.output
    r = CliRunner().invoke(app, ["luft", "train", "--groups", "--mix", "--field", "threshold,air", "-n", "2"])
    assert r.exit_code == 2 and r.output.count("error:") == 1 and "give one of them" in r.output


def test_train_ctrl_c_exits_130_marked_incomplete(tmp_path, monkeypatch):
    def ctrl_c(*args, **kw):
        raise interrupt.Interrupted()

    monkeypatch.setattr(T, "evaluate", ctrl_c)
    r = CliRunner().invoke(app, ["luft", "train", "--field", "threshold", "-n", "2", "-g", "4", "--json", "--out", str(tmp_path)])
    assert r.exit_code == 130
    assert json.loads(r.stdout.splitlines()[0])["complete"] is False


def test_exploitability_is_the_fresh_win_share_minus_the_fair_share(tmp_path):
    s = exploit(GAME, RULES, [["threshold:t=2"]], games=16, generations=1, seed=5, population=4, out=tmp_path, progress=False)
    row = s["fields"][0]
    assert row["exploitability"]["mean"] == pytest.approx(row["win_share"]["mean"] - 0.5)
    assert np.allclose(row["exploitability"]["ci95"], np.array(row["win_share"]["ci95"]) - 0.5)
    assert (tmp_path / "exploitability.csv").is_file() and (tmp_path / "exploitability.png").is_file()
    one = {"players": 4, "fresh": {"win_share": {"mean": 0.4, "ci95": [0.35, 0.45]}}}
    assert exploitability(one) == {"mean": pytest.approx(0.15), "ci95": [pytest.approx(0.1), pytest.approx(0.2)]}

"""`sim <game> population` on a tiny budget: the population grows by one best
response per iteration, each iteration's equilibrium is that of its own
population, a resumed run equals an uninterrupted one, the best member loads."""

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import api, interrupt
from sim.cli import app
from sim.metagame import nplayer_equilibrium
from sim.strong import checkpoints, population as P, train as T
from sim.tournament import play as play_tournament

GAME = api.get_game("luft")
RULES = api.make_rules(GAME, {}, 2)
START = ["threshold:t=2", "air"]
TINY = dict(iterations=2, games=4, generations=1, meta_games=40, seed=5, cma_population=4, resamples=20)


def test_opponent_tables_draw_each_seat_from_the_mix():
    a, b, c = (GAME.registry.parse(s) for s in ("threshold:t=2", "air", "random"))
    tables = P.opponent_tables([a, b, c], [0.5, 0.5, 0.0], 3)  # c is outside the support
    got = {tuple(s.spec for s in seats): p for p, seats in tables}
    assert got == {("threshold:t=2", "threshold:t=2"): 0.25, ("threshold:t=2", "air"): 0.5, ("air", "air"): 0.25}


def test_the_population_grows_and_each_equilibrium_is_its_own_populations(tmp_path):
    s = P.population(GAME, RULES, START, out=tmp_path, progress=False, **TINY)
    first, second = s["iterations"]
    assert first["entrants"] == START and second["entrants"] == START + ["psro-1"]
    assert s["final"]["entrants"] == START + ["psro-1", "psro-2"]
    for it in s["iterations"]:
        assert it["exploitability"]["mean"] == pytest.approx(it["fresh"]["win_share"]["mean"] - 0.5)
    # iteration 2's equilibrium, solved again from its own meta-game
    psro1 = T.candidate(GAME, json.loads((tmp_path / "br-1" / T.WEIGHTS).read_text())["weights"], "psro-1")
    seats = [GAME.registry.parse(x) for x in START] + [psro1]
    standings, *_ = play_tournament(GAME, RULES, seats, TINY["meta_games"], second["seed"], progress=False, repeats=True)
    x, _ = nplayer_equilibrium(standings.lineup_shares(), 3, 2)
    assert np.allclose(second["equilibrium"], x)
    for it in [*s["iterations"], s["final"]]:  # resampled intervals of every equilibrium
        assert it["resamples"] == 20 and len(it["equilibrium_ci95"]) == len(it["entrants"])
        assert all(0 <= lo <= hi <= 1 for lo, hi in it["equilibrium_ci95"])
        assert all(lo <= w <= hi for w, (lo, hi) in zip(it["win_share"], it["win_share_ci95"]))
    assert set(s["best_member_share"]) == {"psro-1", "psro-2"} and sum(s["best_member_share"].values()) == pytest.approx(1)
    best = GAME.registry.parse(f"policy:file={tmp_path / T.WEIGHTS}", 2)
    assert np.array_equal(T.layout_of(GAME).block(best.params, 2), s["weights"])


def test_a_resumed_population_run_equals_an_uninterrupted_one(tmp_path, monkeypatch):
    whole = P.population(GAME, RULES, START, out=tmp_path / "a", progress=False, **TINY)
    real_train, real_evaluate = P.train, T.evaluate

    def stop_in_iteration_2(*args, **kw):  # Ctrl-C after the first game batch of iteration 2's training
        if kw["label"].startswith("iteration 2"):
            calls = []

            def once_then_stop(*a, **k):
                calls.append(1)
                if len(calls) > 1:
                    raise interrupt.Interrupted()
                return real_evaluate(*a, **k)

            monkeypatch.setattr(T, "evaluate", once_then_stop)
        return real_train(*args, **kw)

    monkeypatch.setattr(P, "train", stop_in_iteration_2)
    with pytest.raises(interrupt.Interrupted):
        P.population(GAME, RULES, START, out=tmp_path / "b", progress=False, **TINY)
    assert len(checkpoints.load(tmp_path / "b" / P.CHECKPOINT)["iterations"]) == 1
    monkeypatch.setattr(T, "evaluate", real_evaluate)
    trained = []
    monkeypatch.setattr(P, "train", lambda *a, **kw: trained.append(kw["label"]) or real_train(*a, **kw))
    resumed = P.population(GAME, RULES, START, out=tmp_path / "b", progress=False, **TINY)
    assert resumed == whole
    assert len(trained) == 1 and trained[0].startswith("iteration 2")  # iteration 1 was kept, not trained again


def test_population_bad_input_and_ctrl_c(tmp_path, monkeypatch):
    r = CliRunner().invoke(app, ["luft", "population", "-n", "2", "--start", "air,air"])
    assert r.exit_code == 2 and r.stderr.startswith("error: ") and "listed twice" in r.stderr

    def ctrl_c(*args, **kw):
        raise interrupt.Interrupted()

    monkeypatch.setattr(P, "play_tournament", ctrl_c)
    r = CliRunner().invoke(app, ["luft", "population", "-n", "2", "--start", "air", "--json", "--out", str(tmp_path)])
    assert r.exit_code == 130 and json.loads(r.stdout.splitlines()[0])["complete"] is False


def test_the_best_member_share_counts_the_resamples_each_member_wins():
    final = {
        "entrants": ["a", "m1", "m2"],
        "equilibrium": [0.2, 0.5, 0.3],
        "win_share": [0.3, 0.4, 0.4],
        "_redrawn": np.array([[0.2, 0.5, 0.3], [0.2, 0.3, 0.5], [0.1, 0.6, 0.3], [0.0, 0.4, 0.4]]),
    }
    best, share = P.best_member(final, range(1, 3))
    assert best == 1 and share == {"m1": 0.5, "m2": 0.5}  # a full tie (the last resample) goes to the later member

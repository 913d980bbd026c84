"""Competition mode (``--isolate``) with honest and failing bots: the same
games as in-process with the same key, replayed from the manifest, and every
hang, crash, raise or illegal answer a recorded forfeit while the run goes on."""

import json

import pytest

from sim import api, rng
from sim.games import get_game
from sim.isolate import Isolation
from sim.isolate.bots import _environment
from tests.trust.conftest import SECRET, in_process, isolated, play_isolated, same_batches


@pytest.mark.parametrize(
    "game_name, file, specs, players",
    [
        ("luft", "luft_honest_twin.py", "honest-luft-twin,threshold:t=2,honest-luft-twin", 3),
        ("landunter", "landunter_honest_twin.py", "honest-lu-twin,random,high", 3),
    ],
)
def test_honest_bots_play_the_same_games_isolated_as_in_process_with_the_same_key(game_name, file, specs, players):
    with isolated(file):
        sealed, run = play_isolated(game_name, specs, players, seed=4, games=25)
    assert run.forfeits == [] and run.decisions > 100
    in_process(file)
    game = get_game(game_name)
    keyed = rng.KeyedSeed(4, bytes.fromhex(SECRET))
    here = game.reference_batch(game.rules_cls(players=players), game.registry.parse_seats(specs, players), keyed, 0, 25)
    assert same_batches(sealed, here)
    plain = game.reference_batch(game.rules_cls(players=players), game.registry.parse_seats(specs, players), 4, 0, 25)
    assert not same_batches(sealed, plain)  # the key changes the games: the comparison above is not vacuous


def test_an_isolated_run_replays_exactly_from_its_stored_manifest(tmp_path):
    with isolated("luft_honest_twin.py"):
        first = api.simulate("luft", {}, "honest-luft-twin,threshold:t=2", players=2, games=20, out=tmp_path, isolate=True)
        manifest = json.loads((first.path / "manifest.json").read_text())
        secret = manifest["config"]["isolate"]["secret"]
        again = api.simulate(
            "luft", {}, "honest-luft-twin,threshold:t=2", players=2, games=20, isolate=True, secret=secret, cache=False
        )
    assert len(secret) == 32
    assert first.totals.equals(again.totals)
    assert first.summary["isolation"]["isolated_decisions_per_second"] > 0
    assert first.summary["isolation"]["forfeits"] == []


def test_the_secret_is_not_in_what_a_bot_process_is_given():
    with isolated("luft_honest_twin.py"):
        game = get_game("luft")
        run = Isolation(game, SECRET, 5.0)
        seats = game.registry.parse_seats("honest-luft-twin,random", 2)
        try:
            run.spec.play_batch(game.rules_cls(players=2), seats, 0, 0, 2)
            assert run.processes
            for process in run.processes.values():
                assert SECRET not in " ".join(process.args)
            assert SECRET not in json.dumps(_environment())
        finally:
            run.close()


@pytest.mark.parametrize(
    "file, spec, reason",
    [
        ("luft_hangs.py", "bad-luft-hangs", "no answer within the decision time limit of 0.5 s"),
        ("luft_dies.py", "bad-luft-dies", "its process died (exit code -11)"),
        ("luft_always_raises.py", "bad-luft-always-raises", "raised"),
        ("luft_illegal.py", "bad-luft-illegal", "illegal action"),
    ],
)
def test_a_bot_that_hangs_dies_raises_or_cheats_the_rules_forfeits_and_the_run_goes_on(file, spec, reason):
    games = 6 if "illegal" not in file else 80  # (a forfeit restarts the bot's process: seconds each)
    with isolated(file):
        batch, run = play_isolated("luft", f"{spec},threshold:t=2", 2, seed=1, games=games, timeout=0.5)
    assert len(batch.seat) == games  # every game played to its end
    assert run.forfeits, "no forfeit recorded"
    assert all(reason in f.reason and f.bot == spec and f.seat == 0 for f in run.forfeits), run.forfeits[:3]
    assert len({f.game for f in run.forfeits}) == len(run.forfeits)  # one forfeit per game at most

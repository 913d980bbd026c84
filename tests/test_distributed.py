"""Dask scale-out: a LocalCluster of 2 workers gives the in-process totals bit for bit.

One cluster (2 worker processes, 1 thread each, NUMBA_NUM_THREADS=1) serves the
whole module. The in-process reference runs first, so numba's on-disk cache is
warm before the workers load the kernels.
"""

import textwrap

import numpy as np
import pytest

from sim import registry
from sim.distributed import DaskExecutor, make_executor
from sim.games.luft import GAME
from sim.games.luft.rules import Rules
from sim.registry import Bot, Seat
from sim.runner import play_chunks, run
from tests.luft.conftest import seats

N = 6000
SEED = 11
RULES = Rules(players=3)
SPECS = "threshold:t=2,random,threshold:t=1"


def assert_same(a, b):
    assert a.games == b.games
    assert a.sums.keys() == b.sums.keys() and a.hists.keys() == b.hists.keys()
    for name in a.sums:
        np.testing.assert_array_equal(a.sums[name], b.sums[name], err_msg=name)
    for name in a.hists:
        np.testing.assert_array_equal(a.hists[name], b.hists[name], err_msg=name)
    assert a.equals(b)


@pytest.fixture(scope="module")
def reference():
    return run(GAME, RULES, seats(SPECS, 3), N, SEED, chunk=N, progress=False).totals


@pytest.fixture(scope="module")
def executor(reference):
    ex = make_executor(workers=2, processes=True)
    try:
        yield ex
    finally:
        ex.close()


def test_no_options_means_in_process():
    assert make_executor(None, None) is None
    with pytest.raises(ValueError, match="not both"):
        make_executor("tcp://127.0.0.1:1", 2)
    with pytest.raises(ValueError, match="at least 1"):
        make_executor(workers=0)


def test_unreachable_scheduler_is_a_one_line_error():
    with pytest.raises(ValueError, match="cannot reach the Dask scheduler"):
        make_executor("tcp://127.0.0.1:9", timeout="1s")


def test_workers_are_single_threaded(executor):
    assert isinstance(executor, DaskExecutor)
    assert executor.nthreads == 2
    threads = executor.client.run(lambda: __import__("numba").config.NUMBA_NUM_THREADS)
    assert sorted(threads.values()) == [1, 1]


@pytest.mark.parametrize("chunk", [N, 1000, 777])
def test_two_workers_match_in_process_for_any_chunk_size(executor, reference, chunk):
    result = run(GAME, RULES, seats(SPECS, 3), N, SEED, chunk=chunk, progress=False, executor=executor)
    assert result.complete
    assert_same(result.totals, reference)


def test_in_process_chunking_matches_too(reference):
    assert_same(run(GAME, RULES, seats(SPECS, 3), N, SEED, chunk=1234, progress=False).totals, reference)


def test_kernels_are_warmed_once_per_worker(executor):
    run(GAME, RULES, seats(SPECS, 3), 100, SEED, chunk=50, progress=False, executor=executor)
    again = run(GAME, RULES, seats(SPECS, 3), 100, SEED, chunk=50, progress=False, executor=executor)
    assert again.compile_seconds == 0.0


def test_records_come_back_in_chunk_order(executor):
    local = run(GAME, RULES, seats(SPECS, 3), 900, SEED, chunk=200, keep_batches=True, progress=False)
    remote = run(GAME, RULES, seats(SPECS, 3), 900, SEED, chunk=200, keep_batches=True, progress=False, executor=executor)
    assert [b.seat.shape[0] for b in remote.batches] == [200, 200, 200, 200, 100]
    for a, b in zip(local.batches, remote.batches):
        np.testing.assert_array_equal(a.seat, b.seat)
        np.testing.assert_array_equal(a.dive, b.dive)


def test_checkpoints_resume_on_the_cluster(executor, reference, tmp_path):
    """Half the chunks are checkpointed in-process; the cluster plays only the rest."""
    partial = run(GAME, RULES, seats(SPECS, 3), N // 2, SEED, chunk=1000, progress=False, checkpoint_dir=tmp_path)
    assert partial.complete and len(list((tmp_path / "chunks").iterdir())) == 3
    result = run(GAME, RULES, seats(SPECS, 3), N, SEED, chunk=1000, progress=False, executor=executor, checkpoint_dir=tmp_path)
    assert (result.resumed_chunks, result.resumed_games) == (3, N // 2)
    assert len(list((tmp_path / "chunks").iterdir())) == 6
    assert_same(result.totals, reference)


def _alias_seats(name: str, players: int):
    """Seats of a bot the test process never registered (only the workers load it)."""
    threshold = GAME.registry.get("threshold")
    bot = Bot(name, threshold.fn, threshold.params, "", threshold.builtin_id)
    return [Seat(f"{name}:t=2", bot, bot.vector({"t": 2}))] * players


BOT_FILE = textwrap.dedent("""
    from strategies.luft import LUFT_BOTS
    from strategies.luft.threshold import threshold
    from sim.registry import Param
    LUFT_BOTS.register({name!r}, params=[Param("t", 2, 1, 60, integer=True)], builtin_id=0)(threshold)
""")


def test_bot_files_travel_to_the_workers(executor, tmp_path, monkeypatch):
    path = tmp_path / "alias_bot.py"
    path.write_text(BOT_FILE.format(name="shipped_alias"))
    # As if `--bot-file alias_bot.py` had been loaded here (without registering it in this process).
    monkeypatch.setitem(registry._LOADED_BOT_FILES, str(path.resolve()), None)
    rules = Rules(players=4)
    remote = run(GAME, rules, _alias_seats("shipped_alias", 4), 2000, SEED, chunk=500, progress=False, executor=executor)
    local = run(GAME, rules, seats("threshold:t=2", 4), 2000, SEED, chunk=2000, progress=False)
    assert_same(remote.totals, local.totals)


def test_a_worker_without_the_file_uses_the_shipped_text(executor):
    """No shared file system: the worker writes the text to its temp dir and loads that."""
    source = BOT_FILE.format(name="copied_alias")

    def load_elsewhere():
        from sim.distributed import _load_bot_file
        from strategies.luft import LUFT_BOTS

        _load_bot_file("/nonexistent/deepsim/alias_bot.py", source)
        return LUFT_BOTS.get("copied_alias").builtin_id

    assert set(executor.client.run(load_elsewhere).values()) == {0}


def test_a_game_the_workers_cannot_import_by_name_is_refused(executor):
    import dataclasses

    game = dataclasses.replace(GAME, play_batch=GAME.play_batch)
    with pytest.raises(ValueError, match="import by name"):
        run(game, RULES, seats(SPECS, 3), 10, SEED, progress=False, executor=executor)


def test_sweeps_map_independent_chunks(executor):
    """play_chunks: chunks of different lineups in one stream, same results as in-process."""
    lineups = [seats("threshold:t=1", 3), seats("threshold:t=3,random,threshold:t=2", 3)]
    items = [((k, c), GAME, RULES, lineup, SEED, c * 400, 400) for k, lineup in enumerate(lineups) for c in range(3)]
    local = {key: t for key, t, _ in play_chunks(items)}
    remote = {key: t for key, t, _ in play_chunks(items, executor=executor)}
    assert remote.keys() == local.keys()
    for key in local:
        assert_same(remote[key], local[key])


def test_a_sweep_configuration_on_the_cluster_matches_in_process(executor, monkeypatch):
    """sim.sweep.play_lineups (compare-turnback, balance) sends its chunks to the
    executor it is passed and pools them to the in-process totals."""
    from sim import sweep

    lineups = sweep.field_lineups("threshold:t=3", ["threshold:t=2", "random"], 3)
    local = sweep.play_lineups("luft", {"players": 3}, lineups, 1200, SEED)
    sent = []
    monkeypatch.setattr(
        executor,
        "imap",
        lambda items, keep=False, tally=True, imap=executor.imap: imap([sent.append(i) or i for i in items], keep, tally),
    )
    remote = sweep.play_lineups("luft", {"players": 3}, lineups, 1200, SEED, executor=executor)
    assert len(sent) == len(lineups)
    assert_same(remote, local)


def test_a_paired_comparison_on_the_cluster_matches_in_process(executor):
    from sim import sweep

    a = [(["threshold:t=3", "threshold:t=1", "random"], 0)]
    b = [(["threshold:t=3", "random", "threshold:t=1"], 0)]
    local = sweep.play_paired("luft", {"players": 3}, a, b, 900, SEED)
    assert_same(sweep.play_paired("luft", {"players": 3}, a, b, 900, SEED, executor=executor), local)


def test_simulate_runs_on_the_executor_it_is_passed(executor, monkeypatch):
    """The executor travels as an argument (api.scale_out yields it), not as a module global."""
    from sim import api

    local = api.simulate("luft", {}, "threshold:t=2,random,threshold:t=1", players=3, games=600, seed=SEED, progress=False)
    calls = []
    monkeypatch.setattr(executor, "map_chunks", lambda *a, real=executor.map_chunks: calls.append(1) or real(*a))
    remote = api.simulate(
        "luft", {}, "threshold:t=2,random,threshold:t=1", players=3, games=600, seed=SEED, progress=False, executor=executor
    )
    assert calls and remote.totals.equals(local.totals)
    assert not hasattr(api, "_EXECUTOR")

"""Checkpoints: a run killed mid-way resumes from its finished chunks and ends
with the totals of an uninterrupted run, without replaying those chunks."""

import dataclasses
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from sim import provenance, store
from sim.games.luft import GAME
from sim.games.luft.rules import Rules
from sim.interrupt import Interrupted
from sim.runner import Totals, run
from tests.luft.conftest import seats

ROOT = Path(__file__).resolve().parents[1]
RULES = Rules(players=4)
SPECS = "threshold:t=2,random"


def bots():
    return seats(SPECS + ",threshold:t=3,random", 4)


def counting(log: list, fail_at: int | None = None, exc=RuntimeError):
    """GAME whose play_batch records each first_game (warm-up calls have n_games=1)."""

    def play_batch(rules, seats_, seed, first_game, n_games):
        if n_games > 1 or seed != 0:
            log.append(first_game)
            if fail_at is not None and len(log) == fail_at:
                raise exc("simulated crash")
        return GAME.play_batch(rules, seats_, seed, first_game, n_games)

    return dataclasses.replace(GAME, play_batch=play_batch)


def on_disk(run_dir: Path) -> list[int]:
    return sorted(store.load_chunks(run_dir))


@pytest.fixture(scope="module")
def uninterrupted():
    return run(GAME, RULES, bots(), 3000, 7, chunk=3000, progress=False).totals


def test_a_crashed_run_resumes_where_it_stopped(tmp_path, uninterrupted):
    played = []
    with pytest.raises(RuntimeError, match="simulated crash"):
        run(counting(played, fail_at=5), RULES, bots(), 3000, 7, chunk=300, progress=False, checkpoint_dir=tmp_path)
    assert on_disk(tmp_path) == [0, 1, 2, 3]  # the 5th chunk crashed
    replayed = []
    result = run(counting(replayed), RULES, bots(), 3000, 7, chunk=300, progress=False, checkpoint_dir=tmp_path)
    assert replayed == [1200, 1500, 1800, 2100, 2400, 2700]  # chunks 0-3 were not played again
    assert (result.resumed_chunks, result.resumed_games) == (4, 1200)
    assert result.complete and result.totals.equals(uninterrupted)
    assert on_disk(tmp_path) == list(range(10))


def test_ctrl_c_keeps_checkpoints_and_the_rerun_finishes(tmp_path, uninterrupted):
    played = []
    with pytest.raises(Interrupted) as stop:
        run(
            counting(played, fail_at=3, exc=KeyboardInterrupt),
            RULES,
            bots(),
            3000,
            7,
            chunk=1000,
            progress=False,
            checkpoint_dir=tmp_path,
        )
    result = stop.value.partial
    assert not result.complete and result.totals.games == 2000
    assert on_disk(tmp_path) == [0, 1]
    again = run(GAME, RULES, bots(), 3000, 7, chunk=1000, progress=False, checkpoint_dir=tmp_path)
    assert again.resumed_chunks == 2 and again.totals.equals(uninterrupted)


def test_checkpoints_of_another_run_are_not_used(tmp_path, uninterrupted):
    run(GAME, RULES, bots(), 3000, 8, chunk=1000, progress=False, checkpoint_dir=tmp_path)  # other seed
    other_chunking = run(GAME, RULES, bots(), 3000, 7, chunk=1500, progress=False, checkpoint_dir=tmp_path)
    assert other_chunking.resumed_chunks == 0 and other_chunking.totals.equals(uninterrupted)
    same = run(GAME, RULES, bots(), 3000, 7, chunk=1500, progress=False, checkpoint_dir=tmp_path)
    assert same.resumed_chunks == 2 and same.totals.equals(uninterrupted)


def test_a_damaged_checkpoint_is_played_again(tmp_path, uninterrupted):
    run(GAME, RULES, bots(), 3000, 7, chunk=1000, progress=False, checkpoint_dir=tmp_path)
    (tmp_path / "chunks" / "chunk-000001.parquet").write_bytes(b"not parquet")
    played = []
    result = run(counting(played), RULES, bots(), 3000, 7, chunk=1000, progress=False, checkpoint_dir=tmp_path)
    assert played == [1000] and result.totals.equals(uninterrupted)


def test_records_are_replayed_not_checkpointed(tmp_path):
    run(GAME, RULES, bots(), 600, 7, chunk=200, progress=False, checkpoint_dir=tmp_path)
    result = run(GAME, RULES, bots(), 600, 7, chunk=200, keep_batches=True, progress=False, checkpoint_dir=tmp_path)
    assert result.resumed_chunks == 0 and sum(b.seat.shape[0] for b in result.batches) == 600


def test_chunk_totals_round_trip_exactly(uninterrupted):
    back = Totals.from_table(uninterrupted.to_table())
    assert back.equals(uninterrupted) and back.exact == uninterrupted.exact


SCRIPT = textwrap.dedent("""
    import dataclasses, sys, time
    from sim.games.luft import GAME
    from sim.games.luft.rules import Rules
    from sim.runner import run
    from strategies.luft import LUFT_BOTS

    def slow(rules, seats, seed, first_game, n_games):
        batch = GAME.play_batch(rules, seats, seed, first_game, n_games)
        if n_games > 1:
            time.sleep(0.25)          # slow enough to be killed mid-way
        return batch

    seats = LUFT_BOTS.parse_seats({specs!r}, 4)
    run(dataclasses.replace(GAME, play_batch=slow), Rules(players=4), seats, 3000, 7, chunk=100,
        progress=False, checkpoint_dir=sys.argv[1])
    print("finished")
""")


def test_a_run_killed_with_sigkill_resumes(tmp_path, uninterrupted):
    script = tmp_path / "long_run.py"
    script.write_text(SCRIPT.format(specs=SPECS + ",threshold:t=3,random"))
    run_dir = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(
        [sys.executable, str(script), str(run_dir)], env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 240
        while len(on_disk(run_dir)) < 4:
            assert proc.poll() is None, proc.communicate()[1].decode()[-2000:]
            assert time.monotonic() < deadline, "the run wrote no checkpoints in time"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    finished = on_disk(run_dir)
    assert 4 <= len(finished) < 30 and finished == list(range(len(finished)))
    played = []
    result = run(counting(played), RULES, bots(), 3000, 7, chunk=100, progress=False, checkpoint_dir=run_dir)
    assert played == [100 * i for i in range(len(finished), 30)]  # nothing finished was replayed
    assert result.resumed_chunks == len(finished)
    assert result.complete and result.totals.equals(uninterrupted)
    assert np.array_equal(result.totals.sums["seat0.win"], uninterrupted.sums["seat0.win"])


def test_checkpoints_of_other_engine_code_are_not_used(tmp_path, uninterrupted, monkeypatch):
    run(GAME, RULES, bots(), 3000, 7, chunk=1000, progress=False, checkpoint_dir=tmp_path)
    monkeypatch.setattr(provenance, "engine_fingerprint", lambda game, bots=(): "edited-engine")
    played = []
    result = run(counting(played), RULES, bots(), 3000, 7, chunk=1000, progress=False, checkpoint_dir=tmp_path)
    assert played == [0, 1000, 2000] and result.resumed_chunks == 0
    assert result.totals.equals(uninterrupted)

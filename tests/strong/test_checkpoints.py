"""Training checkpoints are data (npz + JSON), resume exactly, and a corrupt
one is one line naming the file and the fix."""

import numpy as np
import pytest
from cmaes import CMA

from sim.strong import checkpoints


def test_a_checkpointed_optimiser_asks_what_the_original_asks(tmp_path):
    cma = CMA(mean=np.zeros(4), sigma=0.3, seed=1)
    for _ in range(2):  # a few generations, so the state is not the initial one
        cma.tell([(x, float(x @ x)) for x in (cma.ask() for _ in range(cma.population_size))])
    state = {"config": {"seed": 3, "start": (0.0, 1.0)}, "cma": cma, "history": [{"g": np.int64(1)}], "best": None}
    checkpoints.save(tmp_path / "c.npz", state)
    back = checkpoints.load(tmp_path / "c.npz")
    assert back["config"] == checkpoints.plain(state["config"]) == {"seed": 3, "start": [0.0, 1.0]}
    assert back["history"] == [{"g": 1}] and back["best"] is None
    # the optimiser's own state round trip (what a pickle kept) rebuilds its
    # covariance from the stored triangle: equal to it bit for bit, and to the
    # running optimiser up to rounding
    own = CMA.__new__(CMA)
    own.__setstate__(cma.__getstate__())
    for c in (cma, back["cma"], own):
        c.reseed_rng(7)
    asked = back["cma"].ask()
    assert np.array_equal(asked, own.ask())
    assert np.allclose(asked, cma.ask(), rtol=0, atol=1e-12)


def test_a_checkpoint_never_unpickles(tmp_path):
    path = tmp_path / "c.npz"
    np.savez(path, __json__=np.array([object()], dtype=object))
    with pytest.raises(ValueError, match="not a readable checkpoint"):
        checkpoints.load(path)


@pytest.mark.parametrize("content", [b"garbage\n", b"", b"PK\x03\x04 cut short"])
def test_a_corrupt_checkpoint_is_one_line_naming_the_file_and_the_fix(tmp_path, content):
    path = tmp_path / "train-checkpoint.npz"
    path.write_bytes(content)
    with pytest.raises(ValueError) as info:
        checkpoints.load(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message and "delete it" in message

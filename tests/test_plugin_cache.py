"""A plug-in's cache entries of older code are swept, never another bot's."""

from pathlib import Path

from numba import njit

from sim import nb

CACHE = Path(nb.__file__).with_name("__pycache__")


@njit
def _answer_seat(phase, seat, st_addr, params_addr, u):
    return seat


def _entries(owner: str, salt: str) -> list[Path]:
    return list(CACHE.glob(f"nb.plugin_{owner}_{salt}-*"))


def test_a_new_salt_sweeps_the_bots_old_entries_but_not_another_bots():
    try:
        nb.plugin(_answer_seat, "aaaa", "test_sweep")
        nb.plugin(_answer_seat, "cccc", "test_sweep_other")
        assert _entries("test_sweep", "aaaa") and _entries("test_sweep_other", "cccc")
        fn = nb.plugin(_answer_seat, "bbbb", "test-sweep")  # same owner once sanitised
        assert fn.ctypes(0, 3, 0, 0, 0.5) == 3
        assert not _entries("test_sweep", "aaaa")
        assert _entries("test_sweep", "bbbb") and _entries("test_sweep_other", "cccc")
    finally:
        for path in CACHE.glob("nb.plugin_test_sweep*"):
            path.unlink()

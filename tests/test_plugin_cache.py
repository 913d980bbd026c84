"""Plug-ins are loaded from numba's cache by a new process, and an owner's
entries of older code are swept, never another bot's."""

import subprocess
import sys

from sim import nb

FOLDER = nb.plugins._plugin_folder()
MADE = "from sim import nb\ndef answer(phase, seat, u): return seat\n"


def answer_seat(phase, seat, u):
    return seat


def _entries(owner: str, salt: str) -> list:
    return [*FOLDER.glob(f"plugin_{owner}_{salt}*"), *(FOLDER / "__pycache__").glob(f"plugin_{owner}_{salt}*")]


def test_a_new_process_loads_the_plugin_from_the_cache():
    code = MADE + "print(nb.plugin(answer, 'bot(phase, seat, u)', 'dddd', 'test_reuse').cache_hits)"
    try:
        runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True) for _ in range(2)]
        assert [r.stdout.split() for r in runs] == [["0"], ["1"]], [r.stderr[-300:] for r in runs]
    finally:
        for path in _entries("test_reuse", ""):
            path.unlink()


def test_a_new_salt_sweeps_the_bots_old_entries_but_not_another_bots():
    try:
        nb.plugin(answer_seat, "bot(phase, seat, u)", "aaaa", "test_sweep")
        nb.plugin(answer_seat, "bot(phase, seat, u)", "cccc", "test_sweep_other")
        assert _entries("test_sweep", "aaaa") and _entries("test_sweep_other", "cccc")
        fn = nb.plugin(answer_seat, "bot(phase, seat, u)", "bbbb", "test-sweep")  # same owner once sanitised
        assert fn.ctypes(0, 3, 0, 0, 0.5) == 3
        assert not _entries("test_sweep", "aaaa")
        assert _entries("test_sweep", "bbbb") and _entries("test_sweep_other", "cccc")
    finally:
        for path in _entries("test_sweep", ""):
            path.unlink()

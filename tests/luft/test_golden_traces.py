"""Golden traces: games whose every line was checked by hand against the rules.

seed7_2p_small_no_reshuffle: the whole game (2 dives, 13 turns).
seed1_3p_threshold2: dive 1 in full (skips, air out, sinking into [1+2]).
(Both re-checked by hand when the bots' uniforms moved to their own streams.)
If a rule change alters them, re-check by hand before replacing the files.
"""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.cli import app

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "seed7_2p_small_no_reshuffle.txt": [
        "--seed",
        "7",
        "--players",
        "2",
        "--bots",
        "threshold:t=1,random",
        "--rules",
        "cards_per_level=2,air=8,dives=2,stack_size=2,swim=deck-no-reshuffle",
    ],
    "seed1_3p_threshold2.txt": ["--seed", "1", "--players", "3", "--bots", "threshold:t=2"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_trace_matches_hand_checked_golden_file(name):
    result = CliRunner().invoke(app, ["luft", "trace", *CASES[name]])
    assert result.exit_code == 0, result.output
    assert result.stdout == (GOLDEN / name).read_text()


def test_every_golden_file_has_a_case():
    assert sorted(p.name for p in GOLDEN.glob("*.txt")) == sorted(CASES)

"""Golden trace: one game's round-by-round log, checked by hand against
rules/land-unter.md, pinned so any change in the engines' course shows up.

The pinned game (seed 2024, game 131; seats high, dodge, ring-keeper,
counter) shows: ring counts of the four hands (half rings rounded down, e.g.
hand 2: 6.5 -> 6), the lower flood card to the highest weather card every
round, a player who took nothing flipping (deal 1 round 7, deal 4 round 12),
a tie for the highest flood where both flip (deal 3 round 5) and where one
goes out while the other flips (deal 3 round 8), eliminations followed by the
cascade flip of the now highest (deal 1 round 8, deal 2 round 5, deal 3
round 7, deal 4 round 10), the deal ending at once with two players left
(deals 1-3, no cascade), a deal played to round 12 (deal 4), the lowest-flood
and no-flood bonuses, 0 rings scoring 0 (+ bonus), -1 for the eliminated,
hands passed left with their full ring counts, and the winner.
"""
from pathlib import Path

from sim.games.landunter import engine
from sim.games.landunter.rules import Rules
from sim.games.landunter.trace import trace
from tests.landunter.conftest import seats

GOLDEN = Path(__file__).parent / "golden"
CASES = {"seed2024_game131_high_dodge_ring-keeper_counter.txt":
         (Rules(), "high,dodge,ring-keeper,counter", 2024, 131)}


def test_every_golden_file_has_a_case():
    assert sorted(p.name for p in GOLDEN.glob("*.txt")) == sorted(CASES)


def test_golden_traces():
    for name, (rules, specs, seed, game) in CASES.items():
        got = trace(rules, seats(specs, rules.players), seed, game)
        want = (GOLDEN / name).read_text()
        assert got == want, f"trace of {name} changed; diff it against the file"


def test_golden_game_matches_the_compiled_engine(compiled):
    rules, specs, seed, game = CASES["seed2024_game131_high_dodge_ring-keeper_counter.txt"]
    b = engine.play_batch(rules, seats(specs, rules.players), seed, game, 1)
    assert b.score[0].tolist() == [3, 1, 11, 12]
    assert b.rounds[0].tolist() == [9, 7, 8, 12]
    assert b.early_end[0].tolist() == [1, 1, 1, 0]
    assert b.n_eliminated[0].tolist() == [2, 2, 2, 1]
    assert b.win60[0].tolist() == [0, 0, 0, 60]
    assert b.hand_rings[0, 0].tolist() == [4, 4, 6, 2]
    assert b.hand_strength[0, 0].tolist() == [433, 320, 356, 382]


def test_trace_names_every_kind_of_event():
    text = trace(Rules(players=4), seats("high,dodge,ring-keeper,counter"), 2024, 131)
    for words in ("flood cards", "played:", "takes flood", "flips a ring", "no ring left: OUT",
                  "now highest flood", "the deal ends at once", "Scoring deal", "Hands passed left",
                  "Winner"):
        assert words in text, words

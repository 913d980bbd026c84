"""Golden trace: one game's round-by-round log, checked by hand against
rules/land-unter.md, pinned so any change in the engines' course shows up.

The pinned game (seed 2024, game 300; seats high, dodge, ring-keeper,
counter) shows: ring counts of the four hands (half rings rounded down, e.g.
hand 0: 5 halves -> 2 rings), the lower flood card to the highest weather
card every round, a player who took nothing flipping (deal 2 round 7, deal 4
rounds 9 and 10), a tie for the highest flood where both flip (deal 2 round
2) and where one goes out while the other flips (deal 4 round 12),
eliminations followed by the cascade flip of the now highest (deal 1 round 8,
deal 2 round 11, deal 3 round 5, deal 4 round 8), the deal ending at once
with two players left (deals 1, 2 and 4, no cascade), a deal played to round
12 (deal 3), the lowest-flood and no-flood bonuses (deal 1), 0 rings scoring
0 (+ bonus) (deals 2 and 3), -1 for the eliminated, hands passed left with
their full ring counts, and the winner.

(Until the bots got their own random streams this was game 131, whose deals
2-4 changed with the flood shuffles: the game's stream no longer draws the
bots' uniforms between deals; its deal 1 stayed as it was.)
"""

from pathlib import Path

from sim.games.landunter import engine
from sim.games.landunter.rules import Rules
from sim.games.landunter.trace import trace
from tests.landunter.conftest import seats

GOLDEN = Path(__file__).parent / "golden"
CASES = {"seed2024_game300_high_dodge_ring-keeper_counter.txt": (Rules(), "high,dodge,ring-keeper,counter", 2024, 300)}


def test_every_golden_file_has_a_case():
    assert sorted(p.name for p in GOLDEN.glob("*.txt")) == sorted(CASES)


def test_golden_traces():
    for name, (rules, specs, seed, game) in CASES.items():
        got = trace(rules, seats(specs, rules.players), seed, game)
        want = (GOLDEN / name).read_text()
        assert got == want, f"trace of {name} changed; diff it against the file"


def test_golden_game_matches_the_compiled_engine(compiled):
    rules, specs, seed, game = CASES["seed2024_game300_high_dodge_ring-keeper_counter.txt"]
    b = engine.play_batch(rules, seats(specs, rules.players), seed, game, 1)
    assert b.score[0].tolist() == [0, 8, 5, 6]
    assert b.rounds[0].tolist() == [9, 12, 12, 12]
    assert b.early_end[0].tolist() == [1, 1, 0, 1]
    assert b.n_eliminated[0].tolist() == [2, 2, 1, 2]
    assert b.win60[0].tolist() == [0, 60, 0, 0]
    assert b.hand_rings[0, 0].tolist() == [2, 4, 5, 5]
    assert b.hand_strength[0, 0].tolist() == [445, 249, 440, 238]


def test_trace_names_every_kind_of_event():
    text = trace(Rules(players=4), seats("high,dodge,ring-keeper,counter"), 2024, 300)
    for words in (
        "flood cards",
        "played:",
        "takes flood",
        "flips a ring",
        "no ring left: OUT",
        "now highest flood",
        "the deal ends at once",
        "Scoring deal",
        "Hands passed left",
        "Winner",
    ):
        assert words in text, words

"""Property test: every registered Geteilte Luft bot, with parameters drawn
from its valid ranges, under randomly drawn rules and seatings, only plays
legal actions (the compiled engine raises IllegalAction otherwise) and
finishes every game."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

from sim.games.luft.reference import IllegalAction
from sim.games.luft.rules import SINK_ORDERS, START_RULES, SWIM_SOURCES, Rules
from sim.registry import load_bot_file
from strategies.luft import LUFT_BOTS

BUILTIN = [n for n in LUFT_BOTS.names() if LUFT_BOTS.get(n).builtin_id >= 0]
OTHERS = ["random", "threshold:t=1", "threshold:t=3", "greedy-value"]
SLOW = {"rollout": 25, "planner": 30}  # fewer examples for the costly bots
EXAMPLES = 60


def spec_for(data, name):
    """``name:key=value:...`` with every parameter drawn from its range."""
    parts = [name]
    for p in LUFT_BOTS.get(name).params:
        if p.integer:
            value = data.draw(hs.integers(int(p.low), int(p.high)), label=p.name)
        else:
            value = data.draw(hs.floats(p.low, p.high, allow_nan=False), label=p.name)
        parts.append(f"{p.name}={value!r}")
    return ":".join(parts)


def draw_rules(data):
    players = data.draw(hs.integers(2, 6), label="players")
    cards = data.draw(hs.integers(1, 8), label="cards_per_level")
    return Rules.from_strings(
        {},
        players=players,
        cards_per_level=cards,
        air=data.draw(hs.integers(1, 40), label="air"),
        dives=data.draw(hs.integers(1, 3), label="dives"),
        stack_size=data.draw(hs.integers(1, 5), label="stack_size"),
        swim=data.draw(hs.sampled_from(SWIM_SOURCES), label="swim"),
        turn_back_needs_treasure=data.draw(hs.booleans(), label="tbnt"),
        start_when_nobody_returned=data.draw(hs.sampled_from(START_RULES), label="start"),
        sink_order=data.draw(hs.sampled_from(SINK_ORDERS), label="sink"),
        stalemate_rounds=data.draw(hs.integers(1, 2), label="stalemate_rounds"),
    )


def play_and_check(engine, data, name):
    rules = draw_rules(data)
    spec = spec_for(data, name)
    n = rules.players
    mine = data.draw(hs.lists(hs.booleans(), min_size=n, max_size=n).filter(any), label="seats")
    specs = [spec if m else data.draw(hs.sampled_from(OTHERS), label="other") for m in mine]
    seats = LUFT_BOTS.parse_seats(specs, n)
    games = 1 if name == "rollout" else 3
    seed = data.draw(hs.integers(0, 2**63 - 1), label="seed")
    try:
        batch = engine.play_batch(rules, seats, seed, 0, games)
    except IllegalAction as exc:  # name the drawn case in the failure
        pytest.fail(f"{exc} -- rules {rules}, seats {specs}")
    assert (batch.seat[:, :, 1].sum(axis=1) == 60).all()  # every game finished with a winner


@pytest.mark.parametrize("name", BUILTIN)
def test_bot_plays_only_legal_actions_and_finishes_games(compiled, name):
    @settings(
        max_examples=SLOW.get(name, EXAMPLES),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(data=hs.data())
    def check(data):
        play_and_check(compiled, data, name)

    check()


@pytest.mark.parametrize("end", ["low", "high"])
@pytest.mark.parametrize("name", BUILTIN)
def test_bot_at_the_ends_of_its_parameter_ranges(compiled, name, end):
    bot = LUFT_BOTS.get(name)
    spec = ":".join([name] + [f"{p.name}={getattr(p, end)!r}" for p in bot.params])
    for rules in (Rules(players=3), Rules(players=5, air=12, swim="deck-no-reshuffle", turn_back_needs_treasure=False)):
        seats = LUFT_BOTS.parse_seats([spec, "threshold:t=2", spec, "random", spec][: rules.players], rules.players)
        batch = compiled.play_batch(rules, seats, 3, 0, 2)
        assert (batch.seat[:, :, 1].sum(axis=1) == 60).all()


DIFF_RULES = [
    Rules(),
    Rules(players=3, swim="deck-no-reshuffle", air=18),
    Rules.from_strings({}, players=6, turn_back_needs_treasure=False, cards_per_level=5, stack_size=2),
]


@pytest.mark.parametrize("rules", DIFF_RULES, ids=["default", "3p-no-reshuffle", "6p-short"])
def test_reference_and_compiled_engines_agree_with_every_bot(compiled, rules):
    """Bots read only the public view, which both engines build the same way:
    every built-in, in every seat over the rotations, gives identical games."""
    from sim.games.luft import reference
    from sim.games.luft.outputs import record_rows

    n = rules.players
    for i in range(len(BUILTIN)):
        specs = [BUILTIN[(i + k) % len(BUILTIN)] for k in range(n)]
        seats = LUFT_BOTS.parse_seats(specs, n)
        batch = compiled.play_batch(rules, seats, 42, 0, 4)
        for g in range(4):
            seat_rows, dive_rows = record_rows(reference.play_game(rules, seats, 42, g))
            np.testing.assert_array_equal(batch.seat[g], seat_rows, err_msg=f"{specs} game {g}")
            np.testing.assert_array_equal(batch.dive[g], dive_rows, err_msg=f"{specs} game {g}")


def test_user_bot_file_runs_in_the_compiled_engine(compiled):
    """The example user bot (no builtin_id) through the kernel's plug-in path."""
    load_bot_file("strategies/examples/cautious.py")
    seats = LUFT_BOTS.parse_seats("cautious,threshold:t=2,cautious:level=3:spare=6,air", 4)
    batch = compiled.play_batch(Rules(), seats, 11, 0, 50)
    assert (batch.seat[:, :, 1].sum(axis=1) == 60).all()
    # the same games as the reference engine plays them
    from sim.games.luft import reference

    for g in range(5):
        rec = reference.play_game(Rules(), seats, 11, g)
        assert batch.seat[g, :, 0].tolist() == rec.score

"""Helpers for the Land unter tests: bot seats, a spy bot, and one adapter
that applies a rule step with either engine to a hand-made position."""

from __future__ import annotations

import numpy as np
import pytest

from sim import nb
from sim.games.landunter import core, engine, layout, reference
from sim.games.landunter.bits import masks_of
from sim.games.landunter.reference import DealState
from sim.games.landunter.rules import Rules
from sim.registry import Bot, Seat
from strategies.landunter import LANDUNTER_BOTS


def seats(spec: str, players: int = 4):
    return LANDUNTER_BOTS.parse_seats(spec, players)


def python_seat(fn, name="spy") -> Seat:
    """A seat whose bot is a plain Python function fn(seat, st, params, u)
    (a test's spy: the reference engine calls it as it is, `sim.nb.engine_side`)."""
    bot = Bot(name, nb.engine_side(fn), (), "test bot", -1)
    return Seat(name, bot, np.zeros(8))


def position(tops, rings, still_in=None, hands=None) -> DealState:
    """A hand-made deal position; hands default to one distinct card each."""
    n = len(tops)
    still_in = [True] * n if still_in is None else list(still_in)
    hands = [[10 * p + 1] for p in range(n)] if hands is None else [sorted(h) for h in hands]
    return DealState(hands, list(rings), list(tops), still_in)


def to_view(state: DealState, rules: Rules) -> np.ndarray:
    st = np.zeros(layout.STATE_SIZE, np.int64)
    arr = rules.to_array()
    st[layout.S_PLAYERS] = state.n
    st[layout.S_N_IN] = state.n_in
    st[layout.S_N_CARDS] = rules.n_cards
    for r_idx, s_idx in layout.RULE_FLAGS:
        st[s_idx] = arr[r_idx]
    for p in range(state.n):
        st[layout.S_TOP + p] = state.top[p]
        st[layout.S_RINGS + p] = state.rings[p]
        st[layout.S_IN + p] = int(state.still_in[p])
        st[layout.S_HAND_N + p] = len(state.hands[p])
        st[layout.S_HAND_LO + p], st[layout.S_HAND_HI + p] = masks_of(state.hands[p])
    return st


def from_view(st: np.ndarray, n: int) -> DealState:
    hands = []
    for p in range(n):
        lo, hi = int(st[layout.S_HAND_LO + p]), int(st[layout.S_HAND_HI + p])
        hands.append([c for c in range(1, 61) if lo >> (c - 1) & 1] + [c for c in range(61, 73) if hi >> (c - 61) & 1])
    return DealState(
        hands,
        [int(x) for x in st[layout.S_RINGS : layout.S_RINGS + n]],
        [int(x) for x in st[layout.S_TOP : layout.S_TOP + n]],
        [bool(x) for x in st[layout.S_IN : layout.S_IN + n]],
    )


class Steps:
    """Rule steps applied with one engine; the state is updated in place."""

    def __init__(self, kind: str):
        self.kind = kind

    def flips(self, state: DealState, rules: Rules) -> bool:
        return self.flip_step(state, rules)[0]

    def flip_step(self, state: DealState, rules: Rules) -> tuple[bool, int]:
        """(ended, rule holes met: outputs.HOLE_* bits) of one flip step."""
        if self.kind == "reference":
            return reference.flip_step(state, rules)[2:]
        st = to_view(state, rules)
        ended, holes = core.flip_step_counted(st, state.n)
        self._copy_back(st, state)
        return bool(ended), int(holes)

    def round(self, state: DealState, plays: dict[int, int], pair, rules: Rules) -> bool:
        if self.kind == "reference":
            return reference.resolve_round(state, plays, pair, rules).ended
        st = to_view(state, rules)
        arr = np.zeros(layout.MAXP, np.int64)
        for p, c in plays.items():
            arr[p] = c
            assert core.remove_card(st, p, c)
        core.award_flood(st, state.n, arr, min(pair), max(pair))
        ended = bool(core.flip_step_counted(st, state.n)[0])
        self._copy_back(st, state)
        return ended

    def score(self, state: DealState, rules: Rules) -> list[int]:
        if self.kind == "reference":
            return reference.score_deal(state, rules)
        st = to_view(state, rules)
        out = np.zeros(layout.MAXP, np.int64)
        core.score_deal(st, state.n, out)
        return [int(x) for x in out[: state.n]]

    @staticmethod
    def _copy_back(st, state):
        new = from_view(st, state.n)
        state.hands, state.rings, state.top, state.still_in = new.hands, new.rings, new.top, new.still_in


@pytest.fixture(params=["reference", "compiled"])
def steps(request) -> Steps:
    """Each rule test runs on the reference engine and on the compiled primitives."""
    return Steps(request.param)


@pytest.fixture(scope="session")
def compiled():
    """The compiled engine, loaded (or compiled) once per test session."""
    engine.play_batch(Rules(), seats("random"), 0, 0, 2)
    return engine

"""Hand-made Geteilte Luft positions for the rule tests.

A scripted game is a reference ``Game`` whose bots are plain Python callables
that follow a per-seat script of (phase, action) pairs and whose swim draws
come from a list of chosen values. Running out of script or draws, or being
asked in the wrong phase, fails the test: a test therefore also pins WHEN a
bot is asked and HOW MANY swim cards are drawn.
"""

from __future__ import annotations

import numpy as np

from sim import nb
from sim.games.luft import layout
from sim.games.luft.reference import Game, GameRecord
from sim.games.luft.rules import Rules
from sim.registry import MAX_PARAMS, Bot, Seat

TB, TR = layout.PHASE_TURN_BACK, layout.PHASE_TREASURE
STAY = (TB, layout.STAY_DOWN)  # turn-back step: keep heading down
BACK = (TB, layout.TURN_BACK)  # turn-back step: turn back now
NOTHING = (TR, layout.NOTHING)  # treasure step: do nothing
PICK = (TR, layout.PICK_UP)  # treasure step: pick up


def drop(k: int):
    """Treasure step: drop the k-th carried item (pickup order, 0-based)."""
    return (TR, layout.DROP + k)


# Value lists under which a score spells out the cards brought home per level,
# in base 9 (at most 8 cards per level): every level-1 card is worth 1, level 2
# worth 9, level 3 81, level 4 729.
COUNTING = {"values_l1": (1,) * 8, "values_l2": (9,) * 8, "values_l3": (81,) * 8, "values_l4": (729,) * 8}


def stk(*levels: int) -> int:
    """A sunken stack as layout.py documents it: card levels in base-8 digits,
    first card in the lowest digit."""
    return sum(level << (3 * i) for i, level in enumerate(levels))


class Draws:
    """Scripted swim draws; drawing more than scripted fails the test."""

    def __init__(self, values=()):
        self.values = list(values)
        self.drawn: list[int] = []

    def __call__(self) -> int:
        assert self.values, f"a swim card was drawn beyond the script (drawn so far: {self.drawn})"
        value = self.values.pop(0)
        self.drawn.append(value)
        return value


class ScriptedBot:
    """One decision function for all seats: pops the seat's next (phase, action)."""

    def __init__(self, scripts: dict[int, list]):
        self.scripts = {s: list(q) for s, q in scripts.items()}
        self.calls: list[tuple[int, int, np.ndarray]] = []  # (seat, phase, view copy)

    def __call__(self, phase, seat, st, params, u):
        self.calls.append((seat, phase, np.array(st)))
        queue = self.scripts.get(seat, [])
        phase_name = "turn-back" if phase == TB else "treasure"
        assert queue, f"seat {seat} was asked at the {phase_name} step but its script is empty"
        want, action = queue.pop(0)
        assert want == phase, f"seat {seat} was asked at the {phase_name} step, script expected the other step"
        return action

    def left(self) -> dict[int, list]:
        return {s: q for s, q in self.scripts.items() if q}


def _no_decision(*args):
    raise AssertionError("this test's seat was given no bot: it has no decision to make")


def seat_of(fn, spec="scripted") -> Seat:
    """A seat for a test's own Python bot: the reference engine calls it as it is (`sim.nb.engine_side`)."""
    return Seat(spec, Bot(spec.partition(":")[0], nb.engine_side(fn or _no_decision), (), "", -1), np.zeros(MAX_PARAMS))


def make_game(
    rules: Rules | None = None,
    *,
    players: int = 4,
    path=None,
    air=None,
    swims=(),
    script=None,
    seed: int = 1,
    game: int = 0,
    start: int | None = None,
    **rule_changes,
) -> Game:
    """A reference game ready for ``play_turn``/``end_dive``/``play_dive``/``play``.

    ``script``: {seat: [(phase, action), ...]}; ``swims``: the swim values in draw order.
    The game gets ``.bot`` (the ScriptedBot) and ``.draws`` (the Draws) attributes.
    """
    if rules is None:
        rules = Rules(players=players, **rule_changes)
    bot = ScriptedBot(script or {})
    g = Game(rules, [seat_of(bot) for _ in range(rules.players)], seed, game)
    g.bot = bot
    g.record = GameRecord(score=g.score, win60=[0] * rules.players, home=g.home, drowned=g.drowned)
    g.returned = []
    if path is not None:
        g.path = list(path)
    if air is not None:
        g.air = air
    if start is not None:
        g.start = start
    g.draws = Draws(swims)
    g.draw_swim = g.draws
    return g


def place(g: Game, seat: int, pos: int = 0, carried=(), up: bool = False, back: bool = False):
    d = g.divers[seat]
    d.pos, d.carried, d.heading_up, d.back = pos, list(carried), up, back
    return d


def trace(g: Game) -> list[dict]:
    """Wrap ``play_turn``; log each turn taken: seat, air and every diver's
    (pos, heading_up, back, carried) before it, and the mover's pos after it."""
    log: list[dict] = []
    inner = g.play_turn

    def wrapped(diver):
        entry = {
            "seat": diver.seat,
            "air": g.air,
            "before": diver.pos,
            "divers": [(d.pos, d.heading_up, d.back, list(d.carried)) for d in g.divers],
        }
        out = inner(diver)
        entry["after"] = diver.pos
        entry["air_after"] = g.air
        log.append(entry)
        return out

    g.play_turn = wrapped
    return log


def logged(fn, log: list, key=lambda args, out: out):
    """``fn`` wrapped so that each call appends ``key(args, result)`` to ``log``."""

    def wrapped(*args):
        out = fn(*args)
        log.append(key(args, out))
        return out

    return wrapped


def done(g: Game):
    """Every scripted decision and swim draw was used."""
    assert not g.bot.left(), f"unused bot script: {g.bot.left()}"
    assert not g.draws.values, f"unused swim draws: {g.draws.values}"

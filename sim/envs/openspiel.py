"""Our games as OpenSpiel games: ``import sim.envs.openspiel`` registers
``python_geteilte_luft`` and ``python_land_unter`` with `pyspiel`.

Parameters are the rule options with one value (``players``, ``air``,
``swim`` ...; defaults = the rulebook). Every card or die draw is an explicit
chance node (each of ``n`` outcomes with probability ``1/n``: the card that
goes to one place of a shuffle, or one die). A seat's information state is
everything it has seen: the views its bot would get at every decision point
so far (its own hand included), the values it saw scored and its own actions,
as a string (a digest) and as a tensor (the same digest's bits, with the
seat's latest view and the count of decision points beside it for learners).
`resample` deals a world consistent with it, for information-set search.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pyspiel

from sim.envs.faces import face as face_of, rules_of, scalar_rule_defaults
from sim.envs.table import CHANCE, Chance, IllegalStep, Table
from sim.games import GAMES as registered_games, get_game

GAMES = tuple(name for name in registered_games if get_game(name).env)  # the games with a face


def _game_type(face) -> pyspiel.GameType:
    rules = face.RULES()
    return pyspiel.GameType(
        short_name=face.OPENSPIEL_NAME,
        long_name=face.TITLE,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": rules.players, **scalar_rule_defaults(face)},
    )


class Game(pyspiel.Game):
    """One of our games with fixed rules (a subclass per game names it: ``NAME``)."""

    NAME = ""

    def __init__(self, params=None):
        face = face_of(self.NAME)
        params = dict(params or {})
        try:
            self.rules = rules_of(face, rules=params)
        except ValueError as exc:
            raise pyspiel.SpielError(str(exc)) from None
        info = pyspiel.GameInfo(
            num_distinct_actions=face.N_ACTIONS,
            max_chance_outcomes=face.max_chance_outcomes(self.rules),
            num_players=self.rules.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=face.max_steps(self.rules),
        )
        super().__init__(_game_type(face), info, params)

    @property
    def face(self):
        return face_of(self.NAME)

    def new_initial_state(self):
        return State(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.face, perfect_recall)


class State(pyspiel.State):
    """A game in progress: a `Table` with explicit chance."""

    def __init__(self, game: Game, table: Table | None = None):
        super().__init__(game)
        self.table = table or Table(game.face, game.rules, explicit_chance=True)

    def current_player(self):
        r = self.table.request
        if r is None:
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if isinstance(r, Chance) else r.seat

    def _legal_actions(self, player):
        return list(self.table.legal())

    def chance_outcomes(self):
        n = self.table.request.outcomes
        return [(k, 1.0 / n) for k in range(n)]

    def _apply_action(self, action):
        try:
            self.table.apply(action)
        except IllegalStep as exc:
            raise pyspiel.SpielError(str(exc)) from None

    def _action_to_string(self, player, action):
        if player == CHANCE or player == pyspiel.PlayerId.CHANCE:
            return f"draw {action}"
        return f"seat {player}: {action}"

    def is_terminal(self):
        return self.table.over

    def returns(self):
        if not self.table.over:
            return [0.0] * self.table.rules.players
        return self.table.face.outcome(self.table.record)[0]

    def __str__(self):
        return " ".join(f"{'c' if who == CHANCE else who}:{a}" for who, a in self.table.history)

    def __deepcopy__(self, memo):
        return State(self.get_game(), self.table.clone())

    def resample(self, player: int, rand: np.random.Generator) -> "State":
        """A state ``player`` cannot tell from this one (a world for information-set search)."""
        world = self.table.replayed(self.table.face.resample(self.table, player, rand))
        done, h = information_chain(self.table, player)
        world._chains = {player: (done, h.copy())}  # the player saw the same so far: that is what a resample is
        return State(self.get_game(), world)


DIGEST_BITS = 128


class Observer:
    """OpenSpiel's observer. Without perfect recall: the seat's view now, as a
    tensor and a string. With perfect recall (the information state):
    everything the seat has seen, as a string (its digest) and as a tensor
    made of nothing else: the decision points so far, the seat's view at the
    latest of them (both hashed into the digest) and the digest's bits, so
    two states give the same tensor exactly when they give the same string."""

    def __init__(self, face, perfect_recall: bool):
        self.name, self.perfect_recall = face.NAME, perfect_recall  # OpenSpiel deep-copies observers
        if perfect_recall:
            self.tensor = np.zeros(1 + face.VIEW_SIZE + DIGEST_BITS, np.float32)
            cut = np.cumsum([1, face.VIEW_SIZE])
            self.dict = dict(zip(("decision_points", "latest_view", "digest"), np.split(self.tensor, cut)))
        else:
            self.tensor = np.zeros(face.VIEW_SIZE, np.float32)
            self.dict = {"view": self.tensor}

    @property
    def face(self):
        return face_of(self.name)

    def set_from(self, state: State, player: int):
        if not self.perfect_recall:
            self.tensor[:] = self.face.observe(state.table, player, None)
            return
        points, digest = information_digest(state.table, player)
        self.dict["decision_points"][0] = points
        self.dict["latest_view"][:] = self.face.observe(state.table, player, points - 1) if points else 0
        self.dict["digest"][:] = np.unpackbits(np.frombuffer(digest, np.uint8))

    def string_from(self, state: State, player: int) -> str:
        if self.perfect_recall:
            return information_state(state.table, player)
        view = self.face.observe(state.table, player, None)
        return f"seat {player} " + _digest(view.tobytes(), repr(self.face.revealed(state.table, player)).encode())


def information_state(table: Table, seat: int) -> str:
    """Everything ``seat`` has seen so far, as a digest (equal for two states
    exactly when the seat cannot tell them apart)."""
    points, digest = information_digest(table, seat)
    return f"seat {seat}, {points} decision points: {digest.hex()}"


def information_digest(table: Table, seat: int) -> tuple[int, bytes]:
    """(decision points so far, digest of what ``seat`` saw at them): its view
    at every decision point so far (its own hand included), the values it saw
    scored, and its own choices (another seat's choice shows only through
    later views)."""
    digests = table.__dict__.setdefault("_digests", {})  # seat: (history length, digest): asked again and again at a node
    steps = len(table.history)  # a table's history only grows
    if seat in digests and digests[seat][0] == steps:
        return digests[seat][1]
    done, h = information_chain(table, seat)
    own = [a for who, a in table.history if who == seat]
    last = h.copy()
    last.update(repr((own, table.face.revealed(table, seat))).encode())
    digests[seat] = (steps, (len(table.points), last.digest()))
    return digests[seat][1]


def information_chain(table: Table, seat: int):
    """(decision points seen, running hash of the seat's views at them), kept on the table."""
    chains = table.__dict__.setdefault("_chains", {})
    done, h = chains.get(seat, (0, hashlib.blake2b(digest_size=DIGEST_BITS // 8)))
    for k in range(done, len(table.points)):
        h.update(table.face.observe(table, seat, k).tobytes())
    chains[seat] = (len(table.points), h)
    return chains[seat]


def _digest(*parts: bytes) -> str:
    h = hashlib.blake2b(digest_size=DIGEST_BITS // 8)
    for p in parts:
        h.update(p)
    return h.hexdigest()


def load(face, rules) -> Game:
    """The OpenSpiel game of ``face`` with exactly these rules (also rule
    options OpenSpiel parameters cannot hold, such as value lists)."""
    cls = globals()[f"{face.NAME.title()}Game"]
    game = cls({k: getattr(rules, k) for k in ("players", *scalar_rule_defaults(face))})
    game.rules = rules
    return game


def _register():
    """One Game subclass per game, registered as a class (as OpenSpiel's own
    Python games are: a registered closure crashes the interpreter at exit)."""
    for name in GAMES:
        cls = type(f"{name.title()}Game", (Game,), {"NAME": name, "__module__": __name__})
        globals()[cls.__name__] = cls
        pyspiel.register_game(_game_type(face_of(name)), cls)


_register()

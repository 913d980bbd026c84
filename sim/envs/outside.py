"""Agents written by others at our tables: OpenSpiel's information-set MCTS
as the bot spec ``ismcts:sims=N[:seed=S][:uct=C]``.

Such a bot is not compiled code: a game with one at the table is played on
the reference engine, step by step (`sim.envs.table`), and at its seat's turn
the search gets the OpenSpiel state of the game so far. The search is
OpenSpiel's Python `ISMCTSBot` (the C++ one crashes on games defined in
Python); every simulation starts from a world drawn by our resampler, which
keeps only what the seat has seen, so the seat's hidden cards are never
read. Its random numbers come from (seed option, game seed, game, seat,
decision), so a run is reproducible.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from sim.envs.faces import face
from sim.registry import MAX_PARAMS, BotError, Param

MAX_SIMS = 1_000_000
MIN_SIMS = 2  # OpenSpiel's search spends its first simulation making the root: with one it has no visit to choose by
MAX_UCT = 1_000.0
PARAMS = (  # what `sim <game> bots` lists; `ismcts_options` parses them
    Param("sims", 100, MIN_SIMS, MAX_SIMS, integer=True, doc="simulations per decision"),
    Param("seed", 0, 0, 2**64 - 1, integer=True, doc="the search's own seed (with the game's seed and seat)"),
    Param("uct", 2.0, 0, MAX_UCT, doc="UCT exploration constant c, > 0"),
)
RL_EXTRA = "the rl extra is not installed: pip install -e '.[rl]' (pettingzoo, gymnasium, open_spiel)"


def ismcts(*args):
    """OpenSpiel's information-set MCTS (Python ISMCTSBot, random rollouts),
    searching worlds drawn from the seat's information. Slow tier: games with
    it run on the reference engine. sims = simulations per decision."""
    raise BotError("ismcts plays through sim.envs (the reference engine), not inside the compiled engine")


ismcts.plays_at_table = True


def ismcts_options(values: dict[str, str], players: int | None) -> np.ndarray:
    """The parameter vector [sims, seed, uct] of an ``ismcts`` spec."""
    allowed = {p.name: float(p.default) for p in PARAMS}
    for key in values:
        if key not in allowed:
            raise BotError(f"bot 'ismcts' has no option {key!r}; options: sims, seed, uct")
    vec = np.zeros(MAX_PARAMS)
    for i, (key, default) in enumerate(allowed.items()):
        raw = values.get(key)
        try:
            vec[i] = default if raw is None else float(raw)
        except ValueError:
            raise BotError(f"ismcts option {key}={raw!r} is not a number") from None
    sims, seed, uct = vec[:3]
    if sims != int(sims) or not MIN_SIMS <= sims <= MAX_SIMS:
        raise BotError(
            f"ismcts sims={values.get('sims')} must be a whole number in {MIN_SIMS}..{MAX_SIMS:,} "
            "(the search's first simulation only makes its root)"
        )
    if seed != int(seed) or seed < 0:
        raise BotError(f"ismcts seed={values.get('seed')} must be a whole number >= 0")
    if not 0 < uct <= MAX_UCT:
        raise BotError(f"ismcts uct={values.get('uct')} must be > 0 and at most {MAX_UCT:g}")
    require_rl()
    return vec


def require_rl() -> None:
    """BotError (one line) when the rl extra is missing."""
    try:
        import open_spiel  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        raise BotError(RL_EXTRA) from None


def register(registry) -> None:
    """Add ``ismcts`` to a game's bot registry."""
    registry.register("ismcts", params=PARAMS, options=ismcts_options, outside=True)(ismcts)


def at_table(seats) -> bool:
    """Whether some seat's bot plays only through a table (an outside agent)."""
    return any(getattr(s.bot.fn, "plays_at_table", False) for s in seats)


def search(table, seat: int, params) -> int:
    """The ismcts decision of ``seat`` at the table's pending decision point."""
    # deferred: loads numba and open_spiel, slow to import (python -X importtime), for this path only
    from open_spiel.python.algorithms import ismcts as os_ismcts, mcts

    from sim.envs import openspiel

    sims, seed, uct = int(params[0]), int(params[1]), float(params[2])
    key = np.random.SeedSequence([seed, int(table.seed) & (2**64 - 1), table.index, seat, len(table.points)])
    rs = np.random.RandomState(key.generate_state(1)[0])
    rand = np.random.default_rng(key.spawn(1)[0])
    game = openspiel.load(table.face, table.rules)
    state = openspiel.State(game, table.replayed(table.history, explicit_chance=True, trace=False))
    bot = os_ismcts.ISMCTSBot(game, _rollouts(mcts)(1, rs), uct, sims, random_state=rs, use_observation_string=False)
    bot.set_resampler(lambda st, player: st.resample(player, rand))
    return int(bot.step(state))


def _rollouts(mcts):
    """OpenSpiel's random-rollout evaluator, rolling out on the state it is
    given instead of a copy: the search hands it a world drawn for this one
    simulation and never reads it again, and a copy costs a replay of the game.
    The engine plays the rollout out itself (`Table.play_out`), drawing the
    same random numbers as OpenSpiel's loop of legal actions and steps."""

    class InPlaceRollout(mcts.RandomRolloutEvaluator):
        def evaluate(self, state):
            randint = self._random_state.randint  # every draw and every legal action is equally likely, as in OpenSpiel's
            state.table.play_out(lambda legal: legal[randint(len(legal))])
            return np.array(state.returns())

    return InPlaceRollout


def play_game(face, rules, seats, seed: int, game: int, log=None):
    """One game on the reference engine with outside agents at the table: the
    game's own stream and the bots' own uniforms, as the reference engine deals
    them; every other seat's bot is called by the engine through the sealed
    path (`Table`'s ``seats``); the record is the engine's."""
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    from sim.envs.table import Table

    table = Table(face, rules, seed, game, trace=log is not None, seats=seats)
    while not table.over:  # only the outside agents' decisions are handed out
        seat = table.request.seat
        table.apply(search(table, seat, seats[seat].params))
    if log is not None:
        for line in table.lines:
            log(line)
    return table.record


def play_batch(game, rules, seats, seed: int, first_game: int, n_games: int):
    """``game.play_batch`` for a table with outside agents: the reference engine's batch."""
    return game.reference_batch(rules, seats, seed, first_game, n_games, play_game=partial(play_game, face(game.name)))

"""The ismcts bot spec: its search reads only the seat's information; specs and the CLI."""

import json
import sys

import numpy as np
import pytest
from numba import njit
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.envs import outside
from sim.envs.faces import face, rules_of
from sim.envs.table import Table
from sim.games import get_game
from sim.games.landunter import layout
from sim.registry import BotError, IllegalBotAction
from sim.sealed import ViewWriteError
from tests.landunter.user_bots import cheater, user_seat

SEARCH = np.array([30, 7, 2.0])  # sims, seed, uct: small, it is the same search at any budget


def _table(game, players, steps, seed=4, rules=None):
    f = face(game)
    table = Table(f, rules_of(f, players, rules), seed, 0)
    rand = np.random.default_rng(seed)
    for _ in range(steps):
        table.apply(table.legal()[rand.integers(len(table.legal()))])
    while len(table.legal()) < 2:
        table.apply(table.legal()[0])
    return table


@pytest.mark.parametrize(
    "game,players,steps,rules",
    [("landunter", 4, 30, None), ("luft", 2, 20, None), ("luft", 2, 14, {"swim": "deck-no-reshuffle"})],
)
def test_its_play_is_unchanged_when_the_hidden_cards_are_dealt_otherwise(game, players, steps, rules):
    """A world the seat cannot tell from the true one (our resampler's) gets the same decision."""
    from sim.envs import openspiel  # noqa: F401  (registers the games)

    table = _table(game, players, steps, rules=rules)
    if rules:  # swim cards left in the deck whose order the seat does not know
        assert len(set(table.engine.swim_deck)) > 1
    seat = table.request.seat
    other = table.replayed(table.face.resample(table, seat, np.random.default_rng(99)), explicit_chance=True)
    assert other.history != table.history  # the hidden part differs ...
    assert [p.view.tolist() for p in other.points if p.seat == seat] == [p.view.tolist() for p in table.points if p.seat == seat]
    assert outside.search(other, seat, SEARCH) == outside.search(table, seat, SEARCH)  # ... the decision does not


@njit(cache=True)
def view_writer(seat, st, params, u):
    """Gives itself a ring back before playing its lowest card."""
    st[layout.S_RINGS + seat] += 1
    return layout.hand_low(st, seat)


@pytest.mark.parametrize(
    "fn,error,text",
    [
        (view_writer, ViewWriteError, "bot 'view_writer' writes to its read-only"),
        (cheater, IllegalBotAction, "bot 'cheater' at seat 0 played card 99"),
    ],
)
def test_the_other_seats_at_an_ismcts_table_are_called_through_the_sealed_path(fn, error, text):
    """A user's bot beside ismcts is called as the engines call it: through its
    sealed plug-in (read-only view: a write is refused naming the bot), under
    the engine's own check of its action."""
    from sim.envs import openspiel  # noqa: F401  (registers the games)

    game = get_game("landunter")
    seats = [user_seat(fn, fn.__name__), game.registry.parse("ismcts:sims=2", 4)] + [game.registry.parse("low", 4)] * 2
    with pytest.raises(error, match=text):
        outside.play_game(face("landunter"), rules_of(face("landunter"), 4), seats, 1, 0)


def test_bad_specs_and_a_missing_extra_are_one_line_bot_errors(monkeypatch):
    registry = get_game("luft").registry
    for spec, text in [
        ("ismcts:sims=0", "sims=0 must be a whole number"),
        ("ismcts:sims=1", r"sims=1 must be a whole number in 2\.\."),  # one simulation only makes the root
        ("ismcts:sims=2.5", "whole number"),
        ("ismcts:depth=3", "no option 'depth'"),
        ("ismcts:uct=-1", "uct=-1 must be > 0"),
    ]:
        with pytest.raises(BotError, match=text):
            registry.parse(spec)
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as without the rl extra
    with pytest.raises(BotError, match=r"pip install -e '.\[rl\]'"):
        registry.parse("ismcts:sims=10")


def test_ismcts_sims_0_on_the_command_line_exits_2_in_one_line():
    result = CliRunner().invoke(app, ["luft", "simulate", "--bots", "ismcts:sims=0", "--games", "1"])
    assert result.exit_code == 2
    assert "sims=0" in result.output and "Traceback" not in result.output


@pytest.mark.slow
def test_a_tournament_seats_ismcts_like_any_bot():
    result = CliRunner().invoke(
        app, ["luft", "tournament", "--bots", "trained,ismcts:sims=3", "--players", "2", "--games", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {r["bot"] for r in data["ranking"]} == {"trained", "ismcts:sims=3"} and data["games"] == 2
    assert sum(r["win_share"]["mean"] for r in data["ranking"]) == pytest.approx(1)


def test_an_outside_agent_that_raises_is_told_in_one_line_naming_it(monkeypatch):
    """The engine's replay that finds a failing bot runs compiled seats; an
    outside agent's own error is reported as it is, naming the agent."""
    from sim.botdebug import BotFailure

    def fails(*args):
        raise RuntimeError("search broke")

    monkeypatch.setattr(outside, "search", fails)
    with pytest.raises(BotFailure, match=r"ismcts:sims=3 raised RuntimeError: search broke \(seed 1, games 0\.\.0\)"):
        api.simulate("luft", {}, "trained,ismcts:sims=3", players=2, games=1, seed=1)

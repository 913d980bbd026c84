"""What every registered game must do, run over `sim.games.GAMES` (pgx's api_test idea).

A new game gets these checks by its one registration line: rules that
round-trip through their strings, the API's JSON contract for simulate,
tournament and trace, a CLI group with the common commands, reference and
compiled engines that agree game for game with every built-in bot seated, and
results that do not depend on how the games are chunked or threaded.
"""

import click
import numba
import numpy as np
import pytest
import typer

from sim import api
from sim.cli import app
from sim.games import GAMES, get_game
from sim.registry import BotError
from sim.runner import Totals

GAME_NAMES = list(GAMES)
FIGURE = {"mean", "ci95"}
TABLE_PLAYERS = 4  # a player count both games allow by default
GAMES_PER_TABLE = 30  # x one table per built-in bot: a few hundred games per game


@pytest.fixture(params=GAME_NAMES)
def game(request):
    return get_game(request.param)


def as_string(value) -> str:
    """A rules value as a user writes it after ``--rules key=``."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value))
    return str(value)


def seats_at(game, name: str, players: int) -> bool:
    """Whether bot ``name`` takes a seat at a table of ``players`` (a bot solved
    for one player count refuses the others)."""
    try:
        game.registry.parse(name, players)
    except BotError:
        return False
    return True


def every_bot_tables(game) -> list[list[str]]:
    """One table per built-in bot, the bots in rotation: every bot sits at
    every seat, next to different neighbours."""
    names = [
        n for n in game.registry.names() if game.registry.get(n).builtin_id >= 0 and seats_at(game, n, TABLE_PLAYERS)
    ]  # not user bots
    return [[names[(t + s) % len(names)] for s in range(TABLE_PLAYERS)] for t in range(len(names))]


def test_every_registered_game_is_known_by_its_name(game):
    assert game.name in GAMES and get_game(game.name) is game


def test_an_unknown_game_names_the_registered_ones():
    with pytest.raises(ValueError) as e:
        get_game("chess")
    assert all(name in str(e.value) for name in GAMES)


def test_cli_has_a_group_for_every_registered_game():
    cli = typer.main.get_command(app)
    ctx = click.Context(cli)
    assert set(GAMES) <= set(cli.list_commands(ctx))
    for name in GAMES:
        group = cli.get_command(ctx, name)  # built on first use (sim.cli.GameGroup)
        assert {"simulate", "tournament", "trace", "bots"} <= set(group.list_commands(ctx)), name


def test_rules_round_trip_through_their_strings(game):
    for players in (3, TABLE_PLAYERS):
        rules = game.rules_cls.from_strings({}, players=players)
        again = game.rules_cls.from_strings({k: as_string(v) for k, v in rules.to_dict().items()})
        assert again == rules
        assert again.to_dict() == rules.to_dict()


def test_an_unknown_rule_is_an_error_naming_it(game):
    with pytest.raises(ValueError, match="no_such_rule"):
        game.rules_cls.from_strings({"no_such_rule": "1"})


def test_simulate_keeps_the_json_contract(game):
    s = api.simulate(game.name, {}, "random", games=40, seed=3, progress=False).summary
    assert {"games", "seconds", "players", "seed", "seats", "complete", "games_requested", "games_played"} <= set(s)
    players = game.rules_cls().players  # the rules' default
    assert (s["games"], s["players"], s["seed"], s["complete"]) == (40, players, 3, True)
    assert len(s["seats"]) == players
    for row in s["seats"]:
        assert row["bot"] == "random"
        for figure in ("win_share", *game.seat_figures):
            assert set(row[figure]) >= FIGURE
    # a game's win is shared out among its winners: the seats' shares add up to 1
    # (each rounded to 6 decimals in the summary)
    assert sum(row["win_share"]["mean"] for row in s["seats"]) == pytest.approx(1.0, abs=1e-5)


def test_the_same_seed_gives_the_same_summary(game):
    first, again = (api.simulate(game.name, {}, "random", games=40, seed=5, progress=False).summary for _ in range(2))
    assert [r["score"] for r in first["seats"]] == [r["score"] for r in again["seats"]]


def test_tournament_keeps_the_json_contract(game):
    entrants = ["random", every_bot_tables(game)[0][0]]
    s = api.tournament(game.name, {}, entrants, players=3, games=24, seed=1, progress=False).summary
    assert {"games", "seatings", "games_per_seating", "ranking", "head_to_head", "complete"} <= set(s)
    assert sorted(r["bot"] for r in s["ranking"]) == sorted(entrants)
    for row in s["ranking"]:
        for figure in ("win_share", *game.seat_figures):
            assert set(row[figure]) >= FIGURE
    assert len(s["head_to_head"]) == len(entrants)


def test_trace_is_the_same_text_for_the_same_game(game):
    texts = {api.trace(game.name, {}, "random", seed=2, game_index=1) for _ in range(2)}
    assert len(texts) == 1 and texts.pop().strip()


def test_reference_and_compiled_engines_agree_with_every_bot_seated(game):
    rules = game.rules_cls.from_strings({}, players=TABLE_PLAYERS)
    for t, names in enumerate(every_bot_tables(game)):
        seats = game.registry.parse_seats(",".join(names), TABLE_PLAYERS)
        compiled = game.play_batch(rules, seats, 100 + t, 0, GAMES_PER_TABLE)
        reference = game.reference_batch(rules, seats, 100 + t, 0, GAMES_PER_TABLE)
        for field in compiled._fields:
            np.testing.assert_array_equal(
                getattr(compiled, field), getattr(reference, field), err_msg=f"{game.name} {field}: table {names}, seed {100 + t}"
            )


def outcomes(game, rules, batches) -> tuple[dict, Totals]:
    """The per-game metrics of batches in game order, and the batches folded as the runner does."""
    metrics = [game.metrics(b, rules) for b in batches]
    totals = Totals()
    for b, m in zip(batches, metrics):
        totals.add(m, game.histograms(b, rules), len(next(iter(m.values()))))
    return {k: np.concatenate([m[k] for m in metrics]) for k in metrics[0]}, totals


def assert_same_outcomes(a, b):
    assert a[0].keys() == b[0].keys()
    for key in a[0]:
        np.testing.assert_array_equal(a[0][key], b[0][key], err_msg=key)
    assert a[1].equals(b[1])


def test_results_do_not_depend_on_chunking_or_threads(game):
    rules = game.rules_cls.from_strings({}, players=TABLE_PLAYERS)
    seats = game.registry.parse_seats(",".join(every_bot_tables(game)[0]), TABLE_PLAYERS)
    whole = outcomes(game, rules, [game.play_batch(rules, seats, 9, 0, 300)])
    parts = outcomes(game, rules, [game.play_batch(rules, seats, 9, a, b - a) for a, b in ((0, 1), (1, 130), (130, 300))])
    assert_same_outcomes(whole, parts)
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        single = outcomes(game, rules, [game.play_batch(rules, seats, 9, 0, 300)])
    finally:
        numba.set_num_threads(before)
    assert_same_outcomes(whole, single)

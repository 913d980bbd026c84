"""`distilled` and `sim <game> distill`: the bot is the policy with its search
weights held at 0, the fit's design matrix scores the options as the kernel
does, a fit recovers a linear teacher, and bad input is one error line."""

from dataclasses import replace

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.registry import Seat
from sim.strong import distill as D
from sim.strong.train import layout_of

GAMES = {"luft": (5, 6), "landunter": (4, 4)}  # game: (players, games played for the checks); Geteilte Luft
# at 5 players, whose preset weighs every free term (greedy-value's pick-up and drop terms too)


def seats_of(game, spec, players):
    return [game.registry.parse(spec, players)] * players


@pytest.mark.parametrize("name", GAMES)
def test_distilled_is_the_policy_kernel_with_its_fixed_weights_zero(name):
    game = api.get_game(name)
    layout = layout_of(game, "distilled")
    assert game.registry.get("distilled").fn is game.registry.get("policy").fn
    row = game.registry.parse("distilled").params
    for b in range(len(layout.players)):
        block = row[b * layout.size : (b + 1) * layout.size]
        assert np.all(block[list(layout.fixed)] == 0.0)
        assert np.any(block != 0.0)  # a preset is loaded in every count's block
    if name == "luft":  # planner's and rollout's weights: the search terms
        assert len(layout.fixed) == 6 and set(layout.free()) | set(layout.fixed) == set(range(layout.size))


@pytest.mark.parametrize("name", GAMES)
def test_the_fits_options_score_as_the_kernel_decides(name):
    """On every decision of distilled self-play where the distilled policy
    weighs options, the option of highest score (weights times `choices`'
    rows) is the action the kernel took."""
    game = api.get_game(name)
    players, games = GAMES[name]
    rules = api.make_rules(game, {}, players)
    seat = game.registry.parse("distilled", players)
    layout = layout_of(game, "distilled")
    weights = layout.block(seat.params, players)
    choices = D.choices_of(game)
    checked = []

    def checking(*args):
        action = seat.bot.fn(*args)
        got = choices(*args[:-2], int(action))
        if got is not None:
            X, taken = got
            checked.append(int(np.argmax(X @ weights)) == taken)
        return action

    game.reference_batch(rules, [Seat("distilled", replace(seat.bot, fn=checking), seat.params)] * players, 3, 0, games)
    assert len(checked) > 50 and all(checked)


@pytest.mark.parametrize("name", GAMES)
def test_a_fit_to_a_linear_teacher_agrees_with_it_on_held_out_decisions(name):
    """The teacher is the distilled policy itself (in the fit's feature space):
    the fit takes its choice on nearly every decision it did not see, far
    more often than the untrained start does."""
    game = api.get_game(name)
    players, games = GAMES[name]
    rules = api.make_rules(game, {}, players)
    layout = layout_of(game, "distilled")
    X, mask, taken = D.log_decisions(game, rules, game.registry.parse("distilled", players), games * 3, 11)
    cut = int(len(taken) * 0.8)
    w = D.fit(X[:cut], mask[:cut], taken[:cut], layout.free(), layout.held(layout.default))
    assert np.all(w[list(layout.fixed)] == 0.0)
    fitted = D.agreement(w, X[cut:], mask[cut:], taken[cut:])
    start = D.agreement(layout.held(layout.default), X[cut:], mask[cut:], taken[cut:])
    assert fitted >= 0.9 and fitted > start


def test_distill_writes_a_policy_weight_file_that_plays_as_its_fit(tmp_path):
    game = api.get_game("luft")
    r = CliRunner().invoke(
        app,
        [
            "luft",
            "distill",
            "--from",
            "distilled",
            "-n",
            "2",
            "--decision-games",
            "4",
            "--generations",
            "0",
            "--out",
            str(tmp_path),
        ],
    )
    assert r.exit_code == 0, r.output
    saved = game.registry.parse(f"policy:file={tmp_path / 'weights.json'}", 2)
    layout = layout_of(game, "distilled")
    assert np.all(layout.block(saved.params, 2)[list(layout.fixed)] == 0.0)
    assert "held-out decisions" in r.output


def test_distill_bad_input_is_one_error_line_and_exit_2():
    r = CliRunner().invoke(app, ["luft", "distill", "--from", "nobot", "-n", "2"])
    assert r.exit_code == 2 and r.output.count("error:") == 1 and "unknown bot 'nobot'" in r.output
    r = CliRunner().invoke(app, ["luft", "distill", "--groups", "-f", "threshold", "-n", "4"])
    assert r.exit_code == 2 and "--groups needs at least 3" in r.output


def test_training_the_distilled_layout_moves_only_its_free_weights():
    from sim.strong.train import train

    game = api.get_game("luft")
    layout = layout_of(game, "distilled")
    start = layout.held(layout.default)
    s = train(
        game,
        api.make_rules(game, {}, 2),
        ["threshold:t=2"],
        games=16,
        generations=2,
        seed=5,
        population=4,
        start=start,
        progress=False,
        bot="distilled",
    )
    w = np.array(s["weights"])
    assert np.all(w[list(layout.fixed)] == 0.0)
    assert np.any(w[layout.free()] != start[layout.free()])  # the optimiser moved the others
    assert len(s["history"]) == 2


def test_distill_in_a_game_without_a_distilled_bot_is_refused_before_any_game():
    from types import SimpleNamespace

    game = SimpleNamespace(name="none", title="No game", registry=SimpleNamespace(names=lambda: []))
    with pytest.raises(ValueError, match="No game has no distilled bot to fit"):
        D.distill(game, SimpleNamespace(players=2), "x", ["x"], decision_games=1, games=1, generations=0, seed=0)

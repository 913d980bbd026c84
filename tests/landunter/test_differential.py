"""Two engines, one truth: the reference and the compiled engine agree game
for game on every output, over 10,000 games with random rule options, player
counts, bot mixes and bot parameters; and decision by decision on the view and
the uniform they hand every bot."""

import numpy as np
import pytest

from sim.games.landunter.outputs import Batch
from sim.games.landunter.rules import Rules
from sim.games.landunter.spec import reference_batch
from strategies.landunter import LANDUNTER_BOTS
from tests.landunter.recorder import recorded

CONFIGS = 250
GAMES_PER_CONFIG = 40  # 10,000 games in all
BLOCKS = 5
SAMPLER_MAX_K = 3  # keep the sampler cheap: it plays out every card


def random_spec(r: np.random.Generator, name: str) -> str:
    bot = LANDUNTER_BOTS.get(name)
    parts = []
    for p in bot.params:
        if r.random() < 0.3:
            continue  # keep the default
        high = min(p.high, SAMPLER_MAX_K) if (name, p.name) == ("sampler", "k") else p.high
        value = int(r.integers(p.low, high + 1)) if p.integer else float(r.uniform(p.low, high))
        parts.append(f"{p.name}={value}")
    if name == "sampler" and not any(x.startswith("k=") for x in parts):
        parts.append(f"k={int(r.integers(1, SAMPLER_MAX_K + 1))}")
    return name + (":" + ";".join(parts) if parts else "")


def random_config(i: int):
    r = np.random.default_rng(2000 + i)
    players = int(r.choice([2, 3, 3, 4, 4, 4, 5, 5, 6]))
    rules = Rules(
        players=players,
        allow_six=True,
        allow_two=True,
        cascade_may_repeat_flipper=bool(r.integers(0, 2)),
        tie_simultaneous=bool(r.integers(0, 2)),
        end_before_cascade=bool(r.integers(0, 2)),
        no_flood_counts_as_lowest=bool(r.integers(0, 2)),
        two_player_deal_played_out=bool(r.integers(0, 2)),
    )
    names = LANDUNTER_BOTS.names()
    weights = np.array([0.3 if n == "sampler" else 1.0 for n in names])
    picks = r.choice(names, size=players, p=weights / weights.sum())
    bots = [LANDUNTER_BOTS.parse(random_spec(r, str(n))) for n in picks]
    return rules, bots, int(r.integers(0, 2**63))


def test_configs_cover_every_option_and_bot():
    cfgs = [random_config(i) for i in range(CONFIGS)]
    assert {c[0].players for c in cfgs} == {2, 3, 4, 5, 6}
    assert {s.bot.name for c in cfgs for s in c[1]} == set(LANDUNTER_BOTS.names())
    for field in (
        "cascade_may_repeat_flipper",
        "tie_simultaneous",
        "end_before_cascade",
        "no_flood_counts_as_lowest",
        "two_player_deal_played_out",
    ):
        assert {getattr(c[0], field) for c in cfgs} == {False, True}


@pytest.mark.parametrize("block", range(BLOCKS))
def test_reference_and_compiled_agree_game_for_game(compiled, block):
    for i in range(block * CONFIGS // BLOCKS, (block + 1) * CONFIGS // BLOCKS):
        rules, bots, seed = random_config(i)
        batch = compiled.play_batch(rules, bots, seed, 1000, GAMES_PER_CONFIG)
        ref = reference_batch(rules, bots, seed, 1000, GAMES_PER_CONFIG)
        where = f"config {i} {rules} bots {[s.spec for s in bots]} seed {seed}, games from 1000"
        for name in Batch._fields:
            np.testing.assert_array_equal(getattr(batch, name), getattr(ref, name), err_msg=f"{name}: {where}")


# Every built-in bot seated; options off their defaults in half the tables.
VIEW_TABLES = [
    (Rules(players=3), "sampler:k=2,counter,random"),
    (
        Rules(
            players=4,
            cascade_may_repeat_flipper=False,
            tie_simultaneous=False,
            end_before_cascade=False,
            no_flood_counts_as_lowest=True,
        ),
        "high,low,mid,dodge",
    ),
    (Rules(players=5), "ring-keeper,counter,random,sampler:k=1,high"),
    (Rules(players=6, allow_six=True, tie_simultaneous=False), "mid,dodge,ring-keeper,low,random,counter"),
]
VIEW_GAMES = 75  # 300 games in all


@pytest.mark.parametrize("rules,specs", VIEW_TABLES)
def test_both_engines_hand_every_bot_the_same_views_and_uniforms(compiled, rules, specs):
    ref = recorded("reference", rules, specs, 77, VIEW_GAMES)
    fast = recorded("compiled", rules, specs, 77, VIEW_GAMES)
    assert len(ref) > VIEW_GAMES * rules.players * 12  # every deal of every game
    assert len(fast) == len(ref)
    for i in np.flatnonzero((fast != ref).any(axis=1))[:1]:
        diff = np.flatnonzero(fast[i] != ref[i]) - 2
        pytest.fail(f"{specs}: decision {i} (seat {int(ref[i, 0])}) differs at view slots {diff}")

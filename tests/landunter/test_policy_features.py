"""The Land unter policy's outcome terms (strategies/landunter/features.py) on
hand-built positions, and weight files of the first layout (21 weights)."""

import itertools
import json

import numpy as np
import pytest

from sim.games.landunter import layout
from sim.strong import weights as W
from strategies.landunter import LANDUNTER_BOTS, features as F, policy as lu
from tests.landunter.test_bots import view


@pytest.mark.parametrize("below,out,m", [(3, 7, 2), (5, 9, 3), (2, 6, 3), (4, 4, 2), (0, 5, 1)])
def test_top_ranks_are_the_exact_chances_of_the_highest_and_second_highest_card(below, out, m):
    # every set of m cards the others may hold, drawn from `out` cards of which `below` are below ours
    first = second = total = 0
    for hold in itertools.combinations(range(out), m):
        above = sum(c >= below for c in hold)
        total += 1
        first += above == 0
        second += above == 1
    assert F.top_ranks(below, out, m) == pytest.approx((first / total, second / total))


def test_flip_if_taking_the_higher_flood_card_tops_every_other_pile():
    st = view([5, 30], tops=(0, 6, 3, 0), offer=(4, 9))
    assert F.flip_if(0, st) == (0.0, 1.0, 0.0)  # 9 > 6; the lower card 4 leaves us under the 9 someone else takes
    st = view([5, 30], tops=(0, 10, 3, 0), offer=(4, 9))
    assert F.flip_if(0, st) == (0.0, 0.0, 0.0)  # a 10 stays above


def test_flip_if_passes_over_others_without_a_ring():
    st = view([5, 30], tops=(7, 11, 3, 0), rings=(2, 0, 3, 3), offer=(2, 5))
    assert F.flip_if(0, st) == (0.0, 1.0, 1.0)  # the 11 without a ring goes out when it flips; then our 7 (or 5) is the highest
    st[layout.S_RINGS + 1] = 1
    assert F.flip_if(0, st) == (0.0, 0.0, 0.0)


def test_flip_if_keeping_our_top_flips_when_it_stays_the_highest_and_ties_flip_too():
    st = view([5, 30], tops=(8, 8, 3, 0), offer=(2, 5))
    assert F.flip_if(0, st)[2] == 1.0  # a tie for the highest: both flip
    st[layout.S_FLOOD_HI] = 9  # whoever takes the 9 tops us
    assert F.flip_if(0, st)[2] == 0.0
    st = view([5, 30], tops=(0, 0, 0, 0), offer=(6, 6))
    assert F.flip_if(0, st) == (1.0, 1.0, 0.0)  # equal flood cards: either is the highest; no pile never flips


def test_outcome_terms_weigh_the_flip_and_the_top_by_the_chances_of_the_card():
    st = view([5, 30, 44], tops=(7, 6, 3, 0), rings=(0, 2, 3, 3), offer=(2, 11))
    below = lu.cards_out_below(0, st)
    flips = F.flip_if(0, st)
    assert flips == (0.0, 1.0, 0.0)
    first, second = F.top_ranks(below[30], below[layout.MAX_CARD + 1], 3)
    y = F.outcome_terms(0, st, below[30], below[layout.MAX_CARD + 1], flips, 1)
    neither = 1 - first - second
    assert y == pytest.approx((first, second, second, second, (2 * first + 11 * second + 7 * neither) / 12, 1 / 11))
    st[layout.S_RINGS] = 1  # with a ring left the flip does not put us out
    assert F.outcome_terms(0, st, below[30], below[layout.MAX_CARD + 1], flips, 1)[3] == 0.0


def test_outcome_chances_count_only_the_others_still_in():
    st = view([5, 30, 44])
    below = lu.cards_out_below(0, st)
    st[layout.S_N_IN] = 3  # one player out: two others play
    y = F.outcome_terms(0, st, below[30], below[layout.MAX_CARD + 1], F.flip_if(0, st), 1)
    assert y[:2] == pytest.approx(F.top_ranks(below[30], below[layout.MAX_CARD + 1], 2))


def test_policy_weights_on_the_chances_play_the_likeliest_highest_or_second_card():
    st = view([5, 30, 58], offer=(2, 11))
    row = np.zeros(lu.LAYOUT.size)
    row[(3 + 1) * lu.N_TABLE] = 1.0  # P(second highest): of 57 cards out, 30 comes second most often
    assert lu.policy(0, st, lu.LAYOUT.vector(row), 0.5) == 30
    row[(3 + 1) * lu.N_TABLE], row[(3 + 0) * lu.N_TABLE] = 0.0, 1.0  # P(highest)
    assert lu.policy(0, st, lu.LAYOUT.vector(row), 0.5) == 58


def test_a_landunter_weight_file_of_the_first_layout_plays_as_its_new_weights_at_0(tmp_path):
    from sim import api

    old = json.loads((lu.LAYOUT.presets / "trained-3p.json").read_text())
    old["weights"], old["players"] = old["weights"][: lu.FIRST_LAYOUT], 4  # trained weights, the first layout's length
    old_file = tmp_path / "old.json"
    old_file.write_text(json.dumps(old))
    padded = old["weights"] + [0.0] * (lu.BLOCK - lu.FIRST_LAYOUT)
    padded_file = W.save(tmp_path / "padded.json", lu.LAYOUT, padded, 4, {}, {})
    assert np.array_equal(lu.LAYOUT.block(LANDUNTER_BOTS.parse(f"policy:file={old_file}").params, 4), padded)

    def games(path):
        """The figures of 60 games against dodge, not the specs."""
        out = api.simulate("landunter", None, f"policy:file={path},dodge,dodge,dodge", players=4, games=60).summary
        return [{k: x for k, x in seat.items() if k != "bot"} for seat in out["seats"]]

    assert games(old_file) == games(padded_file)
    padded[(3 + 2) * lu.N_TABLE] = -5.0  # the expected flip does count
    assert games(W.save(tmp_path / "nudged.json", lu.LAYOUT, padded, 4, {}, {})) != games(old_file)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_trained_reads_the_outcome_terms_at_every_player_count(players):
    # each shipped preset was trained with the outcome terms: some of its weights on them are not 0
    raw = lu.LAYOUT.load(lu.LAYOUT.trained_presets()[players])["weights"]
    assert len(raw) == lu.BLOCK
    block = lu.LAYOUT.block(LANDUNTER_BOTS.parse("trained").params, players)
    assert np.any(block[lu.FIRST_LAYOUT :] != 0.0)

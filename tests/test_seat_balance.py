"""Seat figures of a pooled run (both games' balance analyses)."""

import numpy as np
import pytest

from sim.runner import Totals
from sim.seat_balance import Duplicates, flag, flag_sentence, seat_figures


def totals(wins_per_seat: list[float], games: int) -> Totals:
    t = Totals(games=games)
    for s, w in enumerate(wins_per_seat):
        t.sums[f"seat{s}.win"] = np.array([games, w, w])  # 0/1 wins: sum of squares = sum
        t.hists[f"seat{s}.score"] = np.bincount(np.r_[np.zeros(games // 2, int), np.full(games - games // 2, 4)])
    return t


def test_a_fair_table_is_not_significant():
    fig = seat_figures(totals([2_500, 2_500, 2_500, 2_500], 10_000), 4)
    assert fig["first_share"].mean == pytest.approx(0.25) and fig["first_relative"] == pytest.approx(1.0)
    assert fig["first_p"] == pytest.approx(1.0) and fig["seat_p"] == pytest.approx(1.0)
    assert fig["score_sd"].mean == pytest.approx(2.0, rel=1e-3)  # half 0, half 4


def test_a_favoured_first_seat_is_significant_and_its_ci_excludes_the_fair_share():
    fig = seat_figures(totals([2_800, 2_400, 2_400, 2_400], 10_000), 4)
    assert fig["first_p"] < 1e-6 and fig["seat_p"] < 1e-6  # z ≈ 6.9 for 0.28 vs 0.25 at n = 10,000
    assert fig["first_share"].lo > 0.25
    assert sum(fig["seat_shares"]) == pytest.approx(1.0)


def _row(setting, first_p, seat_p, duplicate_of=""):
    return {"setting": setting, "first_p": first_p, "seat_p": seat_p, "duplicate_of": duplicate_of}


def test_bonferroni_counts_two_tests_per_distinct_setting():
    rows = [_row("a", 0.004, 0.5), _row("b", 0.02, 0.5), _row("c", 0.5, 0.5)]
    tests, threshold = flag(rows, 0.05)
    assert tests == 6 and threshold == pytest.approx(0.05 / 6)
    assert [r["flagged"] for r in rows] == [True, False, False]  # 0.004 < 0.0083; by settings (0.0167) b would pass


def test_a_duplicate_setting_is_neither_counted_nor_a_discovery():
    rows = [_row("default", 1e-9, 0.5), _row("option", 1e-9, 0.5, duplicate_of="default")]
    tests, _ = flag(rows, 0.05)
    assert tests == 2
    assert [r["flagged"] for r in rows] == [True, False]


def test_duplicates_are_settings_with_identical_totals_at_the_same_player_count():
    dup = Duplicates()
    same = totals([2_500, 2_500, 2_500, 2_500], 10_000)
    assert dup.of(4, "default", same) == ""
    assert dup.of(4, "option", totals([2_500, 2_500, 2_500, 2_500], 10_000)) == "default"
    assert dup.of(4, "other", totals([2_501, 2_499, 2_500, 2_500], 10_000)) == ""
    assert dup.of(3, "default", same) == ""  # another player count is another table


def test_the_flag_sentence_names_the_flagged_settings_and_each_duplicate_with_its_original():
    import pandas as pd

    table = pd.DataFrame(
        {
            "players": [3, 3, 6],
            "setting": ["default", "tie=off", "tie=off"],
            "flagged": [False, True, False],
            "duplicate_of": ["", "", "default"],
        }
    )
    text = flag_sentence(table, 4, 0.05, 0.0125, "seat 0 or all seats")
    assert text.startswith(
        "**1 of 2 distinct settings flagged** (seat 0 or all seats; Bonferroni 0.05/4 tests = 0.0125): 3p tie=off."
    )
    assert text.endswith(
        "1 of 3 settings replay another setting's games with identical results and are marked as its duplicates: "
        "6p tie=off (= default)."
    )


def test_the_flag_sentence_leaves_a_long_list_to_the_table():
    import pandas as pd

    n = 13
    table = pd.DataFrame(
        {"players": [4] * n, "setting": [f"air={a}" for a in range(n)], "flagged": [True] * n, "duplicate_of": [""] * n}
    )
    text = flag_sentence(table, 2 * n, 0.05, 0.05 / (2 * n), "seat 0 or all seats")
    assert text.startswith(f"**{n} of {n} distinct settings flagged**")
    assert "air=" not in text

"""Is a seat favoured? The seat figures of one pooled run, for any game.

A balance sweep seats its field balanced (every group in every seat order), so
each bot sits in every seat, and after every other, equally often and what is left between the seats is the seat itself.
Both games' balance analyses flag settings through `flag` (Bonferroni over
the tests run, duplicates of another setting skipped) and read a setting's pooled totals (``seat{s}.win``,
per-game win shares with 1/k for a k-way tie; ``seat{s}.score`` histograms)
through `seat_figures`.
"""

from __future__ import annotations

from sim.stats import chi_square_gof, one_sample, proportion_ci, spread


def seat_figures(t, n: int) -> dict:
    """Seat 0's win share against 1/n (Wilson CI, one-sample t test on per-game
    wins), all seats' shares with a chi-square test that they are equal, and
    the spread (SD) of final scores."""
    wins = t.agg("seat0.win")
    first = proportion_ci(wins[1], int(wins[0]))
    seat_wins = [t.agg(f"seat{s}.win")[1] for s in range(n)]
    chi = chi_square_gof(seat_wins, [1 / n] * n)
    return {
        "games": t.games,
        "first_share": first,
        "first_relative": first.mean * n,
        "first_p": one_sample(wins, 1 / n).p_value,
        "seat_shares": [w / t.games for w in seat_wins],
        "seat_chi2": chi.statistic,
        "seat_p": chi.p_value,
        "score_sd": spread([t.hists[f"seat{s}.score"] for s in range(n)], t.games),
    }


TESTS_PER_SETTING = 2  # seat 0 against 1/n, and all seats equal


class Duplicates:
    """Settings that replay another setting's games with identical results (an
    option that cannot act at this player count): the same test again, so
    neither counted in the correction nor a discovery of its own."""

    def __init__(self):
        self.seen: dict[int, list[tuple[str, object]]] = {}

    def of(self, players: int, setting: str, totals) -> str:
        """The earlier setting at this player count whose totals equal these bit
        for bit, or "" (and remember this one)."""
        for name, other in self.seen.setdefault(players, []):
            if totals.equals(other):
                return name
        self.seen[players].append((setting, totals))
        return ""


def flag(rows: list[dict], alpha: float) -> tuple[int, float]:
    """Bonferroni over the tests actually run: two per distinct setting
    (duplicates, marked by a non-empty ``duplicate_of``, are skipped). Sets each
    row's ``first_flag``, ``seat_flag`` and ``flagged``; returns (tests, threshold)."""
    tests = TESTS_PER_SETTING * sum(1 for r in rows if not r["duplicate_of"])
    threshold = alpha / max(tests, 1)
    for r in rows:
        distinct = not r["duplicate_of"]
        r["first_flag"] = distinct and bool(r["first_p"] < threshold)
        r["seat_flag"] = distinct and bool(r["seat_p"] < threshold)
        r["flagged"] = r["first_flag"] or r["seat_flag"]
    return tests, threshold


def setting_json(row: dict, figures) -> dict:
    """One setting of a balance table (flat columns ``f``, ``f_lo``, ``f_hi``)
    in the JSON shape both games' balance commands print."""
    return {
        "players": row["players"],
        "setting": row["setting"],
        "games": row["games"],
        "first_share": {"mean": row["first_share"], "ci95": [row["first_lo"], row["first_hi"]]},
        "first_p": row["first_p"],
        "seat_p": row["seat_p"],
        "flagged": row["flagged"],
        "duplicate_of": row["duplicate_of"],
        **{f: {"mean": row[f], "ci95": [row[f"{f}_lo"], row[f"{f}_hi"]]} for f in figures},
    }


def flagged_json(rows: list[dict]) -> list[dict]:
    """The flagged settings of a balance table, with both tests' p-values."""
    return [
        {"players": r["players"], "setting": r["setting"], "first_p": r["first_p"], "seat_p": r["seat_p"]}
        for r in rows
        if r["flagged"]
    ]


NAMED_AT_MOST = 12  # longer lists are left to the settings table


def flag_sentence(table, tests: int, alpha: float, threshold: float, tested: str) -> str:
    """The report's count of flagged settings and of duplicates, naming them
    (a duplicate with the setting it replays) when there are few (``table``:
    one row per setting with players, setting, flagged, duplicate_of)."""
    distinct = table[table.duplicate_of == ""]
    flagged, copies = table[table.flagged], table[table.duplicate_of != ""]
    text = (
        f"**{len(flagged)} of {len(distinct)} distinct settings flagged** ({tested}; "
        f"Bonferroni {alpha:g}/{tests} tests = {threshold:.3g})"
    )
    if 0 < len(flagged) <= NAMED_AT_MOST:
        text += ": " + "; ".join(f"{r.players}p {r.setting}" for r in flagged.itertuples())
    text += f". {len(copies)} of {len(table)} settings replay another setting's games with identical results"
    if len(copies):
        text += " and are marked as its duplicates"
    if 0 < len(copies) <= NAMED_AT_MOST:
        text += ": " + "; ".join(f"{r.players}p {r.setting} (= {r.duplicate_of})" for r in copies.itertuples())
    return text + "."

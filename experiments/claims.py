"""Every figure a reader sees, rendered from the experiments' committed files.

A quoted figure sits between ``<!--claim:NAME-->`` (or ``<!--claim:KIND ARG-->``)
and ``<!--/claim-->``; the text in between is what CLAIMS[NAME] (or the
generic KIND with its ARG: a CSV table, an experiment's plots, its run.sh, its
recorded wall time) renders from the committed files (in the notebooks'
comment cells: wrapped into ``# `` lines of its own). The findings pages under
docs/findings/ are made of such spans, so a rerun re-renders them:
``python experiments/claims.py`` rewrites every span. ``--check`` exits 1 when

- a span no longer matches its source,
- a figure (a decimal, a percentage that is not a confidence or power level,
  a duration, a count "N of M") stands outside a span in README.md, the docs or
  experiments/README.md, or
- a direction word ("more", "fewer", "fair", "beyond the CIs", ...) stands
  outside a span in a paragraph that quotes a figure, where it would assert
  something about the data that nothing checks, or
- an analysis's report.md is not what its analysis wrote, or holds a table or
  figure its data files do not (experiments/report_check.py).

The test suite runs the same check and changes figures one at a time to show
that each change is caught.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
import textwrap
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
DOCS = [
    HERE / "README.md",
    HERE.parent / "README.md",
    *sorted((HERE.parent / "docs").rglob("*.md")),
    *sorted((HERE.parent / "notebooks").glob("*.py")),
]
# Pages whose figures are not experiment results: the rules (card values), the
# benchmark logs (each figure dated where it was measured).
UNCHECKED = {"docs/rules", "docs/speed-log.md", "docs/developing/speed.md"}
SPAN = re.compile(r"<!--claim:([a-z0-9_]+)(?: ([^>]*?))?-->(.*?)<!--/claim-->", re.S)


@functools.lru_cache(maxsize=None)
def _summary_text(path: Path) -> str:
    return path.read_text()


def _summary(name: str) -> dict:
    return json.loads(_summary_text(HERE / name / "summary.json"))


def _ci(est: dict, digits: int = 3) -> str:
    lo, hi = est["ci95"]
    return f"{est['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _defaults(name: str) -> list[dict]:
    return [r for r in _summary(name)["results"] if r["setting"] == "default"]


def luft_balance_defaults() -> str:
    rows = _defaults("balance")
    return "; ".join(f"{r['players']} players {_ci(r['first_share'])}" for r in rows)


def landunter_balance_defaults() -> str:
    return " / ".join(_ci(r["first_share"]) for r in _defaults("landunter_balance"))


def _n(x: int) -> str:
    return f"{x:,}"


def _tournaments(search: bool) -> list[dict]:
    return [t for t in _summary("landunter_ranking")["tournaments"] if t["search"] == search]


def _mix(t: dict) -> str:
    """The equilibrium mix with its resample support shares: 'dodge (100% of resamples)'."""
    return ", ".join(
        f"{b} ({t['support_share'][b]:.0%} of resamples)"
        if w > 0.999
        else f"{b} {w:.2f} ({t['support_share'][b]:.0%} of resamples)"
        for b, w in t["equilibrium"].items()
        if w > 1e-6
    )


def landunter_ranking_table() -> str:
    rows = ["| players | first | second | equilibrium of the payoff matrix |", "|---|---|---|---|"]
    for t in _tournaments(False):
        a, b = t["ranking"][:2]
        rows.append(
            f"| {t['players']} | {a['bot']} {_ci(a['win_share'])} ({_n(a['games'])}) | "
            f"{b['bot']} {_ci(b['win_share'])} | {_mix(t)} |"
        )
    return "\n" + "\n".join(rows) + "\n"


def landunter_ranking_best_response() -> str:
    ts = _tournaments(False)
    top = ts[0]["ranking"][0]["bot"]
    four = next(t for t in ts if t["players"] == 4)
    second = four["ranking"][1]["bot"]
    br = four["best_response"][second]
    out = [
        f"{top} is the best response to every other bot (ahead of {second} in {_ci(br['share_ahead'])} of "
        f"4-player games, n = {_n(br['games'])})"
    ]
    exceptions = [
        f"at {t['players']} players `{r['bot']}` beats `{j}` more often ({_ci(r['share_ahead'])})"
        for t in ts
        for j, r in t["best_response"].items()
        if j != top and r["bot"] != top
    ]
    return out[0] + (", except that " + "; ".join(exceptions) if exceptions else "")


def landunter_ranking_search() -> str:
    ts = _tournaments(True)
    slow = _summary("landunter_ranking")["slow_bots"][0].partition(":")[0]
    rows = [next(r for r in t["ranking"] if r["bot"].startswith(slow)) for t in ts]
    whole = all(t["equilibrium"].get(r["bot"], 0) > 0.999 for t, r in zip(ts, rows))
    four = next(t for t in ts if t["players"] == 4)
    top = _tournaments(False)[0]["ranking"][0]["bot"]
    s4 = next(r["bot"] for r in four["ranking"] if r["bot"].startswith(slow))
    order = [r["bot"] for r in four["ranking"]]
    cell = four["payoff"][order.index(s4)][order.index(top)]
    return (
        f"{slow} wins {' / '.join(_ci(r['win_share']) for r in rows)} at "
        f"{' / '.join(str(t['players']) for t in ts)} players (n = {' / '.join(_n(r['games']) for r in rows)})"
        f"{' and is the whole equilibrium mix' if whole else ''}; it finishes ahead of {top} in {cell:.3f} of "
        "4-player games"
    )


def readme_landunter_ranking() -> str:
    four = next(t for t in _tournaments(False) if t["players"] == 4)
    top = four["ranking"][0]
    s4 = next(t for t in _tournaments(True) if t["players"] == 4)
    slow = next(r for r in s4["ranking"] if r["bot"].startswith("sampler"))
    firsts = {t["ranking"][0]["bot"] for t in _tournaments(False)}
    where = "at every player count" if firsts == {top["bot"]} else "at 4 players"
    return (
        f"`{top['bot']}` wins {where}, e.g. {_ci(top['win_share'])} of 4-player games (fair "
        f"0.25, n = {_n(top['games'])} games); `{slow['bot']}` wins {_ci(slow['win_share'])} of the 4-player "
        f"games with the search bot (n = {_n(slow['games'])})"
    )


def _fairness(players: int | None = None, mix: str = "mixed") -> list[dict]:
    return [
        r for r in _summary("landunter_fairness")["results"] if r["mix"] == mix and (players is None or r["players"] == players)
    ]


def landunter_ring_worth() -> str:
    return " / ".join(_ci(r["per_ring"]) for r in _fairness())


def landunter_fairness_findings() -> str:
    rows = _fairness()
    four = _fairness(4)[0]
    rings = {r["rings"]: r for r in four["by_rings"]}
    every = _summary("landunter_fairness")["results"]
    not_flat = sum(r["verdict"].startswith("not flat") for r in every)
    ratios = [r["cluster_se_ratio"] for r in every]
    clustered = (
        f" The regression's SEs are clustered by game (hands of one game share the flood cards and "
        f"deals): {min(ratios):.2f}–{max(ratios):.2f}× the SE that treats hands as independent."
    )
    return (
        f"10 strength points are worth only {' / '.join(format(r['per_10_strength']['mean'], '.3f') for r in rows)} "
        f"points per deal at {' / '.join(str(r['players']) for r in rows)} players. At 4 players a 2-ring hand "
        f"scores {_ci(rings[2]['points'])} points per deal, a 6-ring hand {_ci(rings[6]['points'])}; the "
        f"90th-percentile hand expects {_ci(four['spread'])} points per deal more than the 10th "
        f'(n = {_n(four["hands"])} hands). {not_flat} of {len(every)} settings are "not flat" (spread '
        f"beyond ±{_summary('landunter_fairness')['flat']} points per deal).{clustered}"
    )


def readme_landunter_fairness() -> str:
    four = _fairness(4)[0]
    every = _summary("landunter_fairness")["results"]
    not_flat = sum(r["verdict"].startswith("not flat") for r in every)
    return (
        f"each ring adds {_ci(four['per_ring'])} points per deal at 4 players (mixed field, n = "
        f"{_n(four['hands'])} hands), so the 90th-percentile hand expects {_ci(four['spread'])} points more "
        f'than the 10th; {not_flat} of {len(every)} settings are "not flat"'
    )


def dice_check_findings() -> str:
    d = _summary("dice_check")
    chi = {c["source"]: c for c in d["chi_square"]}
    det = pd.read_csv(HERE / "dice_check" / "equivalence_deck_d3.csv").set_index("metric")["detectable"]
    win, score = (det[det.index.str.startswith("seat") & det.index.str.endswith(m)].max() for m in ("win", "score"))
    return (
        f"chi-square on {_n(d['draws'])} draws each: deck p = {chi['deck']['p_value']:.2f}, d3 p = "
        f"{chi['d3']['p_value']:.2f}; the unreshuffled deck's counts are almost exact (χ² = "
        f"{chi['deck-no-reshuffle']['chi2']:.1e}, p = {chi['deck-no-reshuffle']['p_value']:.2f}). "
        f"{_n(d['games'])} games each on the same seeds: {d['deck_vs_d3']['significant']} of "
        f"{d['deck_vs_d3']['tested']} outcomes differ between deck and d3 at Bonferroni "
        f"0.05/{d['deck_vs_d3']['tested']}; at that α the tests would have detected (80% power) a difference "
        f"in win share of {win:.4f} or in score of {score:.3f} points. Under the reshuffled deck `counter` gains "
        + _counter_gain(d["counter_gain"]["deck"])
        + " over `air`"
    )


def _counter_gain(gain: dict) -> str:
    """A gain of exactly 0 is the same games played twice (nothing left to count), stated without an interval."""
    if gain["mean"] == 0:
        return "exactly 0 (identical win totals on the same seeds: with the deck reshuffled it plays as `air`)"
    return _ci(gain)


def dice_check_no_reshuffle() -> str:
    d = _summary("dice_check")
    nr = d["no_reshuffle"]
    return (
        f"{nr['significant']} of {nr['tested']} outcomes differ, and a card counter gains "
        f"{_ci(d['counter_gain']['deck-no-reshuffle'])} win share in seat 0 against three `air` bots "
        f"(n = {_n(d['games'])} each)"
    )


def readme_dice_check() -> str:
    d = _summary("dice_check")
    same, nr = d["deck_vs_d3"], d["no_reshuffle"]
    return (
        f"over {_n(d['games'])} games on the same seeds no outcome differs between deck and d3 "
        f"({same['significant']} of {same['tested']} tests significant). Drawing *without* reshuffling "
        f"does change the game ({nr['significant']} of {nr['tested']} outcomes differ significantly"
    )


def _air_rows(mix: str, players) -> list:
    d = pd.read_csv(HERE / "air" / "air_by_dive.csv")
    d = d[(d["mix"] == mix) & (d["dive"] == 1)].set_index("players")
    return [d.loc[n] for n in players]


def air_table() -> str:
    players = [2, 3, 4, 6]
    labels = {"threshold:t=2": "threshold:t=2 everywhere", "air": "air (margin 2) everywhere"}
    rows = ["| bots (cycled over the seats) | players | P(air runs out) | divers drowned | turns |", "|---|---|---|---|---|"]
    for mix in _summary("air")["mixes"]:
        r = _air_rows(mix, players)
        air = " / ".join(f"{x.p_air_out:.3f} [{x.p_air_out_lo:.3f}, {x.p_air_out_hi:.3f}]" for x in r)
        rows.append(
            f"| {labels.get(mix, mix.replace(',', ', '))} | {' / '.join(map(str, players))} | {air} | "
            f"{' / '.join(f'{x.drowned:.2f}' for x in r)} | {' / '.join(f'{x.turns:.1f}' for x in r)} |"
        )
    return "\n" + "\n".join(rows) + "\n"


def readme_air() -> str:
    r = _air_rows("threshold:t=2", [2, 3, 4])
    return (
        f"in {r[0].p_air_out:.3f} [{r[0].p_air_out_lo:.3f}, {r[0].p_air_out_hi:.3f}] of 2-player games, "
        f"{r[1].p_air_out:.3f} [{r[1].p_air_out_lo:.3f}, {r[1].p_air_out_hi:.3f}] of 3-player and "
        f"{r[2].p_air_out:.3f} [{r[2].p_air_out_lo:.3f}, {r[2].p_air_out_hi:.3f}] of 4-player games "
        f"(n = {_n(int(r[0].games))} each); a 4-player dive lasts {r[2].turns:.1f} turns and drowns "
        f"{r[2].drowned:.1f} divers on average"
    )


def _lu_balance(setting: str, players: int) -> dict:
    return next(r for r in _summary("landunter_balance")["results"] if r["setting"] == setting and r["players"] == players)


def landunter_balance_flagged() -> str:
    b = _summary("landunter_balance")
    flagged = ", ".join(f"{f['players']} players {f['setting']} (seat test p = {f['seat_p']:.0e})" for f in b["flagged"])
    copies = "; ".join(f"{d['players']} players {d['setting']}" for d in b["duplicates"])
    return (
        f"{len(b['flagged'])} of {b['settings'] - len(b['duplicates'])} distinct settings ({b['tests']} tests) flagged: "
        f"{flagged}; {len(b['duplicates'])} settings replay the default's games with identical results because the "
        f"option cannot act there ({copies})"
    )


def readme_landunter_balance() -> str:
    four = _lu_balance("default", 4)
    return f"seat 0 wins {_ci(four['first_share'])} of 4-player games (n = {_n(four['games'])}); " + landunter_balance_flagged()


def _lu_settings() -> pd.DataFrame:
    return pd.read_csv(HERE / "landunter_balance" / "settings.csv").set_index(["players", "setting"])


def landunter_balance_options() -> str:
    d = _lu_settings()
    tie = d.loc[(3, "tie_simultaneous=off")]
    shares = tie.seat_shares.split("/")
    ebc, dflt3 = d.loc[(3, "end_before_cascade=off")], d.loc[(3, "default")]
    rep, dflt4 = d.loc[(4, "cascade_may_repeat_flipper=off")], d.loc[(4, "default")]
    nf, dflt6 = d.loc[(6, "no_flood_counts_as_lowest=on")], d.loc[(6, "default")]
    return (
        f"with 3 players and tied flips resolved one after another in seat order (`tie_simultaneous=false`) "
        f"the seats win {tie.first_share:.3f} [{tie.first_lo:.3f}, {tie.first_hi:.3f}] / "
        f"{' / '.join(shares[1:])} (p = {tie.seat_p:.0e}). The other options change the shape of a deal: "
        f"`end_before_cascade=false` puts {ebc.eliminated:.3f} instead of {dflt3.eliminated:.3f} players out "
        f"per 3-player deal and changes the score SD from {dflt3.score_sd:.2f} to {ebc.score_sd:.2f}; "
        f"`cascade_may_repeat_flipper=false` changes P(4-player deal ends early) from {dflt4.early_end:.3f} "
        f"[{dflt4.early_end_lo:.3f}, {dflt4.early_end_hi:.3f}] to {rep.early_end:.3f} [{rep.early_end_lo:.3f}, "
        f"{rep.early_end_hi:.3f}]; `no_flood_counts_as_lowest=true` changes the 6-player score SD from "
        f"{dflt6.score_sd:.2f} to {nf.score_sd:.2f}"
    )


def landunter_balance_early_end() -> str:
    d = _lu_settings()
    rows = [d.loc[(n, "default")] for n in (3, 4, 5, 6)]
    never = [(n, r) for n, r in zip((3, 4, 5, 6), rows) if r.early_end == 0]
    text = (
        f"Deals end by the two-or-fewer rule in {rows[0].early_end:.3f} of 3-player deals, "
        f"{rows[1].early_end:.3f} at 4, {rows[2].early_end:.3f} at 5, {rows[3].early_end:.2g} at 6"
    )
    for n, r in never:
        text += f" (none of {_n(int(r.games))} {n}-player games; one-sided 95% upper bound {1 - 0.05 ** (1 / r.games):.1e})"
    text += (
        f"; before round 12 (the rule cut the deal short) in {rows[0].before_last:.3f}, {rows[1].before_last:.3f}, "
        f"{rows[2].before_last:.3f} and {rows[3].before_last:.2g}"
    )
    return text


def seats_tests() -> str:
    s = _summary("landunter_seats")
    tests = s["seat_tests"]
    flagged = sum(t["flagged"] for t in tests)
    worst = max(s["seats"], key=lambda r: abs(r["win_share"]["mean"] - 1 / r["players"]))
    return (
        f"{'None' if flagged == 0 else flagged} of {len(tests)} chi-square tests (seven identical-bot tables and "
        f"the balanced mixed field, per player count) finds unequal seats at Bonferroni {s['alpha']}/{len(tests)} "
        f"(smallest p = {min(t['p'] for t in tests):.3f}); the largest deviation of any seat is "
        f"{_ci(worst['win_share'])} ({worst['players']} players, {worst['table']}, seat {worst['seat']}; fair "
        f"{1 / worst['players']:.3f})"
    )


def seats_passing() -> str:
    s = _summary("landunter_seats")
    rows = s["passing"]
    top = max(rows, key=lambda r: abs(r["win_diff"]["mean"]))
    tests = 2 * len(rows)
    return (
        f"the win share moves by at most {abs(top['win_diff']['mean']):.4f} ({top['candidate']} at "
        f"{top['players']} players: {_ci(top['win_diff'], 4)}, p = {top['win_p']:.3f}, Bonferroni "
        f"{s['alpha']}/{tests}) and the score by at most {max(abs(r['score_diff']['mean']) for r in rows):.3f} "
        f"points; {_flagged_passing(rows)}"
    )


def _flagged_passing(rows: list[dict]) -> str:
    """How many comparisons a Bonferroni test flags, and which, with both outcomes."""
    hits = [r for r in rows if r["flagged"]]
    text = f"{len(hits) or 'none'} of {len(rows)} comparisons flagged"
    if hits:
        text += (
            " ("
            + "; ".join(
                f"{r['candidate']} at {r['players']} players: win {r['win_diff']['mean']:+.4f}, p = {r['win_p']:.4f}, "
                f"score {r['score_diff']['mean']:+.3f}, p = {r['score_p']:.1e}"
                for r in hits
            )
            + ")"
        )
    return text


def _seat_deals(table: str, players: int) -> list[dict]:
    return [d for d in _summary("landunter_seats")["deals"] if d["table"] == table and d["players"] == players]


def seats_deals() -> str:
    first = {n: _seat_deals("mixed field", n)[0] for n in (3, 4, 5)}
    text = (
        f"With the mixed field deals end by the two-or-fewer rule (round 12 included) in "
        f"{_ci(first[3]['p_early_end'])}, {first[4]['p_early_end']['mean']:.3f} and "
        f"{first[5]['p_early_end']['mean']:.3f} of 3-, 4- and 5-player deals (deal 1)"
    )
    if "p_before_round_12" in first[3]:
        text += ", before round 12 in " + ", ".join(f"{first[n]['p_before_round_12']['mean']:.3f}" for n in (3, 4, 5))
    keeper, high = _seat_deals("ring-keeper", 4)[0], _seat_deals("high", 4)[0]
    counter = _seat_deals("counter", 4)
    return text + (
        f", and last {', '.join(format(first[n]['rounds']['mean'], '.2f') for n in (3, 4, 5))} rounds; "
        f"by bot at 4 players: {_ci(keeper['p_early_end'])} with ring-keeper everywhere, "
        f"{_ci(high['p_early_end'])} with high. The card-counting counter's 4-player deals end early "
        f"in {_ci(counter[0]['p_early_end'])} of deal 1 and {_ci(counter[1]['p_early_end'])} of deal 2"
    )


def readme_seats() -> str:
    s = _summary("landunter_seats")
    four = [r for r in s["seats"] if r["table"] == "mixed field" and r["players"] == 4]
    mixed = {n: _seat_deals("mixed field", n)[0]["p_early_end"]["mean"] for n in (3, 4, 5)}
    return (
        f"engine check (the rules treat seats alike, so equal seats are expected by construction): "
        f"{sum(t['flagged'] for t in s['seat_tests'])} of {len(s['seat_tests'])} seat tests significant "
        f"(mixed field, 4 players: seats {' / '.join(format(r['win_share']['mean'], '.3f') for r in four)}, "
        f"n = {_n(s['games'])} games each); " + seats_passing() + f". Deals end by the two-or-fewer rule (round 12 included) in "
        f"{' / '.join(format(mixed[n], '.3f') for n in (3, 4, 5))} of 3 / 4 / 5-player deals"
    )


def _luft_settings() -> pd.DataFrame:
    return pd.read_csv(HERE / "balance" / "settings.csv").set_index(["players", "setting"])


def _share(r) -> str:
    return f"{r.first_share:.3f} [{r.first_lo:.3f}, {r.first_hi:.3f}]"


def _seat0_sides() -> tuple[list[int], list[int]]:
    """Player counts at which seat 0 wins more / less than 1/n beyond its CI (rulebook defaults)."""
    d = _luft_settings()
    rows = [(n, d.loc[(n, "default")]) for n in sorted(d.index.get_level_values(0).unique())]
    return [n for n, r in rows if r.first_lo > r.fair], [n for n, r in rows if r.first_hi < r.fair]


def balance_seat_order() -> str:
    d = _luft_settings()
    up, down = _seat0_sides()
    rel = [d.loc[(n, "default")].first_relative - 1 for n in up]
    six = [float(x) for x in d.loc[(6, "default")].seat_shares.split("/")]
    spread = f"{min(rel):+.0%}" if f"{min(rel):+.0%}" == f"{max(rel):+.0%}" else f"{min(rel):+.0%} to {max(rel):+.0%}"
    return (
        f"Seat 0 is favoured beyond the CIs at {_players(up)} players ({spread} relative) and "
        f"disfavoured at {_players(down)} players; at 6 players the last three seats win {min(six[3:]):.3f}–{max(six[3:]):.3f}"
    )


def balance_turn_back() -> str:
    b = _summary("balance")
    copies = sorted(d["players"] for d in b["duplicates"] if d["setting"] == "turn_back_needs_treasure=off")
    return (
        f"turning back without a treasure replays the default's games exactly at {_players(copies)} players "
        f"(a duplicate: these bots never turned back empty-handed in these games)"
    )


def _players(counts: list[int]) -> str:
    """2, 3, 4 -> '2–4'; otherwise a comma list."""
    if counts and counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def balance_flagged() -> str:
    b = _summary("balance")
    distinct = b["settings"] - len(b["duplicates"])
    kinds = sorted({d["setting"] for d in b["duplicates"]})
    return (
        f"{len(b['flagged'])} of {distinct} distinct settings flagged at {b['alpha']}/{b['tests']} tests "
        f"({b['threshold']:.2g}); {len(b['duplicates'])} of {b['settings']} settings replay the default's games "
        f"with identical results ({', '.join(kinds)} at some player counts) and are not tested again"
    )


def balance_largest() -> str:
    d = _luft_settings()
    rel = d.first_share / d.fair
    n, setting = (rel - 1).abs().idxmax()
    r = d.loc[(n, setting)]
    four = d.loc[4]
    return (
        f"The largest: {n} players, {setting}: seat 0 wins {_share(r)} vs {r.fair:.3g}. At 4 players seat 0 "
        f"wins {_share(four.loc['dives=2'])} with 2 dives, {four.loc['default'].first_share:.3f} with 3, "
        f"{four.loc['dives=4'].first_share:.3f} with 4"
    )


def _moves(a: float, b: float, up: str, down: str) -> str:
    return up if b > a else down


def balance_air() -> str:
    four = _luft_settings().loc[4]
    rows = [four.loc["air=15"], four.loc["default"], four.loc["air=35"]]
    return (
        f"at 4 players the drown rate per diver and dive {_moves(rows[0].drowned, rows[2].drowned, 'rises', 'falls')} "
        f"from {rows[0].drowned:.3f} (air 15) to {rows[1].drowned:.3f} (25) to {rows[2].drowned:.3f} (35), and a game "
        f"lasts {', '.join(format(r.turns, '.1f') for r in rows)} turns"
    )


def balance_stalled() -> str:
    d = _luft_settings()
    n, setting = d.stalled.idxmax()
    stalls = d[d.stalled > 0].index.get_level_values(0).unique()
    return (
        f"appear only at {'–'.join(map(str, (stalls.min(), stalls.max())))} players, at most "
        f"{d.stalled.max():.2%} of dives ({n} players, {setting})"
    )


def balance_last_dive() -> str:
    d = _luft_settings()
    counts = (2, 3, 4, 5, 6)
    rows = [d.loc[(n, "default")] for n in counts]
    four = d.loc[4]
    fig = [f"{r.last_dive_decided:.3f} [{r.last_dive_decided_lo:.3f}, {r.last_dive_decided_hi:.3f}]" for r in rows]
    rising = all(b.last_dive_decided_lo > a.last_dive_decided_hi for a, b in zip(rows, rows[1:]))
    two, three, four_d = (four.loc[k].last_dive_decided for k in ("dives=2", "default", "dives=4"))
    fewer = "more" if two > three > four_d else "fewer" if two < three < four_d else "not steadily more or fewer"
    return (
        f"{fig[0]} of 2-player games, {fig[1]} at 3, {fig[2]} at 4, {fig[3]} at 5 and {fig[4]} at 6 players "
        f"(rulebook defaults, n = {_n(int(min(r.games for r in rows)))} to {_n(int(max(r.games for r in rows)))})"
        + (", rising with every added player beyond the CIs" if rising else "")
        + f". With fewer dives the last one decides {fewer} games (4 players: {two:.3f} with 2 dives, "
        f"{three:.3f} with 3, {four_d:.3f} with 4)"
    )


def readme_balance() -> str:
    d = _luft_settings()
    four = d.loc[(4, "default")]
    up, down = _seat0_sides()
    return (
        f"seat 0 (who starts dive 1) wins more than 1/n beyond the CIs at {_players(up)} players (4 players: "
        f"{_share(four)} vs 1/4, n = {_n(int(four.games))}) and less at {_players(down)} players; "
        f"{balance_flagged()}"
    )


def _meta(players: int) -> dict:
    return next(m for m in _summary("compare_turnback")["meta"] if m["players"] == players)


def turnback_table() -> str:
    rows = [
        "| players | tournament winner | win share [95% CI] (n) | second | equilibrium (share of resamples "
        "with it in the support) |",
        "|---|---|---|---|---|",
    ]
    for m in _summary("compare_turnback")["meta"]:
        a, b = m["ranking"][:2]
        mix = ", ".join(
            f"{f} {w:.2f} ({m['support_share'][f]:.0%})"
            for f, w in m["equilibrium"].items()
            if w > 1e-6 or m["support_share"][f] >= 0.05
        )
        rows.append(
            f"| {m['players']} | {a['spec']} | {_ci(a['win_share'])} ({_n(a['games'])}) | "
            f"{b['family']} {_ci(b['win_share'])} | {mix} |"
        )
    return "\n" + "\n".join(rows) + "\n"


def turnback_depth_2p() -> str:
    r = {x["family"]: x for x in _meta(2)["ranking"]}
    d, g = r["depth"]["win_share"], r["greedy-value"]["win_share"]
    return _vs("depth", d, "greedy-value", g) + f" (n = {_n(r['depth']['games'])} each)"


def turnback_threshold_4p() -> str:
    d = pd.read_csv(HERE / "compare_turnback" / "sweep.csv")
    d = d[(d.family == "threshold") & (d.players == 4)].set_index("value")
    t2 = d.loc[2.0]
    return (
        f"{t2.win_share:.3f} [{t2.win_share_lo:.3f}, {t2.win_share_hi:.3f}] against the field vs "
        f"{d.loc[1.0].win_share:.3f} for t=1 and {d.loc[3.0].win_share:.3f} for t=3 (n = {_n(int(t2.games))} each)"
    )


def turnback_greedy_value() -> str:
    best = [b for b in _summary("compare_turnback")["best"] if b["family"] == "greedy-value"]
    return ", ".join(f"{b['players']} players {b['spec']}" for b in best)


def turnback_air_counter_3p() -> str:
    d = pd.read_csv(HERE / "compare_turnback" / "payoff_3p.csv")
    r = d[(d.row == "air") & (d.column == "counter")].iloc[0]
    return f"{r.share_ahead:.3f} [{r.lo:.3f}, {r.hi:.3f}] (n = {_n(int(r.games))})"


def readme_turnback() -> str:
    meta = _summary("compare_turnback")["meta"]
    by = {}
    for m in meta:
        by.setdefault(m["ranking"][0]["family"], []).append(str(m["players"]))
    return ", ".join(f"`{f}` at {'/'.join(ps)} players" for f, ps in by.items())


SEARCH = ("planner", "rollout")


def _vs(a_name: str, a: dict, b_name: str, b: dict) -> str:
    """'`a` 0.5 [..] ahead of `b` 0.4 [..], beyond the CIs' (or behind, or level with it within the CIs)."""
    if a["ci95"][0] > b["ci95"][1]:
        rel = "ahead of {}, beyond the CIs"
    elif a["ci95"][1] < b["ci95"][0]:
        rel = "behind {}, beyond the CIs"
    else:
        rel = "level with {} within the CIs"
    return f"`{a_name}` {_ci(a)} " + rel.format(f"`{b_name}` {_ci(b)}")


def turnback_cheap_best() -> str:
    parts = []
    for m in _summary("compare_turnback")["meta"]:
        a, b = [r for r in m["ranking"] if r["family"] not in SEARCH][:2]
        parts.append(f"{m['players']} players " + _vs(a["spec"], a["win_share"], b["family"], b["win_share"]))
    return "; ".join(parts)


def turnback_top_two() -> str:
    parts = []
    for m in _summary("compare_turnback")["meta"]:
        a, b = m["ranking"][:2]
        parts.append(f"{m['players']} players " + _vs(a["family"], a["win_share"], b["family"], b["win_share"]))
    return "; ".join(parts)


def turnback_threshold_best() -> str:
    d = pd.read_csv(HERE / "compare_turnback" / "sweep.csv")
    d = d[d.family == "threshold"]
    best = d.loc[d.groupby("players").win_share.idxmax()]
    by: dict[str, list[str]] = {}
    for r in best.itertuples():
        by.setdefault(r.spec, []).append(str(r.players))
    return "; ".join(f"`{spec}` at {', '.join(ps)} players" for spec, ps in by.items())


TARGETS = [
    *(f"luft-{n}p{s}" for n in (2, 3, 4, 5) for s in ("", "-seed10")),
    "luft-6p",
    *(f"landunter-{n}p-targets{s}" for s in ("", "-sampler128", "-sampler16") for n in (3, 4, 5)),
]


def _tournament(name: str) -> dict:
    return json.loads(_summary_text(HERE / "trained" / f"{name}.json"))


def trained_targets() -> str:
    """`trained` against every family at its best parameters: one row per committed tournament."""
    rows = [
        "| game | players | seed | games | win share: `trained` and the best other entrant | head to head: `trained` "
        "ahead of it in |",
        "|---|---|---|---|---|---|",
    ]
    for name in TARGETS:
        t = _tournament(name)
        bots = [r["bot"] for r in t["ranking"]]
        me = bots.index("trained")
        other = 1 if me == 0 else 0
        a, b = t["ranking"][me], t["ranking"][other]
        ahead = t["head_to_head"][me][other]
        game = "Geteilte Luft" if name.startswith("luft") else "Land unter"
        rows.append(
            f"| {game} | {t['players']} | {t['seed']} | {_n(t['games'])} | "
            f"{_vs('trained', a['win_share'], b['bot'], b['win_share'])} | {_ci(ahead)} of games |"
        )
    return "\n" + "\n".join(rows) + "\n"


def trained_seconds() -> str:
    """The target tournaments' own recorded run times (each JSON's `seconds`)."""
    times = [(name, _tournament(name)["seconds"]) for name in TARGETS]
    return (
        f"{duration(sum(t for _, t in times))} for the {len(times)} tournaments above, from "
        f"{duration(min(t for _, t in times))} to {duration(max(t for _, t in times))} each, as each tournament "
        "recorded it (`seconds` in its JSON: wall time on the shared 2-core machine; a tournament whose seatings "
        "were read back from the results store records only the reading)"
    )


def training_seconds() -> str:
    """The training runs' own recorded times (experiments/train/*/summary.json:
    per generation its games over its games per second, the evaluations' wall time)."""
    runs = {}
    for path in sorted((HERE / "train").glob("*/summary.json")):
        history = json.loads(path.read_text())["history"]
        runs[path.parent.name] = sum(g["games"] / g["games_per_second"] for g in history if g["games_per_second"])
    return (
        f"{duration(sum(runs.values()))} of play for the {len(runs)} training runs in `experiments/train/`, from "
        f"{duration(min(runs.values()))} to {duration(max(runs.values()))} each, as each run recorded it "
        "(per generation: its games over its games per second, on the shared 2-core machine)"
    )


def trained_outside() -> str:
    """`trained` against OpenSpiel's IS-MCTS (experiments/outside_agents): one row per table, its rounds pooled."""
    rows = [
        "| game | players | seeds | games | win share: `trained` and `ismcts` | head to head: `trained` ahead of it in |",
        "|---|---|---|---|---|---|",
    ]
    for t in _summary("outside_agents")["tables"]:
        other = f"ismcts:sims={t['sims']}"
        seeds = f"{t['seeds'][0]}" if len(t["seeds"]) == 1 else f"{t['seeds'][0]}-{t['seeds'][-1]}"
        rows.append(
            f"| {'Geteilte Luft' if t['game'] == 'luft' else 'Land unter'} | {t['players']} | {seeds} | {_n(t['games'])} | "
            f"{_vs('trained', t['trained'], other, t['ismcts'])} | {_ci(t['trained_ahead'])} of games |"
        )
    return "\n" + "\n".join(rows) + "\n"


def trained_presets() -> str:
    """How each shipped preset's last training run was set up, and what it won on fresh games."""
    rows = [
        "| game | preset | weights trained at | last training run | fresh win share against its training field |",
        "|---|---|---|---|---|",
    ]
    root = HERE.parent / "strategies"
    for game in ("luft", "landunter"):
        for path in sorted((root / game / "presets").glob("trained-*p.json")):
            w = json.loads(path.read_text())
            tr = w["training"]
            how = (
                "groups of the field, as a tournament seats them"
                if "draw" in tr
                else ("each spec alone at the other seats" if "mixture" in tr else "the field at the other seats")
            )
            rows.append(
                f"| {'Geteilte Luft' if game == 'luft' else 'Land unter'} | `{path.stem}` | {w['players']} players | "
                f"CMA-ES, {tr['generations']} generations × {tr['population']} candidates × {_n(tr['games_per_evaluation'])} "
                f"games, sigma {tr['sigma']}, seed {tr['seed']}, against {', '.join(f'`{f}`' for f in tr['field'])} "
                f"({how}) | {_ci(tr['fresh_win_share'])} |"
            )
    return "\n" + "\n".join(rows) + "\n"


def _turned(rows: list[dict], name_bot: bool) -> str:
    turned = [
        f"{r['figure']} at {r['players']} players"
        + (f" against {r['fields'][0].removeprefix('self-play ')}" if name_bot else "")
        + f" ({r['heuristic']['reading']} → {r['strong']['reading']})"
        for r in rows
        if not r["same_reading"]
    ]
    return f"the reading turns around for {'; '.join(turned)}" if turned else "every figure keeps its reading"


def _strong(game: str) -> str:
    """Strength with the make-up held fixed, then self-play against self-play (one Bonferroni over both)."""
    d = _summary(f"strong_findings/{game}")
    strong = ", ".join(f"`{b}`" for b in d["strong_field"])
    mixed = [r for r in d["results"] if r["make_up"] == "mixed"]
    selfplay = [r for r in d["results"] if r["make_up"] != "mixed"]

    def changed(rows):
        return f"{sum(r['verdict'] == 'changes' for r in rows)} of {len(rows)} figures change"

    return (
        f"with the make-up held fixed (the mixed field with and without {strong}), {changed(mixed)}; "
        f"{_turned(mixed, False)}. {strong}'s self-play against each heuristic bot's self-play: {changed(selfplay)}; "
        f"{_turned(selfplay, True)} (Bonferroni {d['alpha']}/{d['tests']} over all comparisons)"
    )


def strong_findings_luft() -> str:
    return _strong("luft")


def strong_findings_landunter() -> str:
    return _strong("landunter")


def _knob(key: str, value) -> str:
    return f"{key}={value:.3f}" if isinstance(value, float) else f"{key}={value}"


def design_recommendations() -> str:
    """Per game and player count: the recommended rule set (every knob it sets) and why, as the run recorded it."""
    titles = {"luft": "Geteilte Luft", "landunter": "Land unter"}
    parts = []
    for game, by_players in _summary("design")["recommendations"].items():
        picks = [
            f"{n} players "
            + (", ".join(_knob(k, v) for k, v in r["knobs"].items()) or "the rulebook defaults")
            + f" ({r['reason']})"
            for n, r in by_players.items()
        ]
        parts.append(f"{titles[game]}: " + "; ".join(picks))
    return ". ".join(parts)


def design_robustness() -> str:
    """Per game and player count: is the recommendation robust under every field, and where does it flip."""
    titles = {"luft": "Geteilte Luft", "landunter": "Land unter"}
    parts = []
    for game, by_players in _summary("design")["recommendations"].items():
        if not any("skill_curve" in r for r in by_players.values()):
            parts.append(f"{titles[game]}: not judged under several fields in the committed run (it predates --robust)")
            continue
        words = []
        for n, r in by_players.items():
            v = r.get("robust")
            if v is None:  # no pick left the selection: nothing to judge
                words.append(f"{n} players no pick (the defaults stay)")
                continue
            flips = "; ".join(f"{f['metric']} under {f['field']} {f['verdict']}" for f in v["flips"])
            words.append(f"{n} players {'robust' if v['robust'] else 'fragile'}" + (f" (flips: {flips})" if flips else ""))
        parts.append(f"{titles[game]}: " + ", ".join(words))
    return ". ".join(parts)


def _beyond_zero(est: dict) -> str:
    """How an estimate of a gain stands to 0: 'above 0 beyond its CI', 'below ...', or 'not shown apart from 0'."""
    lo, hi = est["ci95"]
    return "above 0 beyond its CI" if lo > 0 else "below 0 beyond its CI" if hi < 0 else "not shown apart from 0"


def _by_sign(rows: list[tuple[int, dict]]) -> str:
    """'2, 3 players not shown apart from 0; 6 players above 0 beyond its CI' from (players, estimate) pairs."""
    groups: dict[str, list[int]] = {}
    for n, est in rows:
        groups.setdefault(_beyond_zero(est), []).append(n)
    return "; ".join(f"at {_players(ns)} players {verdict}" for verdict, ns in groups.items())


def turnback_card_costs() -> str:
    rows = _summary("turnback_card")["players"]
    cost = _by_sign([(r["players"], r["card"]["gives_up"]) for r in rows])
    return (
        f"the fitted rule agrees with {min(r['agreement']['mean'] for r in rows):.2f}–"
        f"{max(r['agreement']['mean'] for r in rows):.2f} of the policy's turn-back answers; the win share given up by "
        f"replacing only its turn-back decision by the card is {cost}; "
        f"the whole card (its own pick-ups too) gives up {min(r['whole_card']['gives_up']['mean'] for r in rows):.2f}–"
        f"{max(r['whole_card']['gives_up']['mean'] for r in rows):.2f}"
    )


def card_rule_costs() -> str:
    rows = _summary("card_rule")["players"]
    return (
        f"the fitted rule agrees with {min(r['agreement']['mean'] for r in rows):.2f}–"
        f"{max(r['agreement']['mean'] for r in rows):.2f} of the policy's plays; the win share it gives up against the "
        f"policy is {_by_sign([(r['players'], r['gives_up']) for r in rows])} ("
        + ", ".join(f"{r['players']} players {_ci(r['gives_up'])}" for r in rows)
        + ")"
    )


def _population(game: str) -> str:
    d = _summary(f"population/{game}-4p")
    its = "; ".join(
        f"iteration {i['iteration']}: {_ci(i['exploitability'])}, {_beyond_zero(i['exploitability'])}" for i in d["iterations"]
    )
    f = d["final"]
    mix = ", ".join(f"{e} {w:.2f}" for e, w in zip(f["entrants"], f["equilibrium"]) if w > 1e-6)
    return f"exploitability of each iteration's equilibrium: {its}. Final equilibrium: {mix}; best member {d['best_member']}"


def population_luft() -> str:
    return _population("luft")


def population_landunter() -> str:
    return _population("landunter")


def air_mixed_dives() -> str:
    d = pd.read_csv(HERE / "air" / "air_by_dive.csv")
    d = d[d["mix"].str.contains("random")].set_index(["players", "dive"])
    return (
        f"at 3 players the air runs out in {d.loc[(3, 1), 'p_air_out']:.3f} of dive 1 vs "
        f"{d.loc[(3, 2), 'p_air_out']:.3f} of dive 2, at 4 players {d.loc[(4, 1), 'drowned']:.3f} vs "
        f"{d.loc[(4, 2), 'drowned']:.3f} divers drown"
    )


# --- generic spans: <!--claim:KIND ARG--> -------------------------------------------------


def duration(seconds: float) -> str:
    seconds = round(seconds)
    h, rest = divmod(seconds, 3600)
    m, sec = divmod(rest, 60)
    return " ".join(f"{v} {u}" for v, u in ((h, "h"), (m, "min"), (sec, "s")) if v or (u == "s" and not h and not m))


def wall_time(directory: str) -> str:
    """The recorded wall time of an experiment's run.sh (wall_time.json), or that none is recorded."""
    path = HERE / directory / "wall_time.json"
    if not path.exists():
        return (
            f"not recorded yet: the committed results predate the recorder; the next `bash experiments/{directory}/run.sh` "
            "writes it"
        )
    w = json.loads(path.read_text())
    load = " / ".join(f"{x:.2f}" for x in w["load_average"])
    return (
        f"{duration(w['seconds'])} for `{w['command']}`, started {w['date'][:16].replace('T', ' ')} UTC on "
        f"{w['cores']} cores, load average {load} (1 / 5 / 15 min) at the end"
    )


def plots(where: str) -> str:
    """Every PNG the experiment wrote (or those a glob names), as images; a page under
    docs/<section>/ sees the site's experiments/ one level up."""
    pngs = sorted(HERE.glob(where) if "*" in where else (HERE / where).rglob("*.png"))
    pngs = [p for p in pngs if "runs" not in p.relative_to(HERE).parts]
    return "\n" + "\n\n".join(f"![{_title(p)}](../experiments/{p.relative_to(HERE).as_posix()})" for p in pngs) + "\n"


def _title(png: Path) -> str:
    return png.relative_to(HERE).as_posix().removesuffix(".png").replace("_", " ").replace("/", ": ")


def run_sh(directory: str) -> str:
    """The commands of the experiment's run.sh, comments and set-up left out."""
    lines = (HERE / directory / "run.sh").read_text().splitlines()
    body = [line for line in lines if line.strip() and not line.lstrip().startswith(("#", "set ", ". ", "cd "))]
    return "\n```text\n" + "\n".join(body) + "\n```\n"


def table(csv: str) -> str:
    """A committed CSV as a Markdown table, every cell as written but its
    relative links, which point from the CSV's folder: from a docs page (one
    folder below docs/) they go through ../experiments/."""
    d = pd.read_csv(HERE / csv, dtype=str, keep_default_na=False)
    folder = "/".join(csv.split("/")[:-1])

    def cell(c: str) -> str:
        c = re.sub(r"\]\((?![a-z]+:|/|#|\.\./)([^)]+)\)", lambda m: f"](../experiments/{folder}/{m[1]})", c)
        return c.replace("|", "\\|")

    rows = ["| " + " | ".join(d.columns) + " |", "|" + "---|" * len(d.columns)]
    rows += ["| " + " | ".join(cell(c) for c in r) + " |" for r in d.itertuples(index=False)]
    return "\n" + "\n".join(rows) + "\n"


# --- the index of experiments: question, size (from the summaries), wall time ----------------


def _size_compare_turnback(s: dict) -> str:
    configs = len(pd.read_csv(HERE / "compare_turnback" / "sweep.csv"))
    return (
        f"{configs} sweep configurations × {_n(s['games'])} games; tournaments with {_n(s['pair_games'])} games "
        "behind every payoff cell"
    )


def _size_strong(_: dict) -> str:
    luft, lu = _summary("strong_findings/luft"), _summary("strong_findings/landunter")
    return (
        f"Geteilte Luft {_players(luft['players'])} players × {_n(luft['games'])} games per field, "
        f"Land unter {_players(lu['players'])} × {_n(lu['games'])}"
    )


def _size_population(_: dict) -> str:
    s = _summary("population/luft-4p")
    return (
        f"{s['players']} players, {len(s['iterations'])} iterations, {s['games_per_evaluation']} games × "
        f"{s['generations']} generations per best response, meta-games of {_n(s['meta_games'])}"
    )


def _size_exploit(_: dict) -> str:
    s = _summary("exploit/small-luft-4p")
    return f"{s['players']} players, {s['games_per_evaluation']} games × {s['generations']} generations per best response"


def _size_seats(s: dict) -> str:
    tables = len({t["table"] for t in s["seat_tests"]}) + 2 * len(s["candidates"])
    return f"{len(s['players'])} player counts × {tables} tables × {_n(s['games'])} games"


#: (folder, findings page, question, size from the folder's summary.json or None).
EXPERIMENTS = [
    (
        "dice_check",
        "dice-check",
        "Does the swim deck give the odds of two d3?",
        lambda s: f"{_n(s['games'])} games per configuration, {_n(s['draws'])} draws per swim source",
    ),
    ("compare_turnback", "compare-turnback", "Which turn-back heuristic is best?", _size_compare_turnback),
    (
        "balance",
        "balance",
        "Does the untested rule set favour a seat?",
        lambda s: f"{s['settings']} settings × {_n(s['games'])} games",
    ),
    (
        "air",
        "air",
        "How fast does the shared air run out?",
        lambda s: f"{len(s['mixes'])} bot mixes × {len(s['players'])} player counts × {_n(s['games'])} games",
    ),
    ("design", "design", "Which rule set would we recommend?", None),
    ("strong_findings", "strong-findings", "Do the headline findings survive strong play?", _size_strong),
    (
        "turnback_card",
        "turnback-card",
        "When does the trained policy turn back, as a card?",
        lambda s: (
            f"{s['position_games']} + {s['position_games']} self-play games per count, "
            f"{_n(s['games'])} head-to-head games per card"
        ),
    ),
    (
        "card_rule",
        "card-rule",
        "Which card does the trained policy play, as a rule?",
        lambda s: (
            f"{s['position_games']} + {s['position_games']} self-play games per count, "
            f"{_n(s['games'])} head-to-head games per rule"
        ),
    ),
    ("population", "population", "What does population play (PSRO) converge to?", _size_population),
    ("exploit", "exploit", "How exploitable is each bot?", _size_exploit),
    (
        "landunter_ranking",
        "landunter-ranking",
        "Which Land unter strategy is best?",
        lambda s: (
            f"{len(s['players'])} player counts × {_n(s['games'])} tournament games; with "
            f"{', '.join(s['slow_bots'])} {len(s['players'])} × {_n(s['slow_games'])}"
        ),
    ),
    (
        "landunter_fairness",
        "landunter-fairness",
        "Do rings make up for a weak hand?",
        lambda s: f"{len(s['players'])} player counts × {len(s['bots']) + 1} bot mixes × {_n(s['games'])} games",
    ),
    (
        "landunter_balance",
        "landunter-balance",
        "Do Land unter's [D] options favour a seat?",
        lambda s: f"{s['settings']} settings × {_n(s['games'])} games",
    ),
    ("landunter_seats", "landunter-seats", "Do the seat or the passing order matter?", _size_seats),
    (
        "pig",
        "pig",
        "Does the simulator find Pig's known optimal answers?",
        lambda s: f"{_n(s['optimal_vs_optimal']['games'])} simulated games per figure, and an exploit run",
    ),
    (
        "distilled",
        "distilled",
        "Does `distilled` keep `trained`'s (Land unter: `sampler:k=64`'s) strength at 20x its speed?",
        None,
    ),
    ("trained", "trained", "Where does the shipped `trained` bot stand?", None),
    (
        "outside_agents",
        "outside-agents",
        "How does `trained` fare against an outside search (OpenSpiel's IS-MCTS)?",
        None,
    ),
]
STATIC_SIZES = {
    "design": "one optuna study per game and player count, plus the defaults' metrics",
    "distilled": (
        "head to head at every player count, a 4-player strong field, the target field of every Geteilte Luft count, "
        "side-by-side speed; sizes in its report"
    ),
    "trained": "tournaments of `trained` against every family at its best parameters",
    "outside_agents": "`trained` against `ismcts` at several budgets; sizes in its report",
}
#: How a page reaches the findings pages and the experiments' folders, by where it lives.
INDEX_LINKS = {"experiments": ("../docs/findings/", ""), "findings": ("", "../experiments/")}


def experiments_index(where: str) -> str:
    """The table of experiments, for a page in experiments/ or docs/findings/ (``where``)."""
    findings, folders = INDEX_LINKS[where]
    rows = ["| experiment | question | size | wall time of its run.sh |", "|---|---|---|---|"]
    for folder, page, question, size in EXPERIMENTS:
        summary = HERE / folder / "summary.json"
        text = size(json.loads(summary.read_text()) if summary.exists() else {}) if size else STATIC_SIZES[folder]
        on_site = (HERE.parent / "docs" / "findings" / f"{page}.md").exists()
        link = f"{findings}{page}.md" if on_site else f"{folders}{folder}/report.md"
        timed = wall_time(folder) if (HERE / folder / "run.sh").exists() else "see the page"
        rows.append(f"| [{page}]({link}) | {question} | {text} | {timed} |")
    return "\n" + "\n".join(rows) + "\n"


def count(where: str) -> str:
    """A whole number of an experiment's summary (``FOLDER KEY[.KEY…]``), as a reader reads it: 1,000,000."""
    folder, keys = where.split(" ")
    value = _summary(folder)
    for key in keys.split("."):
        value = value[key]
    return _n(len(value) if isinstance(value, list) else value)


KINDS = {f.__name__: f for f in (wall_time, plots, run_sh, table, experiments_index, count)}


def _inside(share: dict, exact: float) -> str:
    lo, hi = share["ci95"]
    return "inside" if lo <= exact <= hi else "outside"


def pig_known_answers() -> str:
    s = _summary("pig")
    ex, a = s["exact"], s["exact"]["against"]
    oo, hold = s["optimal_vs_optimal"], s["hold20_vs_optimal"]
    br = s["exploit_hold20"]
    rows = [
        "| figure | exact (value iteration) | simulated: mean [95% CI] (games) | exact value |",
        "|---|---|---|---|",
        f"| optimal vs optimal: the first player wins | {ex['optimal_first_player_win']:.6f} (published "
        f"{s['published_first_player_win']}) | {_ci(oo, 4)} ({_n(oo['games'])}) | "
        f"{_inside(oo, ex['optimal_first_player_win'])} the CI |",
    ]
    for order, key in (("first", "policy_win_first"), ("second", "policy_win_second")):
        f = hold[order]
        rows.append(
            f"| hold:n=20 moving {order} wins against optimal | {a[key]:.6f} | {_ci(f, 4)} ({_n(f['games'])}) | "
            f"{_inside(f, a[key])} the CI |"
        )
    w = br["win_share"]
    rows.append(
        f"| best response to hold:n=20 (both seat orders) | {br['exact_best_response']:.6f} | `sim pig exploit`'s "
        f"policy: {_ci(w, 4)} ({_n(w['games'])}) | {_inside(w, br['exact_best_response'])} the CI; gap "
        f"{br['gap']:.4f} |"
    )
    return "\n" + "\n".join(rows) + "\n"


def pig_published() -> str:
    s = _summary("pig")
    return f"the first player wins {s['published_first_player_win']} of games when both play optimally, goal {s['goal']}"


def _pig_training(summary: dict) -> str:
    """How the shipped preset was trained, when the summary says."""
    t = summary.get("training")
    if t is None:
        return ""
    return (
        f" in {t['generations']} CMA-ES generations of {t['population']} candidates × "
        f"{_n(t['games_per_evaluation'])} games, sigma {t['sigma']}, seed {t['seed']}"
    )


def pig_train() -> str:
    t = _summary("pig")["trained_vs_optimal"]
    m = t["mean"]
    lo, hi = m["ci95"]
    above = "significantly above" if lo > 0.5 else "not significantly above"
    return (
        f"`trained` (the policy `sim pig train --field optimal` found{_pig_training(_summary('pig'))}) wins {_ci(m, 4)} "
        "of its games against "
        f"`optimal` over both seat orders ({_n(m['games'])} fresh games): {abs(0.5 - m['mean']):.4f} from 0.5, "
        f"{'within' if 0.5 - m['mean'] <= 0.01 else 'not within'} 0.01 of it and {above} it"
        + (f"; its exact value (policy evaluation) is {t['exact_mean']:.6f}" if "exact_mean" in t else "")
    )


CLAIMS = {
    f.__name__: f
    for f in (
        luft_balance_defaults,
        landunter_balance_defaults,
        landunter_ring_worth,
        air_mixed_dives,
        landunter_ranking_table,
        landunter_ranking_best_response,
        landunter_ranking_search,
        readme_landunter_ranking,
        landunter_fairness_findings,
        readme_landunter_fairness,
        dice_check_findings,
        dice_check_no_reshuffle,
        readme_dice_check,
        air_table,
        readme_air,
        landunter_balance_flagged,
        readme_landunter_balance,
        turnback_table,
        turnback_depth_2p,
        turnback_threshold_4p,
        readme_turnback,
        landunter_balance_options,
        landunter_balance_early_end,
        seats_tests,
        seats_passing,
        seats_deals,
        readme_seats,
        balance_flagged,
        balance_largest,
        balance_air,
        balance_stalled,
        balance_last_dive,
        readme_balance,
        balance_seat_order,
        balance_turn_back,
        turnback_greedy_value,
        turnback_air_counter_3p,
        turnback_cheap_best,
        turnback_top_two,
        turnback_threshold_best,
        trained_targets,
        trained_outside,
        trained_presets,
        trained_seconds,
        training_seconds,
        strong_findings_luft,
        strong_findings_landunter,
        design_recommendations,
        design_robustness,
        turnback_card_costs,
        card_rule_costs,
        population_luft,
        population_landunter,
        pig_known_answers,
        pig_published,
        pig_train,
    )
}


def claim(name: str, arg: str | None) -> str:
    """What the span <!--claim:NAME ARG--> holds."""
    if arg is not None:
        if name not in KINDS:
            raise KeyError(f"unknown claim kind {name!r}; known: {', '.join(KINDS)}")
        return KINDS[name](arg)
    if name not in CLAIMS:
        raise KeyError(f"unknown claim {name!r}; known: {', '.join(CLAIMS)}")
    return CLAIMS[name]()


def render(text: str, comment: bool = False) -> str:
    """The text with every claim span re-rendered from its source; ``comment``:
    the claim wrapped into ``# `` comment lines between the markers' lines."""

    def fill(m):
        body = claim(m.group(1), m.group(2))
        if comment:
            body = "\n" + textwrap.fill(body, 79, initial_indent="# ", subsequent_indent="# ") + "\n# "
        head = m.group(1) + (f" {m.group(2)}" if m.group(2) is not None else "")
        return f"<!--claim:{head}-->{body}<!--/claim-->"

    return SPAN.sub(fill, text)


# --- what may stand outside a span ----------------------------------------------------------

FIGURE = re.compile(
    r"(?<![\w.\-/=:+])(?:"
    r"\d+ (?:h|min) \d+ s|\d+(?:\.\d+)? ?(?:s|min|h)\b(?! \w+ =)"  # a duration
    r"|\d+ of \d+\b"  # a count of tests, settings, ...
    r"|(?!(?:95|80|90|99)%)\d+(?:\.\d+)?%"  # a percentage other than a confidence or power level
    r"|[+−-]?\d+\.\d+(?!\w|\.\d)"  # a decimal (a full stop may follow)
    r")"
)
DIRECTION = re.compile(
    r"\b(?:more|less|fewer|higher|lower|larger|smaller|better|worse|fair(?! (?:share|1/n))|unfair|favou?red|"
    r"disfavou?red|beats?|wins(?! share)|loses|helps|hurts|rises|falls|shrinks|grows|halves|doubles|holds|changes|"
    r"beyond the CIs?|within the CIs?|significant|not significant|no effect|nearly always|always|never)\b",
    re.I,
)
_CODE_BLOCK = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
_NOT_PROSE = re.compile(r"`[^`\n]*`|<!--.*?-->|\]\([^)]*\)|https?://\S+|Python \d+\.\d+\+?|\(\d+\.\d+\)", re.S)


def _checked(doc: Path) -> bool:
    rel = doc.relative_to(HERE.parent).as_posix()
    return doc.suffix == ".md" and not any(rel == u or rel.startswith(u + "/") for u in UNCHECKED)


def _prose(text: str) -> str:
    """The text as a reader reads it: spans blanked with ▓, code, comments and link targets with ░, lines kept."""
    for pattern, mark in ((SPAN, "▓"), (_CODE_BLOCK, "░"), (_NOT_PROSE, "░")):
        text = pattern.sub(lambda m: re.sub(r"[^\n]", mark, m.group(0)), text)
    return text


#: On the findings pages and the experiments' index a size (1,000,000 games) is a figure too.
SIZE = re.compile(r"(?<![\w.\-/=:+,])\d{1,3}(?:,\d{3})+(?![\w,])")
SIZED = ("docs/findings/", "experiments/README.md")


def bare_figures(text: str, sizes: bool = False) -> list[str]:
    """Figures standing outside any span (``sizes``: whole numbers such as 100,000 too), as 'line N: figure'."""
    prose = _prose(text)
    found = [*FIGURE.finditer(prose), *(SIZE.finditer(prose) if sizes else ())]
    return [f"line {prose.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}" for m in sorted(found, key=lambda m: m.start())]


def loose_words(text: str) -> list[str]:
    """Direction words outside spans in paragraphs that quote a figure, as 'line N: word'."""
    prose = _prose(text)
    out, start = [], 0
    for para in re.split(r"(\n[ \t]*\n)", prose):
        if "▓" in para:
            out += [f"line {prose.count(chr(10), 0, start + m.start()) + 1}: {m.group(0)!r}" for m in DIRECTION.finditer(para)]
        start += len(para)
    return out


_FRESH: set[str] = set()
NAN = re.compile(r"\bnan\b", re.I)


def stale_spans(text: str, comment: bool = False) -> list[str]:
    """Names of the spans in ``text`` that no longer render to themselves."""
    out = []
    for m in SPAN.finditer(text):
        if m.group(0) in _FRESH:
            continue
        if render(m.group(0), comment) == m.group(0):
            _FRESH.add(m.group(0))
        else:
            out.append(m.group(1) + (f" {m.group(2)}" if m.group(2) else ""))
    return out


def problems_in(doc: Path, text: str) -> list[str]:
    """Everything wrong with ``text`` as the content of ``doc``, one line each."""
    name = doc.relative_to(HERE.parent).as_posix()
    out = [f"{name}: stale claim {c}; run python experiments/claims.py" for c in stale_spans(text, doc.suffix == ".py")]
    out += [f"{name}: claim {m.group(1)} renders a missing number (nan)" for m in SPAN.finditer(text) if NAN.search(m.group(3))]
    if _checked(doc):
        out += [f"{name} {f}: a figure outside a claim span" for f in bare_figures(text, name.startswith(SIZED))]
        out += [f"{name} {w}: a direction word outside the claim span of its paragraph" for w in loose_words(text)]
    return out


def _report_check():
    """experiments/report_check.py (loaded by path: this file runs as a script and from the tests)."""
    spec = importlib.util.spec_from_file_location("report_check", HERE / "report_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def problems() -> list[str]:
    """Every problem of the docs' claims and of the analyses' reports (experiments/report_check.py)."""
    return [p for doc in DOCS for p in problems_in(doc, doc.read_text())] + _report_check().problems()


def stale() -> list[str]:
    """Claim spans whose text no longer matches the data, as 'file: name'."""
    return [f"{doc.name}: {c}" for doc in DOCS for c in stale_spans(doc.read_text(), doc.suffix == ".py")]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = problems()
        for b in bad:
            print(b, file=sys.stderr)
        return 1 if bad else 0
    for doc in DOCS:
        doc.write_text(render(doc.read_text(), doc.suffix == ".py"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Fair tournaments: every entrant meets every other in every seat and order.

In Geteilte Luft the diver who moves right after a strong diver is affected
by it, in Land unter hands pass to the left: a fair table balances not only
the seat each entrant holds but who sits at every distance after whom. Each
group of ``players`` entrants is therefore played in every order of its seats
(all n! up to five seats; at six the 120 orders of PGL(2,5), sharply
3-transitive: any two entrants sit in any two seats, and any three in any
three, equally often).

Seatings do not share seeds: seating k plays games k·g … (k+1)·g − 1 of the
seed. Replaying the same deals in every seating (common random numbers) made
the seatings' results correlate positively — a replicated study showed the
true SE 1.1–2.8× the per-game one — so independent games are both simpler to
analyse and more precise per game played. Every figure is then a mean over
independent games with a plain interval; the meta-game's equilibrium is
resampled by games (a Poisson bootstrap: each game weighted by a Poisson(1)
draw keyed by its index), since one game feeds several payoff cells.

With ``repeats`` the groups are every multiset of entrants (an entrant may
fill several seats), so every lineup of the n-player game is played and its
symmetric equilibrium (`metagame.nplayer_equilibrium`) is solved next to the
pairwise one.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement, permutations

import numpy as np

from sim import interrupt
from sim.metagame import nplayer_equilibrium, profiles, support_share
from sim.progress import progress_bar
from sim.runner import DEFAULT_CHUNK, play_chunks, threads_for
from sim.stats import mean_ci, proportion_ci

DESIGN = 2  # version of the seating design and game layout; part of the cache key
RESAMPLES = 200  # bootstrap replicates of the payoff matrix behind the equilibrium's support shares


def seat_orders(players: int) -> list[tuple[int, ...]]:
    """Orders of a group's members over the seats (order[s] = member in seat s):
    all permutations up to five seats; at six the 120 Möbius maps
    x → (ax + b)/(cx + d) of the projective line over GF(5), a sharply
    3-transitive set (every ordered triple of members in every ordered triple
    of seats exactly once), so seat, pair and triple positions all balance."""
    if players <= 5:
        return list(permutations(range(players)))
    if players == 6:
        return _pgl2_5()
    raise ValueError(f"no balanced seat design for {players} players (at most 6)")


def _pgl2_5() -> list[tuple[int, ...]]:
    inf, p = 5, 5

    def apply(a, b, c, d, x):
        if x == inf:
            return inf if c == 0 else a * pow(c, -1, p) % p
        den = (c * x + d) % p
        return inf if den == 0 else (a * x + b) * pow(den, -1, p) % p

    maps = {
        tuple(apply(a, b, c, d, x) for x in range(6))
        for a in range(p)
        for b in range(p)
        for c in range(p)
        for d in range(p)
        if (a * d - b * c) % p
    }
    return sorted(maps)


def seatings(n_entrants: int, players: int, repeats: bool = False) -> list[tuple[int, ...]]:
    """Lineups (entrant index per seat): every group of ``players`` entrants in
    every order of `seat_orders` (with ``repeats`` every multiset of entrants,
    each distinct order once up to five seats). Fewer entrants than seats: the entrants
    repeat in list order to fill the table, starting at each entrant in turn
    (0, 1, 2, 0 / 1, 2, 0, 1 / 2, 0, 1, 2), each in every order; with all
    permutations each distinct lineup of a start once (each appears equally
    often among the n! orders, so dropping repeats keeps the balance)."""
    if n_entrants < 1:
        raise ValueError("a tournament needs at least one entrant")
    orders = seat_orders(players)
    if repeats:
        groups = list(combinations_with_replacement(range(n_entrants), players))
    elif n_entrants >= players:
        groups = list(combinations(range(n_entrants), players))
    else:
        groups = [tuple((k + i) % n_entrants for i in range(players)) for k in range(n_entrants)]
    per_group = [[tuple(group[o] for o in order) for order in orders] for group in groups]
    if (repeats or n_entrants < players) and players <= 5:
        per_group = [list(dict.fromkeys(lineups)) for lineups in per_group]
    return [lineup for lineups in per_group for lineup in lineups]


def field_groups(members: int, size: int) -> list[tuple[int, ...]]:
    """Groups of ``size`` seats filled from ``members`` field members, each
    member alike whatever its place in the list: every combination of
    ``size`` members when there are enough; else every member ``size //
    members`` times plus every combination of the ``size % members`` members
    that fill the remaining seats. Every member, pair and group of members is
    in the same number of groups."""
    if members < 1:
        raise ValueError("the field needs at least one bot")
    q, r = divmod(size, members)
    return [tuple(sorted(list(range(members)) * q + list(extra))) for extra in combinations(range(members), r)]


def field_seatings(members: int, players: int, candidate: bool = False) -> list[tuple[tuple[int, ...], int]]:
    """The balanced seatings of a field (the one design every field analysis
    uses): ``(member per seat, candidate's seat or -1)``. Every group of
    `field_groups` (with ``candidate``: member ``members`` plus every group of
    ``players - 1`` field members) in every order of `seat_orders`, so every
    member, and every pair and group of members, sits in every seat and at
    every distance after every other equally often; an order only depends on
    who is in the group, never on the list's order. A group whose orders
    repeat lineups equally often (repeated members) plays each distinct
    lineup once, which keeps the balance."""
    orders = seat_orders(players)
    if candidate:
        groups = [(*g, members) for g in field_groups(members, players - 1)]
    else:
        groups = field_groups(members, players)
    per_group = [Counter(tuple(group[o] for o in order) for order in orders) for group in groups]
    once = len({c for counts in per_group for c in counts.values()}) == 1
    lineups = [lineup for counts in per_group for lineup in (counts if once else counts.elements())]
    return [(lineup, lineup.index(members) if candidate else -1) for lineup in lineups]


def head_to_head(keys: np.ndarray) -> dict[str, np.ndarray]:
    """Per-game pair results from standing keys [game, seat]: column
    ``pair{a}.{b}`` is 1 when seat a finished ahead of seat b, 1/2 on a tie."""
    n = keys.shape[1]
    out = {}
    for a in range(n):
        for b in range(a + 1, n):
            out[f"pair{a}.{b}"] = (keys[:, a] > keys[:, b]) + 0.5 * (keys[:, a] == keys[:, b])
    return out


class Standings:
    """Per-entrant aggregates over the games of every seating.

    Each game is one independent unit: an entrant's figure per game is the
    mean over the seats it held in that game (one seat unless entrants repeat),
    and the pair cell [i, j] gets one value per game both sat in.
    ``boot[r, i, j]`` holds (Σw, Σw·x) of that cell under bootstrap weights r;
    ``lineup_boot[p][r]`` (Σw, Σw·win of one copy of each entrant) that of the
    lineup multiset p, with r = 0 the unweighted sums (the n-player game).
    """

    def __init__(self, names: list[str], figures: tuple[str, ...], seed: int = 0, resamples: int = RESAMPLES):
        self.names, self.figures = names, ("win",) + tuple(figures)
        self.seed, self.resamples = seed, resamples
        e = len(names)
        self.sums = {f: np.zeros((e, 3)) for f in self.figures}
        self.pair_sums = np.zeros((e, e, 3))  # [i, j]: i's result against j (n, sum, sumsq)
        self.boot = np.zeros((resamples, e, e, 2))
        self.lineup_boot: dict[tuple[int, ...], np.ndarray] = {}
        self.players = 0
        self.games = 0

    def add(self, lineup: tuple[int, ...], cols: dict[str, np.ndarray], first_game: int):
        """Fold in the per-game metric columns of games first_game … of one lineup."""
        n = len(np.asarray(cols["seat0.win"]))
        self.games += n
        present = sorted(set(lineup))
        held = np.array([[x == e for x in lineup] for e in present], dtype=float)
        held /= held.sum(axis=1, keepdims=True)  # an entrant's figure: mean over its seats
        for f in self.figures:
            per_game = held @ np.array([cols[f"seat{s}.{f}"] for s in range(len(lineup))], dtype=float)
            self.sums[f][present] += np.stack([np.full(len(present), n), per_game.sum(1), (per_game**2).sum(1)], 1)
            if f == "win":
                win = per_game
        w = np.random.default_rng([self.seed, first_game]).poisson(1.0, (self.resamples, n)).astype(float)
        self.players = len(lineup)
        acc = self.lineup_boot.setdefault(tuple(sorted(lineup)), np.zeros((self.resamples + 1, 1 + len(self.names))))
        weights = np.vstack([np.ones(n), w])
        acc[:, 0] += weights.sum(1)
        acc[:, [1 + i for i in present]] += weights @ win.T
        cells = {}
        for a in range(len(lineup)):
            for b in range(a + 1, len(lineup)):
                i, j = lineup[a], lineup[b]
                if i != j:  # a repeated pair in one game: average its seat pairs, one value per game
                    x = np.asarray(cols[f"pair{a}.{b}"], dtype=float)
                    cells.setdefault((i, j), []).append(x)
                    cells.setdefault((j, i), []).append(1 - x)
        if not cells:
            return
        keys = list(cells)
        x = np.array([np.mean(cells[key], axis=0) for key in keys])  # [cell, game]
        rows, cols_ = tuple(np.array(keys).T)
        self.pair_sums[rows, cols_] += np.stack([np.full(len(keys), n), x.sum(1), (x * x).sum(1)], 1)
        self.boot[:, rows, cols_, 0] += w.sum(axis=1)[:, None]
        self.boot[:, rows, cols_, 1] += w @ x.T

    def summary(self) -> dict:
        rows = []
        for i, name in enumerate(self.names):
            n, s, _ = self.sums["win"][i]
            row = {"bot": name, "win_share": proportion_ci(s, int(n)).to_json()}
            for f in self.figures[1:]:
                row[f] = mean_ci(*self.sums[f][i]).to_json()
            row["games"] = int(n)
            rows.append(row)
        order = sorted(range(len(rows)), key=lambda i: -rows[i]["win_share"]["mean"])

        def pair(i, j):  # a mean of per-game shares: its interval stays inside [0, 1]
            return None if i == j or self.pair_sums[i, j, 0] == 0 else mean_ci(*self.pair_sums[i, j]).within(0.0, 1.0).to_json()

        matrix = [[pair(i, j) for j in order] for i in order]
        return {"ranking": [rows[i] for i in order], "head_to_head": matrix, "meta_game": self.meta_game(order)}

    def payoff_resamples(self, order: list[int]) -> np.ndarray:
        """The head-to-head matrix (ranking order) under each bootstrap weight
        set; cells never met and the diagonal are 0.5."""
        idx = np.ix_(range(self.resamples), order, order)
        n, s = self.boot[..., 0][idx], self.boot[..., 1][idx]
        return np.where(n > 0, s / np.where(n > 0, n, 1), 0.5)

    def meta_game(self, order: list[int]) -> dict:
        """How often each entrant is in the equilibrium support of the two-player
        "finish ahead of" game when the games are resampled."""
        share = support_share(self.payoff_resamples(order))
        return {
            "solves": "two-player zero-sum game: pick an entrant, score the share of games it finishes "
            "ahead of the opponent's pick (both at this table with the field)",
            "support_share": {self.names[i]: float(x) for i, x in zip(order, share)},
            "resamples": self.resamples,
            "resampled": "games (Poisson bootstrap)",
            "n_player": self.nplayer_game(order),
        }

    def lineup_shares(self, r: int = 0) -> dict[tuple[int, ...], np.ndarray]:
        """Per lineup multiset the win share of one copy of each entrant, as
        played (r = 0) or under bootstrap weights r (`metagame.nplayer_equilibrium`'s input)."""
        return {p: acc[r, 1:] / acc[r, 0] if acc[r, 0] > 0 else acc[0, 1:] / acc[0, 0] for p, acc in self.lineup_boot.items()}

    def nplayer_resamples(self) -> tuple[np.ndarray, float, np.ndarray]:
        """The n-player game's equilibrium as played (weights, regret) and under
        each bootstrap weight set (replicates × entrants): games resampled,
        never payoff cells, since one game feeds several lineups' shares."""
        e, n = len(self.names), self.players
        x, regret = nplayer_equilibrium(self.lineup_shares(), e, n)
        redrawn = np.array(
            [
                nplayer_equilibrium(self.lineup_shares(r), e, n, start=np.maximum(x, 1e-3), steps=20_000)[0]
                for r in range(1, self.resamples + 1)
            ]
        )
        return x, regret, redrawn

    def nplayer_game(self, order: list[int]) -> dict:
        """The symmetric n-player game's equilibrium from every lineup's win shares,
        with seed-resampled (Poisson bootstrap) support shares and 95% percentile
        intervals of the weights; only when the tournament played every lineup."""
        e, n = len(self.names), self.players
        solves = (
            f"symmetric {n}-player game: each player picks an entrant (several may pick the same) and "
            "scores its pick's win share at that table"
        )
        if n < 2 or any(p not in self.lineup_boot for p in profiles(e, n)):
            return {
                "solves": solves,
                "computed": False,
                "why": "needs every lineup with repeated entrants (a tournament with repeats)",
            }

        x, regret, redrawn = self.nplayer_resamples()
        lo, hi = np.percentile(redrawn, [2.5, 97.5], axis=0)
        return {
            "solves": solves,
            "computed": True,
            "regret": regret,
            "equilibrium": {self.names[i]: float(x[i]) for i in order},
            "ci95": {self.names[i]: [float(lo[i]), float(hi[i])] for i in order},
            "support_share": {self.names[i]: float(np.mean(redrawn[:, i] > 1e-6)) for i in order},
        }


def games_per_seating(games: int, n_seatings: int) -> int:
    """``games`` in all, spread evenly over the seatings and rounded up."""
    return max(1, math.ceil(games / n_seatings))


def play(
    game,
    rules,
    entrants,
    games: int,
    seed: int,
    *,
    executor=None,
    progress: bool | None = None,
    repeats: bool = False,
    resamples: int = RESAMPLES,
) -> tuple[Standings, int, float, bool]:
    """Play a tournament of ``games`` games in all (rounded up to whole games per
    seating; ``repeats``: every lineup multiset, see `seatings`): (standings,
    games per seating, seconds, complete). Ctrl-C stops it after the finished
    chunks (complete False: the seatings are then unbalanced)."""

    lineups = seatings(len(entrants), rules.players, repeats)
    g = games_per_seating(games, len(lineups))
    standings = Standings([e.spec for e in entrants], game.seat_figures, seed, resamples)
    items = (
        (k, first, size)
        for k in range(len(lineups))
        for first in range(k * g, (k + 1) * g, DEFAULT_CHUNK)
        for size in [min(DEFAULT_CHUNK, (k + 1) * g - first)]
    )
    work = ((key, game, rules, [entrants[i] for i in lineups[key[0]]], seed, key[1], key[2]) for key in items)
    bar = progress_bar("tournament", progress)
    start, complete = time.perf_counter(), True
    with threads_for(g), bar:
        task = bar.add_task("games", total=g * len(lineups))
        results = play_chunks(work, executor=executor, keep_batches=True, tally=False)  # standings read the batches
        try:
            for (k, first, size), _, batch in results:
                with interrupt.held():
                    standings.add(lineups[k], game.metrics(batch, rules), first)
                    bar.advance(task, size)
        except KeyboardInterrupt:
            complete = False
        finally:
            results.close()  # cancels a cluster's pending chunks
    return standings, g, time.perf_counter() - start, complete

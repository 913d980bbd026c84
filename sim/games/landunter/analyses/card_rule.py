"""Which card to play, as a rule a person can use: fitted to the trained
policy's choices, with its agreement and the win share it gives up.

Positions: the policy plays itself in every seat on the reference engine,
which calls the bot from Python, so each play is recorded: the hand, each
card's share b of the cards still out below it (the policy's own card
feature: cards not in our hand and not played this deal), the higher flood
card on offer, and the card chosen.

The rule: play the card whose share b is closest to t = α + β × (higher flood
card) / 12, the lower card on a tie — fitted by a conditional logit of the
choices with utility −λ(b − t)² (scipy.optimize, bounded), α and β rounded
to twentieths. Agreement: the share of plays where the rule picks the policy's
card, on positions of other games (95% CI clustered by game). The rule is a
`policy` weight vector (score −b² + 2t·b orders the cards as −(b − t)²), so
the head-to-head (`sim.strong.exploit.given_up`: one seat against n − 1
copies of the policy, every seat order, fresh games) plays the printed rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim import plots
from sim.games.landunter import layout
from sim.games.landunter.reference import play_game
from sim.registry import Seat
from sim.report import Report, fmt
from sim.stats import Estimate, clustered_share
from sim.strong.card import FittedCard, fitted_card
from sim.strong.selfplay import self_play
from strategies.landunter import policy

HAND = 12
TARGET_BINS = 21  # chosen shares binned 0, 0.05, ..., 1 for the picture
FLOOD_CARDS = 12  # flood cards run 1 .. 12
TIE = 1e-9  # distinct gaps |b - t| differ by > 1e-6 (b in 1/Nths, N <= 72; t in 1/240ths), ties by float noise


@dataclass(frozen=True)
class Rule:
    """Play the card whose share of the cards out below it is closest to a + b·(higher flood card)/12."""

    a: float
    b: float

    def target(self, flood_hi):
        return self.a + self.b * np.asarray(flood_hi) / 12.0

    def choose(self, shares: np.ndarray, flood_hi) -> np.ndarray:
        """The index of the chosen card per position (nan shares: no card there;
        the first, i.e. lowest, card on a tie)."""
        gap = np.abs(shares - self.target(flood_hi)[:, None])
        return np.argmin(np.where(np.isnan(gap), np.inf, gap), axis=1)

    def text(self) -> str:
        return (
            f"play the card that is higher than a share of the unseen cards closest to "
            f"{self.a:g} + {self.b:g} × (higher flood card) / 12 (the lower card on a tie)"
        )


@dataclass
class Plays:
    game: np.ndarray  # [D] game index of each play
    shares: np.ndarray  # [D, HAND] each card's share b (nan: no card)
    flood_hi: np.ndarray  # [D] the higher flood card on offer
    chosen: np.ndarray  # [D] index of the card played


def plays(rules, seat: Seat, seed: int, first: int, games: int, progress=None) -> Plays:
    """The policy's plays in games first … first + games − 1 of ``seed``, itself in every seat."""
    rows: list[tuple[int, list[float], int, int]] = []

    def record(game, card, p, st, params, u):
        below = policy.cards_out_below(p, st)
        hand = [layout.hand_card(st, p, k) for k in range(layout.hand_n(st, p))]
        terms = [policy.card_terms(c, st[layout.S_N_CARDS], below)[1] for c in hand]
        rows.append((game, terms, st[layout.S_FLOOD_HI], hand.index(card)))

    self_play(play_game, rules, seat, record, seed, first, games, progress)
    shares = np.full((len(rows), HAND), np.nan)
    for i, (_, b, _, _) in enumerate(rows):
        shares[i, : len(b)] = b
    return Plays(
        np.array([r[0] for r in rows], dtype=np.int64),
        shares,
        np.array([r[2] for r in rows], dtype=float),
        np.array([r[3] for r in rows], dtype=np.int64),
    )


def fit(data: Plays) -> Rule:
    """The printable rule: a conditional logit of the choices with utility
    −λ(b − t)², t = α + β·hi/12 (L-BFGS-B from scipy, α and β bounded to
    aims a hand can meet), rounded to twentieths."""
    from scipy.optimize import minimize
    from scipy.special import logsumexp

    rows = np.arange(len(data.chosen))

    def loss(theta):
        t = theta[0] + theta[1] * data.flood_hi / 12.0
        u = -np.exp(theta[2]) * (data.shares - t[:, None]) ** 2
        u = np.where(np.isnan(u), -np.inf, u)
        return -np.mean(u[rows, data.chosen] - logsumexp(u, axis=1))

    # bounded: an aim outside the shares is "the highest / lowest card", not a larger number
    bounds = [(-0.5, 1.5), (-2.0, 2.0), (0.0, 8.0)]
    theta = minimize(loss, np.array([0.5, 0.0, np.log(10.0)]), method="L-BFGS-B", bounds=bounds).x
    return Rule(round(20 * theta[0]) / 20, round(20 * theta[1]) / 20)


def agreement(rule: Rule, data: Plays) -> Estimate:
    """Share of plays where the rule picks the policy's card, clustered by game."""
    return clustered_share(rule.choose(data.shares, data.flood_hi) == data.chosen, data.game)


def rule_weights(rule: Rule) -> np.ndarray:
    """The policy weights that play ``rule``: score −b² + 2(α + β·hi/12)·b, and
    a rank term too small to reorder anything but a tie, where it puts the
    lower card first (in floats the two sides of a tie differ by ~1e-17)."""
    w = np.zeros(policy.BLOCK)
    w[0 * policy.N_TABLE + 0] = -TIE  # rank c / cards × 1
    w[2 * policy.N_TABLE + 0] = -1.0  # b² × 1
    w[1 * policy.N_TABLE + 0] = 2 * rule.a  # b × 1
    w[1 * policy.N_TABLE + 2] = 2 * rule.b  # b × higher flood card / 12
    return w


def chosen_shares(data: Plays) -> np.ndarray:
    """Per higher flood card (columns 0 … 12) the distribution of the chosen
    card's share over TARGET_BINS bins (rows; nan: that card never came up)."""
    b = data.shares[np.arange(len(data.chosen)), data.chosen]
    counts = np.zeros((TARGET_BINS, FLOOD_CARDS + 1))
    np.add.at(counts, (np.rint(b * (TARGET_BINS - 1)).astype(int), data.flood_hi.astype(int)), 1)
    with np.errstate(invalid="ignore"):
        return counts / counts.sum(axis=0, keepdims=True)


class CardRule(FittedCard):
    """Land unter's facts for the fitted card (`sim.strong.card`)."""

    game = "landunter"
    command = "card-rule"
    measures = {
        "agreement": "share of the policy's plays the rule picks too, on positions of other games (95% CI clustered by game)",
        "gives_up": "1/n minus the rule's win share holding one seat against n-1 copies of the policy, every seat "
        "order, fresh games (95% Wilson CI, games as units)",
    }
    never_asked = "the policy played no card in {games} games; give more --position-games"

    def positions(self, rules, seat, seed, first, games, progress):
        return plays(rules, seat, seed, first, games, progress)

    def count(self, positions):
        return len(positions.chosen)

    def fit(self, positions, rules):
        return fit(positions)

    def agreement(self, rule, positions):
        return agreement(rule, positions)

    def rule_json(self, rule):
        return {"a": rule.a, "b": rule.b, "text": rule.text()}

    def cards(self, game, rules, rule, policy):
        return {"card rule": rule_weights(rule)}

    def private(self, fitted, checked, rule, rules):
        return {"_chosen": chosen_shares(fitted), "_rule": rule}

    def report(self, summary, rows, out):
        _report(summary, rows, out)


def card_rule(
    *,
    players_list: list[int],
    bot: str = "trained",
    games: int,
    position_games: int,
    seed: int,
    rules: dict | None = None,
    out: Path | None = None,
    executor=None,
    progress=None,
) -> dict:
    """Per player count: the fitted rule, its agreement and the win share it gives up (module doc)."""
    return fitted_card(
        CardRule(),
        players_list=players_list,
        bot=bot,
        games=games,
        position_games=position_games,
        seed=seed,
        rules=rules,
        out=out,
        executor=executor,
        progress=progress,
    )


def _aim(target: float) -> str:
    """A card cell: the share aimed at, or the end of the hand it picks."""
    return "highest" if target >= 1 else "lowest" if target <= 0 else f"{target:.2f}"


def _report(summary: dict, rows: list[dict], out) -> None:
    import pandas as pd

    report = Report("Land unter: which card to play", out)
    report.text(
        f"The policy `{summary['bot']}` plays itself ({summary['position_games']:,} games for the fit, as many "
        "others for the agreement; reference engine). The rule `play the card whose share of the unseen cards below "
        "it is closest to a + b × (higher flood card)/12` is a conditional-logit fit of its choices, rounded to print. "
        f"It plays one seat against n − 1 copies of the policy in every seat order on {rows[0]['games']:,} fresh "
        "games; win share given up = 1/n − its win share (the policy there wins 1/n), 95% CI."
    )
    table = pd.DataFrame(
        [
            {
                "players": r["players"],
                "aim at a share of": f"{r['rule']['a']:g} + {r['rule']['b']:g}·hi/12",
                "agreement": fmt(r["agreement"]),
                "plays": r["positions"]["check"],
                "gives up": fmt(r["gives_up"]),
                "games": r["games"],
            }
            for r in rows
        ]
    )
    report.table("card_rule", table, "The rule per player count (mean [95% CI])")
    his = np.arange(1, FLOOD_CARDS + 1)
    report.table(
        "card_targets",
        pd.DataFrame([{"players": r["players"], **{f"hi {h}": _aim(float(r["_rule"].target(h))) for h in his}} for r in rows]),
        "Printed card: aim at the card above this share of the unseen cards, by the higher flood card on offer "
        "(highest / lowest: an aim at or beyond the ends picks your highest / lowest card)",
    )
    for r in rows:
        stem = report.plot_stem(f"card_rule_{r['players']}p")
        if stem is None:
            continue
        x = np.arange(r["_chosen"].shape[1])
        report.figure(
            plots.share_panels(
                {"chosen card": r["_chosen"]},
                x,
                np.linspace(0, 1, TARGET_BINS),
                f"{summary['bot']} at {r['players']} players: the chosen card's share of the unseen cards below it, "
                f"per higher flood card (n={r['positions']['fit']:,} plays); agreement of the rule {fmt(r['agreement'])} "
                "(95% CI)",
                stem,
                xlabel="higher flood card on offer",
                ylabel="share of the unseen cards below the card played",
                cbar_label="share of plays (per column)",
                lines={"chosen card": (r["_rule"].target(x), "rule's aim")},
            ),
            f"The policy's choices at {r['players']} players",
        )
    stem = report.plot_stem("gives_up")
    if stem is not None:
        report.figure(
            plots.bars_with_ci(
                [f"{r['players']} players" for r in rows],
                [Estimate(r["gives_up"]["mean"], *r["gives_up"]["ci95"], r["games"]) for r in rows],
                f"Win share the card rule gives up against the full policy, 95% CI (n={rows[0]['games']:,} games per bar)",
                "1/n − rule's win share",
                stem,
                reference_line=0.0,
                reference_label="no loss",
                xlabel="player count",
            ),
            "Win share given up",
        )
    report.save(summary)

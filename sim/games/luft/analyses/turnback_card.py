"""The turn-back card: the trained policy's turn-back decision as a picture and
as a rule a person can play at the table, with the win share the rule gives up.

Positions: the policy plays itself in every seat on the reference engine,
which calls the bot from Python, so each turn-back question it answers is
recorded (game, depth, air left, load, answer) — only the questions the rules
let it answer yes (heading down; carrying treasure when the rules ask it),
and where heading up could still bring the diver home (where no swims can,
either answer drowns and the question changes nothing; see
`can_still_get_home`). The heat maps show the share answered "turn back" per depth × air cell, one
panel per load 1, 2, 3+.

The rule: turn back when air ≤ a + b·depth + c·load, from a logistic
regression of the answers on depth, load and air (scipy.optimize), rounded to
numbers a person reads (a and c to halves, b to twentieths). Its agreement
with the policy is measured on the positions of other games (CI clustered by
game). The printed rule is exactly a `policy` weight vector (turn-back
weights on the constant, air, depth and load features), so the head-to-head
plays the printed rule, in two forms:

- ``card``: the card turns back; pick-up and drop stay the policy's (the
  cost of the turn-back decision alone);
- ``whole card``: the card turns back, picks up a treasure only while the card
  would not yet say "turn back" carrying it, and never drops.

Each holds one seat against n − 1 copies of the policy in every seat order, on
games no other part plays (`sim.strong.exploit.given_up`). The policy in
that seat wins exactly 1/n by symmetry, so the win share given up is 1/n minus
the card's win share, with its 95% Wilson interval shifted (every game is its
own unit: no game is replayed).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim import api, plots
from sim.games.luft import forecast, layout
from sim.games.luft.reference import play_game
from sim.registry import Seat
from sim.report import Report, fmt
from sim.stats import Estimate, clustered_share
from sim.strong.card import FittedCard, fitted_card
from sim.strong.selfplay import self_play
from sim.strong.train import layout_of
from strategies.luft import policy as P

LOADS = ("load 1", "load 2", "load 3+")
MAX_DEPTH = 32
EPS = 1e-6  # "air <= T" as the policy's strict "score > 0": T is a multiple of 1/20, air an integer


@dataclass(frozen=True)
class Rule:
    """Turn back when air ≤ a + b·depth + c·load."""

    a: float
    b: float
    c: float

    def threshold(self, depth, load):
        return self.a + self.b * np.asarray(depth) + self.c * np.asarray(load)

    def turns_back(self, depth, air, load) -> np.ndarray:
        return np.asarray(air) <= self.threshold(depth, load) + EPS

    def text(self) -> str:
        return f"turn back when air left ≤ {self.a:g} + {self.b:g} × depth + {self.c:g} × treasures carried"


def can_still_get_home(st, seat: int) -> bool:
    """Whether heading up from now could bring ``seat`` home with what it
    carries before the air runs out (forecast.p_home_seat > 0). Where no swims
    can, either answer drowns: the question changes nothing and a card needs
    no rule for it (at 5 players the policy keeps heading down there, which
    no rule that turns back with less air left can fit)."""
    return forecast.p_home_seat(st, seat, st[layout.N_CARRIED + seat], True, forecast.SWIM_P) > 0.0


def positions(rules, seat: Seat, seed: int, first: int, games: int, progress=None) -> np.ndarray:
    """The turn-back questions the policy answered in games first … first + games − 1
    of ``seed`` with itself in every seat, where turning back could still bring the
    diver home (`can_still_get_home`): rows (game, depth, air, load, turned back)."""
    rows: list[tuple[int, int, int, int, int]] = []

    def record(game, action, phase, s, st, params, u):
        if phase == layout.PHASE_TURN_BACK and layout.can_turn_back(st, s) and can_still_get_home(st, s):
            rows.append((game, st[layout.POS + s], st[layout.AIR], st[layout.N_CARRIED + s], int(action == layout.TURN_BACK)))

    self_play(play_game, rules, seat, record, seed, first, games, progress)
    return np.array(rows, dtype=np.int64).reshape(-1, 5)


def fit(pos: np.ndarray, max_air: int) -> Rule:
    """The printable rule: a logistic regression of the answers on depth, load
    and air (L-BFGS from scipy, a small ridge so separable answers stay
    finite), its boundary solved for air and rounded."""
    from scipy.optimize import minimize

    _, depth, air, load, back = pos.T
    X = np.column_stack([np.ones(len(pos)), depth / MAX_DEPTH, load / 4.0, air / max_air])
    y = back.astype(float)
    ridge = 1e-4

    def loss(beta):
        z = X @ beta
        p = 0.5 * (1 + np.tanh(z / 2))  # the logistic function, without overflow
        return np.mean(np.logaddexp(0, z) - y * z) + ridge / 2 * beta[1:] @ beta[1:], X.T @ (p - y) / len(y) + ridge * np.r_[
            0, beta[1:]
        ]

    beta = minimize(loss, np.zeros(4), jac=True, method="L-BFGS-B").x
    if beta[3] >= 0:
        raise ValueError("the policy's turn-back answers do not fall with the air left; no rule air <= a + b*depth fits them")
    scale = -max_air / beta[3]  # turn back iff air < scale * (b0 + b1 depth/32 + b2 load/4)
    return Rule(round(2 * beta[0] * scale) / 2, round(20 * beta[1] * scale / MAX_DEPTH) / 20, round(2 * beta[2] * scale / 4) / 2)


def agreement(rule: Rule, pos: np.ndarray) -> Estimate:
    """Share of the policy's answers the rule gives too, clustered by game."""
    game, depth, air, load, back = pos.T
    return clustered_share(rule.turns_back(depth, air, load) == (back == 1), game)


def card_weights(rule: Rule, policy_block: np.ndarray, max_air: int, whole: bool) -> np.ndarray:
    """The policy weights that play ``rule``: its turn-back head says
    a + b·depth + c·load − air > 0; ``whole``: pick up iff that is still ≤ 0
    with the item (the pick-up head reads the features at load + 1), never
    drop; otherwise pick-up and drop are ``policy_block``'s."""
    w = np.array(policy_block, dtype=float)
    head = np.zeros(P.N_FEATURES)
    head[0], head[1], head[2], head[3] = rule.a + EPS, -max_air, rule.b * MAX_DEPTH, rule.c * 4
    w[P.TURN_BACK_W : P.TURN_BACK_W + P.N_FEATURES] = head
    w[P.TURN_BACK_X : P.TURN_BACK_X + P.N_EXTRA] = 0.0  # the rule reads air, depth and load only
    w[P.TURN_BACK_PLAN] = 0.0
    if whole:
        w[P.PICK_UP_PLAN] = w[P.DROP_PLAN] = 0.0
        w[P.PICK_UP_X : P.PICK_UP_X + 2] = w[P.DROP_X : P.DROP_X + 2] = 0.0
        w[P.PICK_UP_W : P.PICK_UP_W + P.N_FEATURES + 1] = np.r_[-head, 0.0]
        w[P.DROP_W : P.DROP_W + P.N_FEATURES + 1] = 0.0  # score 0 is never > 0
    return w


def shares(pos: np.ndarray, max_air: int) -> dict[str, np.ndarray]:
    """Per load panel the share answered "turn back", [air, depth] (nan: never asked)."""
    _, depth, air, load, back = pos.T
    out = {}
    for i, name in enumerate(LOADS):
        sel = load == i + 1 if i < 2 else load >= 3
        asked = np.zeros((max_air + 1, MAX_DEPTH + 1))
        yes = np.zeros_like(asked)
        np.add.at(asked, (air[sel], depth[sel]), 1)
        np.add.at(yes, (air[sel], depth[sel]), back[sel])
        with np.errstate(invalid="ignore"):
            out[name] = yes / asked
    return out


class TurnbackCard(FittedCard):
    """Geteilte Luft's facts for the fitted card (`sim.strong.card`)."""

    game = "luft"
    command = "turnback-card"
    measures = {
        "agreement": "share of the policy's turn-back answers the rule gives too, on positions of other games "
        "(95% CI clustered by game)",
        "gives_up": "1/n minus the rule's win share holding one seat against n-1 copies of the policy, every seat "
        "order, fresh games (95% Wilson CI, games as units)",
        "card": "the rule turns back; pick-up and drop are the policy's",
        "whole_card": "the rule turns back, picks up only while the rule would not turn back with the item, never drops",
    }
    never_asked = "the policy was never asked to turn back in {games} games; give more --position-games"
    resumable = True

    def positions(self, rules, seat, seed, first, games, progress):
        return positions(rules, seat, seed, first, games, progress)

    def count(self, positions):
        return len(positions)

    def fit(self, positions, rules):
        return fit(positions, rules.air)

    def agreement(self, rule, positions):
        return agreement(rule, positions)

    def rule_json(self, rule):
        return {"a": rule.a, "b": rule.b, "c": rule.c, "text": rule.text()}

    def figures(self, positions):
        return {"turn_back_share": float(positions[:, 4].mean())}

    def cards(self, game, rules, rule, policy):
        block = layout_of(game).block(policy.params, rules.players)
        return {name: card_weights(rule, block, rules.air, whole) for name, whole in (("card", False), ("whole card", True))}

    def private(self, fitted, checked, rule, rules):
        both = np.vstack([fitted, checked])
        return {"_positions": both, "_shares": shares(both, rules.air), "_rule": rule}

    def summary_extra(self, game, rules, players_list):
        return {"max_air": api.make_rules(game, rules, players_list[0]).air}

    def report(self, summary, rows, out):
        _report(summary, rows, out)

    def to_table(self, row):
        import pandas as pd

        return pd.DataFrame(row["_positions"], columns=POSITION_COLUMNS)

    def from_stored(self, result):
        row = dict(result.summary)
        pos = result.tables["positions"][POSITION_COLUMNS].to_numpy(np.int64)
        rule = Rule(row["rule"]["a"], row["rule"]["b"], row["rule"]["c"])
        air = result.config["rules"]["air"]  # the stored config holds the resolved rules (`Rules.to_dict`)
        return {**row, "_positions": pos, "_shares": shares(pos, air), "_rule": rule}


def turnback_card(
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
    """Per player count: heat maps, the fitted rule, its agreement and the win
    share it gives up against the full policy (module doc)."""
    return fitted_card(
        TurnbackCard(),
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


def _cell(threshold: float, max_air: int) -> str:
    """A card cell: the highest air left that turns back, or always / never."""
    t = math.floor(threshold + EPS)
    return "always" if t >= max_air else "never" if t < 0 else str(t)


POSITION_COLUMNS = ["game", "depth", "air", "load", "turned_back"]


def _report(summary: dict, rows: list[dict], out) -> None:
    import pandas as pd

    report = Report("Geteilte Luft: the turn-back card", out)
    report.text(
        f"The policy `{summary['bot']}` answers every turn-back question in self-play "
        f"({summary['position_games']:,} games for the fit, as many others for the agreement; reference engine) "
        "where heading up could still bring the diver home (elsewhere either answer drowns). "
        "The rule `turn back when air ≤ a + b × depth + c × treasures carried` is a logistic fit of its answers, "
        "rounded to print. `card`: the rule turns back, the policy picks up and drops; `whole card`: the rule also "
        "picks up only while it would not turn back with the item, and never drops. Each plays one seat against "
        f"n − 1 copies of the policy in every seat order on {rows[0]['card']['games']:,} fresh games; win share given "
        "up = 1/n − its win share (the policy there wins 1/n), 95% CI."
    )
    table = pd.DataFrame(
        [
            {
                "players": r["players"],
                "rule: turn back when air ≤": f"{r['rule']['a']:g} + {r['rule']['b']:g}·depth + {r['rule']['c']:g}·load",
                "agreement": fmt(r["agreement"]),
                "positions": r["positions"]["check"],
                "card gives up": fmt(r["card"]["gives_up"]),
                "whole card gives up": fmt(r["whole_card"]["gives_up"]),
                "games": r["card"]["games"],
            }
            for r in rows
        ]
    )
    report.table("turnback_card", table, "The card per player count (mean [95% CI])")
    depths = list(range(4, MAX_DEPTH + 1, 4))
    card = pd.DataFrame(
        [
            {
                "players": r["players"],
                "load": load,
                **{f"depth {d}": _cell(r["_rule"].threshold(d, load), summary["max_air"]) for d in depths},
            }
            for r in rows
            for load in (1, 2, 3)
        ]
    )
    report.table(
        "card_thresholds",
        card,
        "Printed card: turn back when air left ≤ the number (depth in fields from the submarine; "
        "always: at any air left, never: not even at 0)",
    )
    for r in rows:
        n = r["players"]
        stem = report.plot_stem(f"turnback_{n}p")
        if stem is None:
            continue
        x = np.arange(MAX_DEPTH + 1)
        lines = {name: (r["_rule"].threshold(x, min(i + 1, 3)), f"rule (load {min(i + 1, 3)})") for i, name in enumerate(LOADS)}
        report.figure(
            plots.share_panels(
                r["_shares"],
                x,
                np.arange(r["_shares"][LOADS[0]].shape[0]),
                f"{summary['bot']} at {n} players: share of turn-back questions answered yes "
                f"(n={r['positions']['fit'] + r['positions']['check']:,} positions); agreement of the rule "
                f"{fmt(r['agreement'])} (95% CI)",
                stem,
                xlabel="depth (fields from the submarine)",
                ylabel="air left",
                cbar_label="share turned back",
                lines=lines,
            ),
            f"Turn-back decisions at {n} players",
        )
    stem = report.plot_stem("gives_up")
    if stem is not None:
        labels = [f"{r['players']}p {k.replace('_', ' ')}" for r in rows for k in ("card", "whole_card")]
        est = [
            Estimate(r[k]["gives_up"]["mean"], *r[k]["gives_up"]["ci95"], r[k]["games"])
            for r in rows
            for k in ("card", "whole_card")
        ]
        report.figure(
            plots.bars_with_ci(
                labels,
                est,
                f"Win share the card gives up against the full policy, 95% CI (n={rows[0]['card']['games']:,} games per bar)",
                "1/n − card's win share",
                stem,
                reference_line=0.0,
                reference_label="no loss",
                xlabel="player count and card",
            ),
            "Win share given up",
        )
    report.save(summary)

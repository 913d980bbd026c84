"""A rule a person can play at the table, fitted to a trained policy's
decisions, with its agreement and the win share it gives up. For any game.

A game hands in its facts as a `FittedCard`: which decisions it records
(the policy plays itself in every seat on the reference engine,
`sim.strong.selfplay`), how a rule is fitted to them and how well it agrees
with the policy, and which seats play the printed rule. The skeleton does
the rest, per player count: the decisions of ``position_games`` games to fit
the rule and as many other games to check its agreement, then each card seat
against n − 1 copies of the policy in every seat order on games no other
part plays (`sim.strong.exploit.given_up`): the policy in that seat wins
exactly 1/n by symmetry, so the win share given up is 1/n minus the card's.
"""

from __future__ import annotations

from pathlib import Path

from sim import api, interrupt, store
from sim.registry import Seat
from sim.stats import Estimate
from sim.strong.exploit import given_up
from sim.strong.selfplay import policy_seat
from sim.strong.train import candidate, generation_seed

HEAD_TO_HEAD = 2**33  # seed stream of the head-to-head games, apart from the training streams


class FittedCard:
    """One game's facts for the fitted card (a game subclasses it)."""

    game: str  # the game's registered name
    command: str  # the CLI command, in stored runs' configs
    measures: dict[str, str]  # what each figure of the summary means
    never_asked: str  # the error when the policy made no decision to fit: "… in {games} games; …"

    def positions(self, rules, seat: Seat, seed: int, first: int, games: int, progress):
        """The policy's recorded decisions in games first … first + games − 1 of ``seed``."""
        raise NotImplementedError

    def count(self, positions) -> int:
        """How many decisions ``positions`` holds."""
        raise NotImplementedError

    def fit(self, positions, rules):
        """The printable rule fitted to the decisions."""
        raise NotImplementedError

    def agreement(self, rule, positions) -> Estimate:
        """The share of the decisions the rule makes too (CI clustered by game)."""
        raise NotImplementedError

    def rule_json(self, rule) -> dict:
        raise NotImplementedError

    def figures(self, positions) -> dict:
        """Figures of the checked decisions after the agreement (none by default)."""
        return {}

    def cards(self, game, rules, rule, policy: Seat) -> dict:
        """The policy weights of each card that plays ``rule``, by the card's name."""
        raise NotImplementedError

    def costs(self, game, rules, rule, policy: Seat, games: int, seed: int, executor) -> dict:
        """What the cards playing ``rule`` give up against ``policy``
        (`sim.strong.exploit.given_up`, on the games of ``seed``): a lone
        card's figures as they are, several cards' under their names (``_`` for spaces)."""
        costs = {
            name: given_up(game, rules, candidate(game, weights, name), policy, games, seed, executor)
            for name, weights in self.cards(game, rules, rule, policy).items()
        }
        if len(costs) == 1:
            return next(iter(costs.values()))
        return {name.replace(" ", "_"): figures for name, figures in costs.items()}

    def private(self, fitted, checked, rule, rules) -> dict:
        """The report's data (keys start with ``_``: not in the summary)."""
        raise NotImplementedError

    def summary_extra(self, game, rules: dict | None, players_list: list[int]) -> dict:
        """Summary entries after the position games."""
        return {}

    def report(self, summary: dict, rows: list[dict], out) -> None:
        raise NotImplementedError

    # Resumable runs (with --out, each player count kept under out/runs as it finishes): a game that keeps
    # them gives its decisions as a table and back.
    resumable: bool = False

    def to_table(self, row: dict):
        raise NotImplementedError

    def from_stored(self, result) -> dict:
        raise NotImplementedError


def fitted_card(
    card: FittedCard,
    *,
    players_list: list[int],
    bot: str,
    games: int,
    position_games: int,
    seed: int,
    rules: dict | None = None,
    out: Path | None = None,
    executor=None,
    progress=None,
) -> dict:
    """Per player count: the fitted rule, its agreement and the win share it gives up; the summary."""
    game = api.get_game(card.game)
    if position_games < 1 or games < 1:
        raise ValueError("--games and --position-games must be at least 1")
    rows = []
    for n in players_list:
        rules_obj = api.make_rules(game, rules, n)
        seat = policy_seat(game, bot, n)
        if card.resumable:
            rows.append(_resumed(card, game, rules_obj, seat, games, position_games, seed, out, executor, progress))
        else:
            rows.append(player_count(card, game, rules_obj, seat, games, position_games, seed, executor, progress))
    summary = {
        "game": card.game,
        "bot": bot,
        "rules": rules or {},
        "seed": seed,
        "games": games,
        "position_games": position_games,
        **card.summary_extra(game, rules, players_list),
        "measures": card.measures,
        "players": [{k: r[k] for k in r if not k.startswith("_")} for r in rows],
        "complete": True,
    }
    card.report(summary, rows, out)
    return summary


def player_count(card: FittedCard, game, rules, seat: Seat, games: int, position_games: int, seed: int, executor, progress):
    """One player count's row: the decisions, the fitted rule, its agreement and what it gives up."""
    n = rules.players
    fitted = card.positions(rules, seat, seed, 0, position_games, progress)
    checked = card.positions(rules, seat, seed, position_games, position_games, progress)
    if not card.count(fitted) or not card.count(checked):
        raise ValueError(card.never_asked.format(games=position_games))
    rule = card.fit(fitted, rules)
    h2h_seed = generation_seed(seed, HEAD_TO_HEAD + n)
    return {
        "players": n,
        "positions": {"fit": card.count(fitted), "check": card.count(checked)},
        "rule": card.rule_json(rule),
        "agreement": card.agreement(rule, checked).to_json(),
        **card.figures(checked),
        "head_to_head_seed": h2h_seed,
        **card.costs(game, rules, rule, seat, games, h2h_seed, executor),
        **card.private(fitted, checked, rule, rules),
    }


def _resumed(card: FittedCard, game, rules, seat: Seat, games, position_games, seed, out, executor, progress) -> dict:
    """`player_count`, read back from ``out/runs`` when a run with the same
    options finished it, else played and kept there at once (Ctrl-C in a later
    player count loses none of it)."""
    config = {
        "command": card.command,
        "game": card.game,
        "rules": rules.to_dict(),
        "rules_version": game.rules_cls.VERSION,
        "engine": store.play_fingerprint(game, [seat]),
        "weights": [float(w) for w in seat.params],
        "games": games,
        "position_games": position_games,
        "seed": seed,
    }
    runs = None if out is None else Path(out) / "runs"
    hit = None if runs is None else store.find(runs, config)
    if hit is not None:
        return card.from_stored(store.load(hit))
    row = player_count(card, game, rules, seat, games, position_games, seed, executor, progress)
    if runs is not None:
        public = {k: v for k, v in row.items() if not k.startswith("_")}
        name = f"{card.game}-{card.command}-{row['players']}p"
        store.save(runs, name, config, public, {"positions": card.to_table(row)}, None, 0.0, 0.0)
        interrupt.kept(2 * position_games + 2 * games)
    return row

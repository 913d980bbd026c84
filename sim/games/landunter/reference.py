"""Land unter — the pure-Python reference engine.

Written to be read next to ``rules/land-unter.md``: every rule is a small
function, commented with the section of the rules file it implements. The
compiled kernel (`engine.py`) must give the same outcome for every game; the
differential test holds them to it.

Random streams (fixed order, all from ``sim.rng``). The cards come from
``game_stream(seed, game_index)``:

1. Deal shuffle: the weather cards 1..N (N = 60, 72 with six players) in
   ascending order, ``shuffle(state, deck, N)``; hand h = the cards
   ``deck[12h : 12h+12]``, sorted ascending; hand h is dealt to seat h.
2. Every deal d = 0 .. n-1 begins with the flood shuffle: the 24 flood cards
   ``[1, 1, 2, 2, .., 12, 12]``, ``shuffle(state, flood, 24)``; round r
   (0-based) reveals ``flood[2r]`` and ``flood[2r+1]``.

Nothing else draws from the game's stream. Every round, seats still in decide
in seat order 0, 1, ..; before each decision one ``uniform`` is drawn from the
seat's own ``bot_stream(seed, game_index, seat)`` and handed to its bot
(deterministic bots ignore it; a random bot plays ``hand[int(u * size)]``), so
no function of the uniforms a bot sees predicts a card.

Sealed bots: a bot receives a fresh read-only view holding only its own hand
(`bot_view`) and a read-only copy of its parameters; a write is refused with
an error naming the bot (`refuse_writes`), in both engines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from sim import rng
from sim.games.landunter import layout
from sim.games.landunter.bits import masks_of
from sim.games.landunter.outputs import (
    HOLE_BOTH_BONUSES,
    HOLE_CUT_CASCADE,
    HOLE_FLOOD_TIE,
    HOLE_NO_FLOOD,
    HOLE_REPEAT_FLIPPER,
    HOLE_ZERO_RINGS,
)
from sim.games.landunter.rules import Rules
from sim.plugins import Adapter, deciders
from sim.registry import IllegalBotAction
from sim.sealed import ViewWriteError, refuse_writes, seat_params  # noqa: F401  (the engine and tests import them here)

#: How this game's bots are called as plug-ins, by both engines (`sim.plugins`).
PLUGIN = Adapter("landunter", layout.STATE_SIZE, phase=False)

HAND_SIZE = layout.HAND_SIZE


# =====================================================================
# Material
# =====================================================================


def ring_halves(card: int, n_cards: int = 60) -> int:
    """Life-ring symbol on a weather card, in half rings ("Material").

    60 cards: 1–12 none, 13–24 half, 25–36 one, 37–48 half, 49–60 none.
    72 cards (six players, [D]): bands of 12 extended symmetrically:
    none, half, one, one, half, none.
    """
    band = (card - 1) // 12
    if n_cards == 72:
        return (0, 1, 2, 2, 1, 0)[band]
    return (0, 1, 2, 1, 0)[band]


def ring_count(hand, n_cards: int = 60) -> int:
    """A hand's life-ring count: floor of the sum of its ring symbols
    ("Setup": a leftover half ring is rounded down)."""
    return sum(ring_halves(c, n_cards) for c in hand) // 2


def flood_deck() -> list[int]:
    """The 24 flood cards: values 1–12, two of each ("Material")."""
    return [v for v in range(1, layout.FLOOD_MAX + 1) for _ in range(2)]


# =====================================================================
# State of one deal
# =====================================================================


@dataclass
class DealState:
    """Everything of one deal the rules act on; seats are 0..n-1.

    ``top[p]`` is the top card of p's flood pile, 0 = no flood card (or pile
    turned over after elimination).
    """

    hands: list[list[int]]  # each ascending
    rings: list[int]  # unflipped rings
    top: list[int]
    still_in: list[bool]
    rings_full: list[int] = field(default_factory=list)
    hand_id: list[int] = field(default_factory=list)

    def __post_init__(self):
        n = len(self.hands)
        if not self.rings_full:
            self.rings_full = list(self.rings)
        if not self.hand_id:
            self.hand_id = list(range(n))

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def n_in(self) -> int:
        return sum(self.still_in)

    @classmethod
    def new(cls, hands, rings) -> "DealState":
        """Start of a deal: full hands, full rings, no flood cards, all in."""
        n = len(hands)
        return cls([sorted(h) for h in hands], list(rings), [0] * n, [True] * n, list(rings), list(range(n)))


@dataclass
class RoundResult:
    """What happened in one round; ``events`` is for the trace."""

    takes: list[tuple[int, int]]  # (seat, flood card taken)
    flips: list[int]  # seats that flipped a ring, in order
    eliminated: list[int]  # seats that went out, in order
    ended: bool  # the two-or-fewer rule ended the deal
    events: list[tuple] = field(default_factory=list)
    holes: int = 0  # rule holes met at its flip step (outputs.HOLE_* bits, flip_step)


# =====================================================================
# One round ("A Durchgang", steps 1–5)
# =====================================================================


def award_flood(plays: dict[int, int], flood_pair: tuple[int, int]) -> list[tuple[int, int]]:
    """Step 3: the highest weather card takes the LOWER flood card, the second
    highest the HIGHER one. Weather cards are distinct, so there are no ties;
    equal flood values make no difference."""
    lo, hi = min(flood_pair), max(flood_pair)
    order = sorted(plays, key=lambda seat: plays[seat], reverse=True)
    takes = [(order[0], lo)]
    if len(order) > 1:
        takes.append((order[1], hi))
    return takes


def eliminate(state: DealState, seat: int) -> None:
    """ "Elimination": out for the rest of the deal; the remaining hand is
    discarded and the flood pile turned over (it no longer counts)."""
    state.still_in[seat] = False
    state.hands[seat] = []
    state.top[seat] = 0


def flip_step(state: DealState, rules: Rules, events: list | None = None) -> tuple[list, list, bool, int]:
    """Step 4 with elimination and cascade. Returns (flips, eliminated, ended,
    holes).

    - Among players still in, the highest top flood card flips one ring; on a
      tie every tied player flips ([D2] at once, or one after another in seat
      order). The flipper need not have taken a card this round.
    - [D5] A player with no flood card is never the highest; if nobody still
      in holds one, nobody flips.
    - Elimination: a player who must flip but has no ring left goes out
      (flipping the last ring does not eliminate). Then whoever NOW has the
      highest top flood card among those still in flips (the cascade), which
      can eliminate again, and so on.
    - [D1] In the cascade a player who already flipped in this step flips
      again, unless ``cascade_may_repeat_flipper`` is false: then they are
      passed over and the flip goes to the highest among the others.
    - "The deal ends at once when only two remain" ([D4]: two or fewer): an
      elimination that leaves <= 2 ends the deal; [D3] by default before any
      further flip, else after this step's flips are all resolved.

    ``holes`` (outputs.HOLE_* bits) are the situations on the way that only a
    [D] decision settles, counted whatever the options answer: [D2] a group
    about to flip ties and one of them has no ring left; at each cascade flip
    (`cascade_holes`) [D5] nobody still in holds a flood card or [D1] the
    highest is held by one who already flipped; [D3] the two-or-fewer rule
    ends the deal while someone may still flip (`cut_short`).
    """
    events = [] if events is None else events
    flips: list[int] = []
    out: list[int] = []
    flipped_this_step: set[int] = set()
    ended = False
    holes = 0
    level = 0  # 0 = the round's flip, 1.. = cascade after an elimination
    while True:
        if level > 0:
            holes |= cascade_holes(state, flipped_this_step)
        eligible = may_flip(state, rules, flipped_this_step)
        if not eligible:  # [D5] nobody holds a flood card: nobody flips
            break
        highest = max(state.top[p] for p in eligible)
        group = [p for p in eligible if state.top[p] == highest]  # seat order
        if len(group) >= 2 and any(state.rings[p] == 0 for p in group):
            holes |= HOLE_FLOOD_TIE  # [D2] at once or one after another decides
        someone_out = False
        stop_now = False
        for p in group:
            flipped_this_step.add(p)
            if state.rings[p] > 0:
                state.rings[p] -= 1
                flips.append(p)
                events.append(("flip", p, highest, state.rings[p], level))
            else:
                eliminate(state, p)
                out.append(p)
                someone_out = True
                events.append(("out", p, highest, level))
                if not rules.tie_simultaneous and state.n_in <= 2:
                    # [D2] one after another: the deal can end between two of them
                    ended = True
                    holes |= cut_short(state, rules, flipped_this_step)
                    if rules.end_before_cascade:
                        stop_now = True
                        break
        if stop_now:
            break
        if someone_out and state.n_in <= 2:
            ended = True
            holes |= cut_short(state, rules, flipped_this_step)
            if rules.end_before_cascade:  # [D3] "sofort": no cascade flip
                break
        if not someone_out:  # no elimination, no cascade
            break
        level += 1  # cascade: the now highest flips
    if ended:
        events.append(("end", state.n_in))
    return flips, out, ended, holes


def may_flip(state: DealState, rules: Rules, flipped_this_step: set[int]) -> list[int]:
    """Players still in who hold a flood card and may flip now ([D1]: not
    again in this step unless ``cascade_may_repeat_flipper``)."""
    return [
        p
        for p in range(state.n)
        if state.still_in[p] and state.top[p] > 0 and (rules.cascade_may_repeat_flipper or p not in flipped_this_step)
    ]


def cascade_holes(state: DealState, flipped_this_step: set[int]) -> int:
    """The holes a cascade flip meets, before it flips: [D5] nobody still in
    holds a flood card; [D1] the highest top flood card among those still in
    is held by one who already flipped in this step (they flip again or are
    passed over: the option decides)."""
    holders = [p for p in range(state.n) if state.still_in[p] and state.top[p] > 0]
    if not holders:
        return HOLE_NO_FLOOD
    highest = max(state.top[p] for p in holders)
    return HOLE_REPEAT_FLIPPER if any(state.top[p] == highest and p in flipped_this_step for p in holders) else 0


def cut_short(state: DealState, rules: Rules, flipped_this_step: set[int]) -> int:
    """[D3] The two-or-fewer rule ends the deal while someone still in may
    still flip in this step (the cascade's next flipper, or a later tied
    player in seat order): at once, or after the flips, decides."""
    return HOLE_CUT_CASCADE if may_flip(state, rules, flipped_this_step) else 0


def resolve_round(state: DealState, plays: dict[int, int], flood_pair: tuple[int, int], rules: Rules) -> RoundResult:
    """Steps 3–5 of a round, after every player still in has picked a card
    (``plays``: seat -> weather card, step 2, simultaneous)."""
    events: list[tuple] = []
    # Step 3: the two highest weather cards take the flood cards onto their
    # piles; only a pile's top card counts.
    takes = award_flood(plays, flood_pair)
    for seat, flood in takes:
        state.top[seat] = flood
        events.append(("take", seat, flood, plays[seat]))
    # Step 5 (order does not matter): played weather cards leave the hand.
    for seat, card in plays.items():
        state.hands[seat].remove(card)
    # Step 4: flips, eliminations, cascade.
    flips, out, ended, holes = flip_step(state, rules, events)
    return RoundResult(takes, flips, out, ended, events, holes)


def score_holes(state: DealState) -> int:
    """The rule holes the deal's scoring meets: [D6] a player still in has no
    flood card while another holds one (both get the bonus); [D7] a player
    still in has no ring left (scores 0, not -1)."""
    ins = [p for p in range(state.n) if state.still_in[p]]
    both = any(state.top[p] == 0 for p in ins) and any(state.top[p] > 0 for p in ins)
    return (HOLE_BOTH_BONUSES if both else 0) | (HOLE_ZERO_RINGS if any(state.rings[p] == 0 for p in ins) else 0)


# =====================================================================
# Scoring of a deal
# =====================================================================


def score_deal(state: DealState, rules: Rules) -> list[int]:
    """ "Scoring of a deal".

    Still in: +1 per unflipped ring ([D7]: 0 rings scores 0, not -1), and +1
    if their top flood card is the lowest among those still in (ties: all) or
    if they have no flood card at all ([D6] both can happen; with
    ``no_flood_counts_as_lowest`` a player without one counts as the lowest,
    so only such players get the bonus). Eliminated: -1, nothing else.
    """
    ins = [p for p in range(state.n) if state.still_in[p]]
    holders = [p for p in ins if state.top[p] > 0]
    empty = [p for p in ins if state.top[p] == 0]
    lowest = min((state.top[p] for p in holders), default=0)
    if rules.no_flood_counts_as_lowest and empty:
        bonus = set(empty)
    else:
        bonus = set(empty) | {p for p in holders if state.top[p] == lowest}
    return [(state.rings[p] + (1 if p in bonus else 0)) if state.still_in[p] else -1 for p in range(state.n)]


def early_end_at_start(n_in: int, rules: Rules) -> bool:
    """ "The deal ends ... at once when only two remain" applied at the start of
    a deal: only possible in 2-player test games, and only when
    ``two_player_deal_played_out`` is false ([D])."""
    return n_in <= 2 and not rules.two_player_deal_played_out


def win60(totals: list[int]) -> list[int]:
    """ "The highest total wins; ties share the win": 60/k each for a k-way tie
    (k <= 6 divides 60, so shares stay exact integers)."""
    best = max(totals)
    k = totals.count(best)
    return [60 // k if t == best else 0 for t in totals]


# =====================================================================
# A whole game
# =====================================================================


@dataclass
class GameRecord:
    """Outcome of one game; the fields match the kernel's per-game arrays."""

    score: list[int]  # per seat: game total
    win60: list[int]  # per seat: win share x 60
    eliminated: list[int]  # per seat: deals in which the seat went out
    early_end: list[int]  # per deal: 1 if ended by the two-or-fewer rule
    n_eliminated: list[int]  # per deal: players out at the end
    rounds: list[int]  # per deal: rounds played (incl. the one it ended in)
    deal_points: list[list[int]]  # [deal][seat]: points scored in that deal
    hand_strength: list[list[int]]  # [deal][seat]: sum of the card values of the hand played
    hand_rings: list[list[int]]  # [deal][seat]: ring count of that hand
    holes: list[int] = field(default_factory=list)  # per deal: rule holes met (outputs.HOLE_* bits)


class IllegalAction(IllegalBotAction):
    """A bot played a card it does not hold."""


def illegal_message(bot: str, seat: int, card: int, seed: int, game: int, deal: int, rnd: int) -> str:
    return (
        f"bot {bot!r} at seat {seat} played card {card}, which is not in its hand "
        f"(seed {seed}, game index {game}, deal {deal + 1}, round {rnd + 1})"
    )


@dataclass
class Memory:
    """Public memory of the game: scores and every weather card played."""

    n_cards: int
    scores: list[int]
    card_hand: np.ndarray  # card -> hand id + 1 it was seen played from, 0 never
    card_when: np.ndarray  # card -> 12*deal + round + 1 of its last play, 0 never


def public_view(
    rules: Rules, state: DealState, mem: Memory, deal: int, rnd: int, flood_pair: tuple[int, int], flood_left: list[int]
) -> np.ndarray:
    """The public part of the int64 state view (layout in `layout.py`): every
    hand mask is 0; `bot_view` fills in the deciding seat's own hand."""
    st = np.zeros(layout.STATE_SIZE, dtype=np.int64)
    n = state.n
    st[layout.S_PLAYERS] = n
    st[layout.S_DEAL] = deal
    st[layout.S_ROUND] = rnd
    st[layout.S_FLOOD_LO] = min(flood_pair)
    st[layout.S_FLOOD_HI] = max(flood_pair)
    st[layout.S_N_IN] = state.n_in
    st[layout.S_N_CARDS] = rules.n_cards
    st[layout.S_CASCADE_REPEAT] = rules.cascade_may_repeat_flipper
    st[layout.S_TIE_SIMULTANEOUS] = rules.tie_simultaneous
    st[layout.S_END_BEFORE_CASCADE] = rules.end_before_cascade
    st[layout.S_NO_FLOOD_LOWEST] = rules.no_flood_counts_as_lowest
    st[layout.S_TWO_PLAYED_OUT] = rules.two_player_deal_played_out
    st[layout.S_TOP : layout.S_TOP + n] = state.top
    st[layout.S_RINGS : layout.S_RINGS + n] = state.rings
    st[layout.S_RINGS_FULL : layout.S_RINGS_FULL + n] = state.rings_full
    st[layout.S_IN : layout.S_IN + n] = state.still_in
    st[layout.S_SCORE : layout.S_SCORE + n] = mem.scores
    st[layout.S_HAND_N : layout.S_HAND_N + n] = [len(h) for h in state.hands]
    st[layout.S_HAND_ID : layout.S_HAND_ID + n] = state.hand_id
    st[layout.S_FLOOD_LEFT : layout.S_FLOOD_LEFT + layout.FLOOD_MAX + 1] = flood_left
    st[layout.S_CARD_HAND : layout.S_CARD_HAND + layout.MAX_CARD + 1] = mem.card_hand
    st[layout.S_CARD_WHEN : layout.S_CARD_WHEN + layout.MAX_CARD + 1] = mem.card_when
    return st


def bot_view(public: np.ndarray, seat: int, hand: list[int]) -> np.ndarray:
    """The read-only view handed to ``seat``: the public view plus its own hand."""
    st = public.copy()
    st[layout.S_HAND_LO + seat], st[layout.S_HAND_HI + seat] = masks_of(hand)
    st.flags.writeable = False
    return st


def deal_hands(rules: Rules, stream: rng.Stream) -> list[list[int]]:
    """ "Setup of the game": shuffle the weather cards, deal 12 to each player
    (the rest are unused). Hand h goes to seat h."""
    deck = stream.shuffle(np.arange(1, rules.n_cards + 1, dtype=np.int64))
    return [sorted(int(c) for c in deck[HAND_SIZE * h : HAND_SIZE * (h + 1)]) for h in range(rules.players)]


def play_game(
    rules: Rules, seats, seed: int, game_index: int, log: Callable[[str], None] | None = None, stream=None
) -> GameRecord:
    """Play one game with the reference engine.

    ``seats``: one registry `Seat` per player (``seat.bot.fn`` is called as
    ``fn(seat_index, st, params, u)`` with read-only ``st`` (`bot_view`) and
    ``params`` (the seat's row of `seat_params`) and returns a weather card value).
    ``log``: optional callable receiving human-readable event lines.
    ``stream``: the card draws from another source (`sim.envs`), else the game's own.
    """
    n = rules.players
    if len(seats) != n:
        raise ValueError(f"got {len(seats)} seats for {n} players")
    say = log or (lambda line: None)
    stream = stream or rng.Stream(rng.masked(seed), np.uint64(game_index))
    hands = deal_hands(rules, stream)
    say(f"Game {game_index} (seed {seed}), {n} players: " + ", ".join(f"seat {p} {s.spec}" for p, s in enumerate(seats)))
    for h in range(n):
        say(
            f"  hand {h} (strength {sum(hands[h])}, {ring_count(hands[h], rules.n_cards)} rings): "
            + " ".join(str(c) for c in hands[h])
        )
    mem = Memory(rules.n_cards, [0] * n, np.zeros(layout.MAX_CARD + 1, np.int64), np.zeros(layout.MAX_CARD + 1, np.int64))
    return play_on(rules, seats, Position(hands, mem), stream, seed, game_index, log)


@dataclass
class Position:
    """A game at the start of round ``rnd`` of deal ``deal``, before that
    round's flood cards are revealed: what `play_on` needs to play it on.
    A game starts at deal 0 with no deal under way; hints start mid-deal."""

    hands: list[list[int]]  # every hand as dealt, by hand id
    mem: Memory
    deal: int = 0
    rnd: int = 0
    ds: DealState | None = None  # the deal under way; None: deal ``deal`` begins now
    flood: list[int] | None = None  # its flood cards in order, round r's at 2r and 2r + 1
    flood_left: list[int] | None = None  # its flood cards not yet revealed, by value


def play_on(
    rules: Rules, seats, pos: Position, stream: rng.Stream, seed: int, game_index: int, log: Callable[[str], None] | None = None
) -> GameRecord:
    """Play the game from ``pos`` to its end; ``stream`` shuffles the flood
    cards of the deals still to begin, the seats' uniforms come from their bot
    streams of (``seed``, ``game_index``). The record's per-deal fields cover
    the deals played here (all of them for a whole game)."""
    n = rules.players
    talk = log is not None  # format event lines only when someone listens
    say = log if talk else (lambda line: None)
    seed64 = rng.masked(seed)
    bot_streams = [rng.Stream.for_bot(seed64, np.uint64(game_index), np.uint64(p)) for p in range(n)]
    params = seat_params(seats)
    params.flags.writeable = False
    decide = deciders(seats, PLUGIN)
    hands, mem = pos.hands, pos.mem
    hand_rings = [ring_count(h, rules.n_cards) for h in hands]
    rec = GameRecord([0] * n, [0] * n, [0] * n, [], [], [], [], [], [])

    for deal in range(pos.deal, n):
        met = 0  # rule holes met in this deal (from the position on, for a deal under way)
        if pos.ds is not None and deal == pos.deal:
            ds, flood, flood_left, r = pos.ds, pos.flood, pos.flood_left, pos.rnd
            ended = False
        else:
            # "A deal": hands travel to the LEFT, seat i -> seat i+1, so in deal d
            # seat p plays hand (p - d) mod n, with that hand's full ring count.
            hand_id = [(p - deal) % n for p in range(n)]
            ds = DealState(
                [list(hands[h]) for h in hand_id],
                [hand_rings[h] for h in hand_id],
                [0] * n,
                [True] * n,
                [hand_rings[h] for h in hand_id],
                hand_id,
            )
            if deal > 0:
                say("Hands passed left: " + ", ".join(f"seat {p} gets hand {hand_id[p]}" for p in range(n)))
            say(f"Deal {deal + 1}: " + ", ".join(f"seat {p} hand {hand_id[p]} ({ds.rings[p]} rings)" for p in range(n)))
            # Shuffle the 24 flood cards face down before every deal.
            flood = stream.shuffle(np.array(flood_deck(), dtype=np.int64))
            flood_left = [0] + [2] * layout.FLOOD_MAX
            r = 0
            ended = early_end_at_start(ds.n_in, rules)
            if ended:
                say("  only two players: the deal ends at once")
        rec.hand_strength.append([sum(hands[h]) for h in ds.hand_id])
        rec.hand_rings.append([hand_rings[h] for h in ds.hand_id])

        rounds = r
        while not ended and r < HAND_SIZE:
            # Step 1: reveal the top two flood cards.
            pair = (int(flood[2 * r]), int(flood[2 * r + 1]))
            flood_left[pair[0]] -= 1
            flood_left[pair[1]] -= 1
            if talk:
                say(f" Round {r + 1}: flood cards {min(pair)} and {max(pair)}")
            # Step 2: everyone still in picks a card, secretly and simultaneously.
            public = public_view(rules, ds, mem, deal, r, pair, flood_left)
            plays: dict[int, int] = {}
            for p in range(n):
                if not ds.still_in[p]:
                    continue
                u = bot_streams[p].uniform()
                with refuse_writes(seats[p].bot.name):
                    card = int(decide[p](p, bot_view(public, p, ds.hands[p]), params[p], u))
                if card not in ds.hands[p]:
                    raise IllegalAction(illegal_message(seats[p].bot.name, p, card, seed, game_index, deal, r))
                plays[p] = card
            if talk:
                say("  played: " + ", ".join(f"seat {p} {c}" for p, c in plays.items()))
            res = resolve_round(ds, plays, pair, rules)
            met |= res.holes
            # Played cards are now public: who played them, from which hand.
            for p, card in plays.items():
                mem.card_hand[card] = ds.hand_id[p] + 1
                mem.card_when[card] = HAND_SIZE * deal + r + 1
            if talk:
                for line in describe_events(res.events, ds):
                    say(line)
            rounds = r + 1
            ended = res.ended
            r += 1

        points = score_deal(ds, rules)
        out = [p for p in range(n) if not ds.still_in[p]]
        for p in out:
            rec.eliminated[p] += 1
        rec.early_end.append(int(ended))
        rec.n_eliminated.append(len(out))
        rec.rounds.append(rounds)
        rec.deal_points.append(points)
        rec.holes.append(met | score_holes(ds))
        for p in range(n):
            mem.scores[p] += points[p]
        if talk:
            say(f" Deal {deal + 1} ends after round {rounds}" + (": two or fewer players left." if ended else "."))
            say(f" Scoring deal {deal + 1}:")
            for p in range(n):
                say("  " + _score_text(p, ds, points[p]))
            say(f" Totals after deal {deal + 1}: " + ", ".join(f"seat {p} {mem.scores[p]}" for p in range(n)))

    rec.score = list(mem.scores)
    rec.win60 = win60(rec.score)
    winners = [p for p in range(n) if rec.win60[p] > 0]
    say(
        "Winner: "
        + " and ".join(f"seat {p}" for p in winners)
        + f" with {max(rec.score)}"
        + (" (shared)" if len(winners) > 1 else "")
    )
    return rec


def _score_text(p: int, ds: DealState, pts: int) -> str:
    if not ds.still_in[p]:
        return f"seat {p}: out = -1"
    rings = f"{ds.rings[p]} ring{'' if ds.rings[p] == 1 else 's'} left"
    if pts > ds.rings[p]:
        why = "no flood card" if ds.top[p] == 0 else f"lowest top flood ({ds.top[p]})"
        return f"seat {p}: {rings}, +1 {why} = {pts:+d}"
    return f"seat {p}: {rings} (top flood {ds.top[p]}) = {pts:+d}"


def describe_events(events, ds: DealState) -> list[str]:
    """Readable lines for the events of `resolve_round`."""
    lines = []
    for ev in events:
        kind = ev[0]
        if kind == "take":
            _, seat, flood, card = ev
            lines.append(f"  seat {seat} ({card}) takes flood {flood}")
        elif kind == "flip":
            _, seat, top, left, level = ev
            why = "highest flood" if level == 0 else "now highest flood"
            lines.append(f"  seat {seat} has the {why} ({top}) and flips a ring: {left} left")
        elif kind == "out":
            _, seat, top, level = ev
            why = "highest flood" if level == 0 else "now highest flood"
            lines.append(f"  seat {seat} has the {why} ({top}) but no ring left: OUT (hand discarded, flood pile turned over)")
        elif kind == "end":
            lines.append(f"  only {ev[1]} player{'s' if ev[1] != 1 else ''} left: the deal ends at once")
    return lines

"""Index constants of the two small int64 arrays the Land unter engines share.

``R_*``  the rules vector (`Rules.to_array()`), read by the kernel.
``S_*``  the game-state view ``st`` every bot decision receives.

The state view ``st`` (length `STATE_SIZE`, int64, read-only for bots)
----------------------------------------------------------------------
It holds what the deciding seat may know and nothing else: the public
record below plus its own hand. Both engines hand it over typed read-only
(numba will not compile a bot that writes it; numpy refuses the write of a
plain-Python bot). The same layout serves as the compiled engine's state and
the `sampler` bot's imagined worlds, where every seat's hand is filled in.

Scalars::

    st[S_PLAYERS]        players at the table (n)
    st[S_DEAL]           current deal, 0-based (0 .. n-1)
    st[S_ROUND]          current round, 0-based (0 .. 11)
    st[S_FLOOD_LO]       lower of the two flood cards on offer
    st[S_FLOOD_HI]       higher of the two flood cards on offer (may be equal)
    st[S_N_IN]           players still in the deal
    st[S_N_CARDS]        weather cards in the deck (60; 72 with six players)
    st[S_CASCADE_REPEAT] .. st[S_TWO_PLAYED_OUT]   rule options (0/1), see rules.py

Per seat ``p`` (0 .. n-1; slots n .. MAXP-1 are 0)::

    st[S_TOP + p]        top card of p's flood pile; 0 = none (or eliminated)
    st[S_RINGS + p]      p's unflipped rings
    st[S_RINGS_FULL + p] full ring count of the hand p plays this deal
    st[S_IN + p]         1 if p is still in the deal
    st[S_SCORE + p]      p's game score from the completed deals
    st[S_HAND_N + p]     cards left in p's hand (public: all still-in hands are equal)
    st[S_HAND_ID + p]    which hand p plays this deal: hand h is the one dealt
                         to seat h; it sits at seat (h + deal) mod n

Flood deck::

    st[S_FLOOD_LEFT + v] for v in 1..12: flood cards of value v not yet revealed
                         this deal (the two on offer count as revealed)

Hands, as bit masks (see `bits.py`)::

    st[S_HAND_LO + p]    cards 1..60 of p's hand: card c is bit c-1
    st[S_HAND_HI + p]    cards 61..72 of p's hand: card c is bit c-61

    Read them with the helpers below: ``hand_n``, ``hand_card(st, seat, k)``
    (k-th lowest), ``hand_low``, ``hand_high``, ``hand_has``. In a bot's view
    only its own seat's masks are filled (the whole hand it decides from);
    every other seat's are 0. The undealt cards, the flood deck's order and
    the game's random stream are in no view.

Card memory (every weather card played so far, this deal and earlier deals)::

    st[S_CARD_HAND + v]  hand id + 1 of the hand card v was seen played from
                         (any earlier round or deal); 0 = never seen played
    st[S_CARD_WHEN + v]  HAND_SIZE*deal + round + 1 of the round in which card v
                         was last played; 0 = never. Played this deal iff
                         st[S_CARD_WHEN + v] > HAND_SIZE*st[S_DEAL].

    Plays of the current round are written after all seats have chosen: a
    bot never sees another seat's choice of this round.
"""

from numba import njit

from sim.games.landunter.bits import LO_CARDS
from sim.nb import highest_bit, lowest_bit, popcount, select_bit

MAXP = 6  # most seats (six only with allow_six)
HAND_SIZE = 12  # weather cards per hand = rounds per deal
MAX_CARD = 72  # highest weather card value (72 with six players)
FLOOD_MAX = 12  # flood card values 1..12, two of each
FLOOD_CARDS = 24

# ---------------------------------------------------------------- rules vector
R_VERSION = 0
R_PLAYERS = 1
R_N_CARDS = 2
R_CASCADE_REPEAT = 3
R_TIE_SIMULTANEOUS = 4
R_END_BEFORE_CASCADE = 5
R_NO_FLOOD_LOWEST = 6
R_TWO_PLAYED_OUT = 7
R_SIZE = 8

# ---------------------------------------------------------------- state view
S_PLAYERS = 0
S_DEAL = 1
S_ROUND = 2
S_FLOOD_LO = 3
S_FLOOD_HI = 4
S_N_IN = 5
S_N_CARDS = 6
S_CASCADE_REPEAT = 7
S_TIE_SIMULTANEOUS = 8
S_END_BEFORE_CASCADE = 9
S_NO_FLOOD_LOWEST = 10
S_TWO_PLAYED_OUT = 11
S_TOP = 12
S_RINGS = S_TOP + MAXP
S_RINGS_FULL = S_RINGS + MAXP
S_IN = S_RINGS_FULL + MAXP
S_SCORE = S_IN + MAXP
S_HAND_N = S_SCORE + MAXP
S_HAND_ID = S_HAND_N + MAXP
S_FLOOD_LEFT = S_HAND_ID + MAXP  # 13 slots, index by value
S_HAND_LO = S_FLOOD_LEFT + FLOOD_MAX + 1  # MAXP slots
S_HAND_HI = S_HAND_LO + MAXP  # MAXP slots
S_CARD_HAND = S_HAND_HI + MAXP  # MAX_CARD + 1 slots
S_CARD_WHEN = S_CARD_HAND + MAX_CARD + 1  # MAX_CARD + 1 slots
STATE_SIZE = S_CARD_WHEN + MAX_CARD + 1

# Rules-vector field -> state-view field for the copied rule options.
RULE_FLAGS = (
    (R_CASCADE_REPEAT, S_CASCADE_REPEAT),
    (R_TIE_SIMULTANEOUS, S_TIE_SIMULTANEOUS),
    (R_END_BEFORE_CASCADE, S_END_BEFORE_CASCADE),
    (R_NO_FLOOD_LOWEST, S_NO_FLOOD_LOWEST),
    (R_TWO_PLAYED_OUT, S_TWO_PLAYED_OUT),
)


# ---------------------------------------------------------------- helpers for bots
# The four hand readers the simple bots use in the hot loop are inlined at
# numba-IR level (LLVM does not inline them across numba's modules); the rest
# stay plain calls, which keeps compile times down.
@njit(cache=True, inline="always")
def hand_n(st, seat):
    """Cards left in ``seat``'s hand."""
    return st[S_HAND_N + seat]


@njit(cache=True, inline="always")
def hand_card(st, seat, k):
    """The k-th lowest card of ``seat``'s own hand (0 <= k < hand_n)."""
    return mask_card(st[S_HAND_LO + seat], st[S_HAND_HI + seat], k)


@njit(cache=True, inline="always")
def mask_card(lo, hi, k):
    """The k-th lowest card of the hand with masks ``lo``, ``hi``."""
    c = popcount(lo)
    if k < c:
        return select_bit(lo, k) + 1
    return select_bit(hi, k - c) + LO_CARDS + 1


@njit(cache=True, inline="always")
def hand_low(st, seat):
    """Lowest card of ``seat``'s own hand (hand not empty)."""
    lo = st[S_HAND_LO + seat]
    if lo != 0:
        return lowest_bit(lo) + 1
    return lowest_bit(st[S_HAND_HI + seat]) + LO_CARDS + 1


@njit(cache=True, inline="always")
def hand_high(st, seat):
    """Highest card of ``seat``'s own hand (hand not empty)."""
    hi = st[S_HAND_HI + seat]
    if hi != 0:
        return highest_bit(hi) + LO_CARDS + 1
    return highest_bit(st[S_HAND_LO + seat]) + 1


@njit(cache=True)
def hand_has(st, seat, card):
    """True if ``card`` is in ``seat``'s own hand."""
    if card < 1 or card > MAX_CARD:
        return False
    if card <= LO_CARDS:
        return (st[S_HAND_LO + seat] >> (card - 1)) & 1 == 1
    return (st[S_HAND_HI + seat] >> (card - LO_CARDS - 1)) & 1 == 1


@njit(cache=True)
def played_this_deal(st, v):
    """True if weather card v has been played (and revealed) in this deal."""
    return st[S_CARD_WHEN + v] > HAND_SIZE * st[S_DEAL]


@njit(cache=True)
def max_other_top(st, seat):
    """Highest top flood card among the other players still in (0 = none)."""
    best = 0
    for p in range(st[S_PLAYERS]):
        if p != seat and st[S_IN + p] == 1 and st[S_TOP + p] > best:
            best = st[S_TOP + p]
    return best

"""What a seat may know in Geteilte Luft: one int64 array, fixed layout.

Every entry below is public (rules file, "What a bot may see"): the rules of
the table, air, dive and turn, every diver's position, direction, return and
carried card levels (stacks with their levels), the path's levels, the
scores so far, and in the no-reshuffle variant how many of each swim card
are left (the draws so far are public). Nothing hidden is in it: not the
undrawn value cards (they live in the engines' value decks), not the swim
deck's order nor its position (the engines' swim decks), not the state of
the game's random stream; tests/luft/test_sealed.py checks that the view
does not change when all of these are scrambled.

The compiled engine plays directly on this array and hands it to a bot typed
read-only (no copy per decision); the reference engine builds a read-only
copy before each bot call. A bot gets it with its own seat's parameter row
(read-only too; no other seat's parameters) and a uniform `u` from its seat's
own stream (sim.rng.bot_stream).

Treasures ("items") are ints: 0 = blank field, otherwise the card levels
(1..4) in base-8 digits, first card in the lowest digit. A single card is its
level 1..4; a sunken stack of levels 1,1,2 is 1 + 1*8 + 2*64.
"""

import re

from numba import njit

from sim.numba_errors import module_array_written

MAX_SEATS = 6
MAX_PATH = 64

# Header
AIR = 0  # air chips left
DIVE = 1  # dive number, 0-based
N_PLAYERS = 2
PATH_LEN = 3  # fields in the path now
TURN = 4  # turns played so far in this dive
START = 5  # seat that started this dive
MAX_AIR = 6  # air at the start of a dive
TURN_BACK_NEEDS_TREASURE = 7
STACK_SIZE = 8
DIVES = 9
SWIM_MODE = 10  # index into rules.SWIM_SOURCES
SWIM_LEFT = 11  # 5 counts: swim cards 2..6 left before the next reshuffle
# Per seat, MAX_SEATS entries each
HEADING_UP = 16  # 1 once the diver has turned back
BACK = 22  # 1 once back in the submarine this dive
POS = 28  # 0 = submarine, 1..PATH_LEN = field
N_CARRIED = 34  # treasures carried (a stack counts as one)
SCORE = 40  # points scored so far
PATH = 48  # PATH + f - 1 holds the item on field f
CARRIED = PATH + MAX_PATH  # CARRIED + seat * MAX_PATH + k: k-th carried item, pickup order
SIZE = CARRIED + MAX_SEATS * MAX_PATH

# Decision phases and actions
PHASE_TURN_BACK = 0  # actions: STAY_DOWN, TURN_BACK
PHASE_TREASURE = 1  # actions: NOTHING, PICK_UP, DROP + k (drop the k-th carried item)
STAY_DOWN = 0
TURN_BACK = 1
NOTHING = 0
PICK_UP = 1
DROP = 2


@njit(cache=True, inline="always")
def item_top_level(item):
    """Highest card level in an item (0 for a blank)."""
    best = 0
    while item > 0:
        if item & 7 > best:
            best = item & 7
        item >>= 3
    return best


@njit(cache=True, inline="always")
def field_item(st, seat):
    """Item on the diver's field (0 blank or not on a field)."""
    pos = st[POS + seat]
    if pos <= 0:
        return 0
    return st[PATH + pos - 1]


@njit(cache=True, inline="always")
def can_pick_up(st, seat):
    return st[POS + seat] > 0 and st[PATH + st[POS + seat] - 1] != 0


@njit(cache=True, inline="always")
def can_drop(st, seat):
    return st[POS + seat] > 0 and st[PATH + st[POS + seat] - 1] == 0 and st[N_CARRIED + seat] > 0


@njit(cache=True, inline="always")
def can_turn_back(st, seat):
    return st[HEADING_UP + seat] == 0 and (st[N_CARRIED + seat] > 0 or st[TURN_BACK_NEEDS_TREASURE] == 0)


@njit(cache=True)
def is_legal(phase, st, seat, action):
    """Whether ``action`` is allowed for ``seat`` in ``phase``."""
    if phase == PHASE_TURN_BACK:
        return action == STAY_DOWN or (action == TURN_BACK and can_turn_back(st, seat))
    if action == NOTHING:
        return True
    if action == PICK_UP:
        return can_pick_up(st, seat)
    return can_drop(st, seat) and DROP <= action < DROP + st[N_CARRIED + seat]


def refused_write(error: BaseException, fn=None) -> str | None:
    """The one-line reason if ``error`` is bot ``fn`` writing to its read-only
    `st` or `params`, or to a module-level array (numba's typing error in an
    njit bot, numpy's in plain Python), else None: both engines report the
    write, naming the bot (and the array, when it is a module's)."""
    text = str(error)
    if "Cannot modify readonly array" not in text and "assignment destination is read-only" not in text:
        return None
    where = re.search(r"typing of setitem at (.+)", text)
    at = f" (at {where.group(1)})" if where else ""
    array = module_array_written(error, fn)
    if array is not None:
        return (
            f"it writes to the module-level array {array!r}, which numba compiles as a read-only constant "
            f"(a bot keeps no memory between decisions){at}"
        )
    return "it writes to st or params, which are read-only" + at

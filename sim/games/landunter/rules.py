"""Land unter rules as data: every option of rules/land-unter.md.

Defaults are the rulebook and the decisions recorded there. Each [D] option of
the rules file is a named field so balance tests can flip it; `to_array()` is
what the compiled kernel sees (indices in `layout.py`, ``R_*``).

Fixed decisions (not options, see the rules file): [D4] "two remain" means two
or fewer; [D5] nobody flips when nobody still in holds a flood card; [D7] a
player still in with 0 rings scores 0 (+ bonus); [D8] an eliminated player's
hand passes on with its full ring count; an eliminated player scores -1.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import ClassVar

import numpy as np

from sim.games.landunter import layout

VERSION = 1

BOOL_TRUE = ("1", "true", "yes", "on")
BOOL_FALSE = ("0", "false", "no", "off")


class RulesError(ValueError):
    """A rule field has a bad value or clashes with another field."""


@dataclass(frozen=True)
class Rules:
    """One Land unter rule set. Field names are the CLI's ``key=value`` keys.

    players
        Seats at the table; 3–5 (the published range). 6 needs ``allow_six``,
        2 needs ``allow_two``.
    allow_six
        [D, material] Allow 6 players for balance tests: 72 weather cards
        1–72, all dealt, ring symbols extended symmetrically in bands of 12:
        none, half, one, one, half, none (36 rings in all).
    allow_two
        Allow 2 players (for tests only; not a real game).
    cascade_may_repeat_flipper
        [D1] After an elimination the player with the now highest top flood
        card flips even if they already flipped in this step (default).
        False: players who flipped in this step are passed over and the flip
        goes to the highest top flood card among those who have not.
    tie_simultaneous
        [D2] Tied highest players flip at once; all of them without a ring go
        out together (default). False: they flip one after another in seat
        order (seat 0 first) and the deal can end between two of them.
    end_before_cascade
        [D3] If an elimination leaves two or fewer players the deal ends at
        once, without the cascade flip (default). False: the flips of this
        step (remaining tied players and the cascade) are resolved first, then
        the deal ends.
    no_flood_counts_as_lowest
        [D6] False (default): the lowest-flood bonus goes to the lowest top
        flood card among players still in who hold one (ties: all) and also
        to every player still in without a flood card. True: a player without
        a flood card counts as the lowest, so if there is one, only such
        players get the bonus.
    two_player_deal_played_out
        [D] With exactly two players still in when a deal starts (2-player
        test games only) the deal is played out (default; it still ends when
        an elimination leaves one). False: the two-or-fewer rule ends the deal
        before its first round.
    """

    players: int = 4
    allow_six: bool = False
    allow_two: bool = False
    cascade_may_repeat_flipper: bool = True
    tie_simultaneous: bool = True
    end_before_cascade: bool = True
    no_flood_counts_as_lowest: bool = False
    two_player_deal_played_out: bool = True

    VERSION: ClassVar[int] = VERSION

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool):
                if not isinstance(value, (bool, np.bool_)):
                    raise RulesError(f"rule {f.name}={value!r} is not valid; choose true or false")
        p = self.players
        if isinstance(p, bool) or not isinstance(p, (int, np.integer)):
            raise RulesError(f"rule players={p!r} is not valid; choose a whole number 3..5")
        if p == 6 and not self.allow_six:
            raise RulesError("rule players=6 needs allow_six=true; choose 3..5 (6 is a balance-test option)")
        if p == 2 and not self.allow_two:
            raise RulesError("rule players=2 needs allow_two=true; choose 3..5 (2 is for tests only)")
        if not 2 <= p <= layout.MAXP:
            raise RulesError(f"rule players={p!r} is out of range; choose 3..5 (6 with allow_six=true, 2 with allow_two=true)")

    # ------------------------------------------------------------------ derived
    @property
    def n_cards(self) -> int:
        """Weather cards in the deck: 60, or 72 with six players."""
        return 72 if self.players == 6 else 60

    @property
    def deals(self) -> int:
        """Deals per game: one per player."""
        return self.players

    # ------------------------------------------------------------------ export
    def to_dict(self) -> dict:
        return asdict(self)

    def to_array(self) -> np.ndarray:
        """Small int64 vector for the compiled kernel (indices ``layout.R_*``)."""
        arr = np.zeros(layout.R_SIZE, dtype=np.int64)
        arr[layout.R_VERSION] = VERSION
        arr[layout.R_PLAYERS] = self.players
        arr[layout.R_N_CARDS] = self.n_cards
        arr[layout.R_CASCADE_REPEAT] = int(self.cascade_may_repeat_flipper)
        arr[layout.R_TIE_SIMULTANEOUS] = int(self.tie_simultaneous)
        arr[layout.R_END_BEFORE_CASCADE] = int(self.end_before_cascade)
        arr[layout.R_NO_FLOOD_LOWEST] = int(self.no_flood_counts_as_lowest)
        arr[layout.R_TWO_PLAYED_OUT] = int(self.two_player_deal_played_out)
        return arr

    @classmethod
    def from_strings(cls, items: dict[str, str], **overrides) -> "Rules":
        """Build from CLI ``key=value`` strings (bools: true/false/1/0/on/off/yes/no).

        Unknown keys and bad values raise `RulesError` with one line naming the
        field, the bad value and the valid choices.
        """
        kinds = {f.name: f.type for f in fields(cls)}
        kwargs = {}
        for key, raw in items.items():
            key = str(key).strip()
            if key not in kinds:
                raise RulesError(f"unknown rule {key!r} (value {raw!r}); rules are: " + ", ".join(kinds))
            kwargs[key] = _parse(key, kinds[key], raw)
        kwargs.update(overrides)
        return cls(**kwargs)

    def with_(self, **changes) -> "Rules":
        return replace(self, **changes)


def _parse(key: str, kind, raw):
    if isinstance(raw, bool) or (isinstance(raw, (int, np.integer)) and "int" in str(kind)):
        return raw
    text = str(raw).strip()
    if "bool" in str(kind):
        low = text.lower()
        if low in BOOL_TRUE:
            return True
        if low in BOOL_FALSE:
            return False
        raise RulesError(f"rule {key}={text!r} is not valid; choose one of: true, false, 1, 0, on, off, yes, no")
    try:
        return int(text)
    except ValueError:
        raise RulesError(
            f"rule {key}={text!r} is not a whole number; choose 3..5 (6 with allow_six=true, 2 with allow_two=true)"
        ) from None

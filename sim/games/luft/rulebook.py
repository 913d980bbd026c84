"""Geteilte Luft's rules page (`sim luft rulebook`): the template
``rulebook.md`` and the words each rule value takes in it.

A placeholder ``{{key}}`` in the template is filled by `words`; a placeholder
named after a rule key shows that rule, the others name the rules they are
made of in `SOURCES`.
"""

from __future__ import annotations

from pathlib import Path

TEMPLATE = Path(__file__).with_name("rulebook.md")

#: Placeholders that are not a rule key of their own: the rules they show.
SOURCES = {"path_cards": ("cards_per_level",), "deck_note": ("values_l1", "values_l2", "values_l3", "values_l4")}

#: The values a pack of playing cards shows (the rulebook's joker 0, ace 1, 2..K, ace 14, joker 15).
DECK_RANGE = (0, 15)

SWIM = {
    "deck": "draw from the swim deck of nine cards 2 3 3 4 4 4 5 5 6, then put the card back and shuffle.",
    "d3": "roll two three-sided dice and add them.",
    "d6-mapped": "roll two dice, read 1-2 as 1, 3-4 as 2, 5-6 as 3, and add them.",
    "deck-no-reshuffle": "draw from the swim deck of nine cards 2 3 3 4 4 4 5 5 6 without putting back; "
    "shuffle all nine again only when the deck is used up.",
}
TURN_BACK = {
    True: "You may only turn back while carrying at least one treasure.",
    False: "You may turn back even while carrying nothing.",
}
SINK_ORDER = {
    "nearest-first": "The diver nearest the submarine lays their cards first.",
    "farthest-first": "The diver farthest from the submarine lays their cards first.",
}
SINK_WITHIN = {
    "pickup-order": "Each diver lays their cards in the order they picked them up.",
    "reverse-pickup-order": "Each diver lays their cards in the reverse of the order they picked them up.",
}
START = {
    "deepest": "If nobody got back, the deepest diver starts.",
    "same": "If nobody got back, the diver who started this dive starts again.",
    "next": "If nobody got back, the player after the one who started this dive starts.",
}


def words(rules) -> dict[str, str]:
    """The text of every placeholder under ``rules`` (a `Rules`)."""
    values = {f"values_l{lv}": rules.values(lv) for lv in range(1, 5)}
    idle = rules.stalemate_rounds
    return {
        "players": str(rules.players),
        "air": str(rules.air),
        "dives": str(rules.dives),
        "cards_per_level": str(rules.cards_per_level),
        "path_cards": str(4 * rules.cards_per_level),
        **{k: " ".join(map(str, v)) for k, v in values.items()},
        "deck_note": deck_note([x for v in values.values() for x in v]),
        "swim": SWIM[rules.swim],
        "turn_back_needs_treasure": TURN_BACK[rules.turn_back_needs_treasure],
        "stalemate_rounds": (
            "If a whole round passes in which nobody still in the water carries, moves, picks up or drops anything, "
            "the dive ends as if the air had run out."
            if idle == 1
            else f"If {idle} whole rounds pass in which nobody still in the water carries, moves, picks up or drops "
            "anything, the dive ends as if the air had run out."
        ),
        "stack_size": str(rules.stack_size),
        "sink_order": SINK_ORDER[rules.sink_order],
        "sink_within_diver": SINK_WITHIN[rules.sink_within_diver],
        "start_when_nobody_returned": START[rules.start_when_nobody_returned],
    }


def deck_note(values: list[int]) -> str:
    """How to make the value cards: a pack of playing cards holds 0..15; more needs written cards."""
    low, high = DECK_RANGE
    if all(low <= v <= high for v in values):
        return (
            "A pack of playing cards holds these: joker 0 or 15, ace 1 or 14, 2 to king their pips (jack 11, queen 12, king 13)."
        )
    return (
        f"Values above {high} are more than a pack of playing cards shows: write them on blank cards "
        f"(or on slips of paper in the value decks)."
    )

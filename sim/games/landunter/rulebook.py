"""Land unter's rules page (`sim landunter rulebook`): the template
``rulebook.md`` and the words each rule value takes in it (a placeholder
``{{key}}`` is the rule key it shows, or one named in `SOURCES`)."""

from __future__ import annotations

from pathlib import Path

TEMPLATE = Path(__file__).with_name("rulebook.md")

SOURCES = {"weather": ("allow_six", "players")}

TIE = {
    True: "If several tie for highest, each of them flips one at the same time.",
    False: "If several tie for highest, they flip one after another, the first seat first; the deal can end between two of them.",
}
REPEAT = {
    True: "This may be a player who already flipped in this step: they flip again (or go out).",
    False: "Players who already flipped in this step are passed over: the flip goes to the highest top flood card "
    "among the others.",
}
END = {
    True: "If a player going out leaves two or fewer in, the deal ends at once, without the next flip.",
    False: "If a player going out leaves two or fewer in, the flips of this step are made first, then the deal ends.",
}
LOWEST = {
    False: "The lowest top flood card among those still in who hold one scores +1 more (ties: all of them), "
    "and so does every player still in who holds no flood card.",
    True: "A player still in with no flood card counts as the lowest and scores +1 more; only when everyone still in "
    "holds one does the lowest top flood card score it (ties: all of them).",
}


def words(rules) -> dict[str, str]:
    """The text of every placeholder under ``rules`` (a `Rules`)."""
    six = rules.players == 6
    return {
        "players": str(rules.players),
        "weather": (
            "72 cards, 1–72, all dealt; ring symbols in bands of 12: none, half a ring, one ring, one ring, half a ring, none."
            if six
            else "60 cards, 1–60; ring symbols: 1–12 none, 13–24 half a ring, 25–36 one ring, 37–48 half a ring, 49–60 none."
        ),
        "tie_simultaneous": TIE[rules.tie_simultaneous],
        "cascade_may_repeat_flipper": REPEAT[rules.cascade_may_repeat_flipper],
        "end_before_cascade": END[rules.end_before_cascade],
        "no_flood_counts_as_lowest": LOWEST[rules.no_flood_counts_as_lowest],
    }

"""A turn-by-turn log of one Geteilte Luft game, to check against the rulebook.

It replays the game with the reference engine, which draws the same random
stream as the compiled engine: the trace of (seed, game) is that game exactly.
`replay` and `decision_point` also let `sim.botdebug` name a failing bot
decision and print the turns before it.
"""

from sim.games.luft import layout
from sim.games.luft.reference import play_game
from sim.games.luft.rules import Rules


def trace(rules: Rules, seats, seed: int, game: int = 0) -> str:
    lines: list[str] = []
    replay(rules, seats, seed, game, lines.append)
    return "\n".join(lines) + "\n"


def replay(rules: Rules, seats, seed: int, game: int, log) -> None:
    """Play game ``game`` of ``seed`` on the reference engine, each trace line to ``log``."""
    log(f"Geteilte Luft — seed {seed}, game {game}, {rules.players} players")
    log("Seats: " + ", ".join(f"{s}={seat.spec}" for s, seat in enumerate(seats)))
    log(
        f"Rules: air {rules.air}, {rules.dives} dives, {rules.cards_per_level} cards per level, "
        f"stack size {rules.stack_size}, swim {rules.swim}, "
        f"turn back needs treasure {'yes' if rules.turn_back_needs_treasure else 'no'}, "
        f"sink order {rules.sink_order}, within a diver {rules.sink_within_diver}, "
        f"start when nobody returned: "
        f"{rules.start_when_nobody_returned}"
    )
    log("Fields are counted from the submarine (0); L1..L4 are treasure levels, [a+b+c] a sunken stack, _ a blank.")
    play_game(rules, seats, seed, game, log=log)


def decision_point(args: tuple) -> str:
    """Where a bot call ``(phase, seat, st, params, u)`` was made: its dive and turn."""
    st = args[2]
    return f"dive {int(st[layout.DIVE]) + 1}, turn {int(st[layout.TURN]) + 1}"

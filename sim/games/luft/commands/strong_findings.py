"""`sim luft strong-findings`: do the balance findings hold under strong play?"""

from sim.strong import findings_command


def register(sub):
    findings_command.register(
        sub,
        "luft",
        (2, 6),
        "sim.games.luft.analyses.strong_findings",
        "seat 0's edge and how often the last dive decides, per player count",
        "the field of experiments/balance",
    )

"""`sim landunter strong-findings`: does ring compensation hold under strong play?"""

from sim.strong import findings_command


def register(sub):
    findings_command.register(
        sub,
        "landunter",
        (3, 5),
        "sim.games.landunter.analyses.strong_findings",
        "ring compensation: the spread between good and bad hands, what a ring and what strength are worth",
        "the seven fast bots of experiments/landunter_fairness",
    )

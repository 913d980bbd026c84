"""`sim luft train`, `exploit` and `population` (sim.strong.commands)."""

from sim.strong import commands


def register(sub):
    commands.register(sub, "luft")

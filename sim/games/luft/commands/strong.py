"""`sim luft train` and `sim luft exploit` (sim.strong.commands)."""

from sim.strong import commands


def register(sub):
    commands.register(sub, "luft")

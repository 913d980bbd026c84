"""`sim landunter train` and `sim landunter exploit` (sim.strong.commands)."""

from sim.strong import commands


def register(sub):
    commands.register(sub, "landunter")

"""``sim landunter humans``: people's games back into the simulator (sim/humans)."""

from sim.humans import commands


def register(sub):
    commands.register(sub, "landunter")

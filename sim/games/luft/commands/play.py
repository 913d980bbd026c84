"""``sim luft play | replay | review``: the terminal table (sim/play)."""

from sim.play import commands


def register(sub):
    commands.register(sub, "luft")

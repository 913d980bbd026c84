"""``sim landunter serve``: the web table (sim/web)."""

from sim.web import commands


def register(sub):
    commands.register(sub, "landunter")

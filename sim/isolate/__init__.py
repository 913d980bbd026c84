"""Competition mode (``--isolate``): every bot from a user's file in a process of its own.

A bot file is Python: in the engine's process nothing seals it against an
author who means to cheat (docs/concepts/trust-model.md). Here it runs in a
subprocess (`worker`) that receives, over a pipe, only what its seat may
know: the view, its parameter row and its uniform; it answers an action.
It shares no memory with the engine or the other bots, and its random
numbers come from streams keyed with a run secret (`sim.rng.KeyedSeed`) it
never sees. The games run on the reference engine (the compiled one's
twin, game for game); built-in bots run in-process as usual.

- `bots`: a bot file read in a subprocess (the host never imports it) and
  its bots registered as stand-ins (`load_bot_files`); one `BotProcess` per
  seat, with the per-decision time limit.
- `play`: `Isolation`, the run's secret, its forfeits and the `GameSpec`
  whose ``play_batch`` plays isolated.
"""

from sim.isolate.bots import load_bot_files
from sim.isolate.play import DEFAULT_TIMEOUT, Isolation

__all__ = ["DEFAULT_TIMEOUT", "Isolation", "load_bot_files"]

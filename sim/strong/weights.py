"""Weight files of the trainable `policy` bots, and the spec options that load them.

A weight file is JSON::

    {"format": 1, "game": "luft", "bot": "policy", "players": 4,
     "rules": {...}, "weights": [w0, w1, ...], "training": {...}}

``players`` and ``rules`` are the table the weights were trained at,
``training`` the run they came from (field, games, generations, seed, result).

A policy's parameter row holds one block of weights per player count (block
``players - first`` at offset ``block * size``); the bot reads the block of
its table's player count. ``policy:file=PATH`` and ``policy:preset=NAME`` put
the file's weights in every block (they were trained at one count: the file
says which); ``trained`` fills each block with the preset shipped for that
count (``trained-<n>p``: trained at that count, or at another count whose
weights won there), or the nearest count shipped (`PolicyLayout.trained_vector`). A file
or preset used at a table of another player count prints one warning line
naming the count it was trained for and how to get a matching one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.text import Text

from sim.registry import MAX_PARAMS, BotError

FORMAT = 1
_WARNED: set[tuple[str, int]] = set()  # (spec, players) already warned about in this process


@dataclass(frozen=True)
class PolicyLayout:
    """Where a game's policy weights sit in the parameter row, and its presets."""

    game: str
    size: int  # weights per player count
    players: tuple[int, ...]  # the player counts with a block, in block order
    default: tuple[float, ...]  # the untrained starting weights
    presets: Path  # folder of shipped weight files, <name>.json
    older: tuple[int, ...] = ()  # weight counts of earlier layouts: their files load padded with 0 at the end
    shipped: str = "trained"  # the shipped presets per player count: <shipped>-<n>p.json, the bot of that name
    fixed: tuple[int, ...] = ()  # weights held at 0 (the distilled bot's search terms): never trained, zeroed when loaded

    def __post_init__(self):
        assert self.size * len(self.players) <= MAX_PARAMS, "the policy's weights do not fit the parameter row"
        assert len(self.default) == self.size

    def vector(self, weights) -> np.ndarray:
        """The parameter row with ``weights`` in every player count's block
        (the ``fixed`` ones 0)."""
        row = np.zeros(MAX_PARAMS)
        for b in range(len(self.players)):
            row[b * self.size : (b + 1) * self.size] = self.held(weights)
        return row

    def held(self, weights) -> np.ndarray:
        """``weights`` with the ``fixed`` ones set to 0."""
        w = np.array(weights, dtype=float)
        w[list(self.fixed)] = 0.0
        return w

    def free(self) -> np.ndarray:
        """The indices of the weights a training run moves: all but ``fixed``."""
        return np.array([i for i in range(self.size) if i not in self.fixed], dtype=np.int64)

    def expand(self, free_weights) -> np.ndarray:
        """A block of weights from the free ones (`free`), the fixed ones 0."""
        w = np.zeros(self.size)
        w[self.free()] = free_weights
        return w

    def block(self, row: np.ndarray, players: int) -> np.ndarray:
        """The weights a row holds for a table of ``players``."""
        b = self.players.index(min(self.players, key=lambda n: abs(n - players)))
        return np.asarray(row[b * self.size : (b + 1) * self.size])

    def preset_names(self) -> list[str]:
        return sorted(p.stem for p in self.presets.glob("*.json"))

    def preset_path(self, name: str) -> Path:
        path = self.presets / f"{name}.json"
        if not path.is_file():
            raise BotError(f"no {self.game} policy preset {name!r}; presets: {', '.join(self.preset_names()) or 'none'}")
        return path

    def load(self, path) -> dict:
        """A weight file, checked: its game and the number of weights; a file of
        an earlier layout (``older``) gets its missing weights as 0, which the
        bot reads as "no such feature" (it plays as it did)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as e:
            raise BotError(f"weight file {str(path)!r} cannot be read: {e.strerror or e}") from None
        except ValueError as e:
            raise BotError(f"weight file {str(path)!r} is not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BotError(
                f"weight file {str(path)!r} is not a policy weight file (format {FORMAT}); "
                "write one with `sim <game> train --out DIR`"
            )
        if data.get("game") != self.game:
            raise BotError(f"weight file {str(path)!r} is for game {data.get('game')!r}, not {self.game!r}")
        w = data.get("weights")
        sizes = (self.size, *self.older)
        if not isinstance(w, list) or len(w) not in sizes or not all(isinstance(x, (int, float)) and np.isfinite(x) for x in w):
            counts = " or ".join(str(n) for n in sizes)
            raise BotError(f"weight file {str(path)!r} needs 'weights': a list of {counts} finite numbers")
        return {**data, "weights": w + [0.0] * (self.size - len(w))}

    def options(self, values: dict[str, str], players: int | None = None) -> np.ndarray:
        """The row of ``policy``, ``policy:file=PATH`` or ``policy:preset=NAME``;
        at a table of ``players`` (when known) weights trained for another count
        warn (`warn_player_count`)."""
        unknown = set(values) - {"file", "preset"}
        if unknown or len(values) > 1:
            raise BotError(
                f"policy takes one option, file=PATH or preset=NAME (presets: "
                f"{', '.join(self.preset_names()) or 'none'}); got {', '.join(sorted(values))}"
            )
        if not values:
            return self.vector(self.default)
        path = values["file"] if "file" in values else self.preset_path(values["preset"])
        data = self.load(path)
        shipped_for_table = values.get("preset") == f"trained-{players}p"  # chosen for this count, wherever trained
        if players is not None and data.get("players", players) != players and not shipped_for_table:
            key = "file" if "file" in values else "preset"
            self.warn_player_count(f"policy:{key}={values[key]}", data["players"], players)
        return self.vector(data["weights"])

    def warn_player_count(self, spec: str, trained: int, players: int) -> None:
        """One stderr line per spec and table size: the weights were trained for
        another player count (not an error: they play, in every count's block)."""
        if (spec, players) in _WARNED:
            return
        _WARNED.add((spec, players))
        matching = (
            f"policy:preset=trained-{players}p or trained"
            if players in self.trained_presets()
            else f"`sim {self.game} train --players {players} --field SPECS --out DIR`"
        )
        Console(stderr=True, soft_wrap=True, highlight=False).print(
            Text.assemble(
                ("warning:", "yellow"),
                f" {spec} was trained for {trained} players, this table has {players}; "
                f"its weights play as they are. For weights trained at {players} players use {matching}.",
            )
        )

    def trained_presets(self) -> dict[int, Path]:
        """The shipped presets trained at the default rules, by player count:
        ``trained-<n>p`` (``<shipped>-<n>p``)."""
        name = self.shipped
        return {n: self.presets / f"{name}-{n}p.json" for n in self.players if (self.presets / f"{name}-{n}p.json").is_file()}

    def trained_vector(self, values: dict[str, str], players: int | None = None) -> np.ndarray:
        """``trained`` (``distilled``): each player count's block from the preset
        shipped for that count, else for the nearest count shipped."""
        if values:
            raise BotError(f"{self.shipped} takes no options; got {', '.join(sorted(values))}")
        shipped = self.trained_presets()
        if not shipped:
            how = "train one with `sim {0} train`" if self.shipped == "trained" else "make one with `sim {0} distill`"
            raise BotError(f"no {self.shipped} {self.game} preset is shipped yet; {how.format(self.game)}")
        row = np.zeros(MAX_PARAMS)
        for b, n in enumerate(self.players):
            nearest = min(shipped, key=lambda m: (abs(m - n), m))
            row[b * self.size : (b + 1) * self.size] = self.held(self.load(shipped[nearest])["weights"])
        return row

    def trained_doc(self) -> str:
        shipped = self.trained_presets()
        counts = ", ".join(self._shipped_label(n, path) for n, path in shipped.items()) or "none yet"
        return (
            f"The shipped {self.shipped} policy: at each player count the preset shipped for it "
            f"(policy:preset={self.shipped}-<n>p, default rules); counts without one use the nearest "
            f"count shipped. Shipped so far: {counts}."
        )

    def _shipped_label(self, n: int, path: Path) -> str:
        """``5p``, or ``6p (the 5-player weights)`` for a preset shipped for a
        count it was not trained at (it won that count's target tournament)."""
        trained = self.load(path).get("players", n)
        return f"{n}p" if trained == n else f"{n}p (the {trained}-player weights)"


def save(path: Path, layout: PolicyLayout, weights, players: int, rules: dict, training: dict) -> Path:
    """Write a weight file (see the module doc)."""
    data = {
        "format": FORMAT,
        "game": layout.game,
        "bot": "policy",
        "players": int(players),
        "rules": rules,
        "weights": [float(x) for x in weights],
        "training": training,
    }
    path = Path(path)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path

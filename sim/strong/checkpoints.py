"""Training checkpoints as data, never as code: one ``.npz`` file (numpy's
zip of arrays, read with ``allow_pickle=False``) holding the state's JSON and
its arrays. A results folder someone sends you can be resumed without running
anything from it, unlike a pickle.

The state is plain data (dicts, lists, numbers, text, numpy arrays) plus the
optimiser (`cmaes.CMA`), kept as the fields its own ``__getstate__`` lists
(the random generator is not among them: training reseeds it every
generation). A file that is not such a checkpoint raises one ValueError
naming the file and what to do.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import numpy as np

FORMAT = "deepsim-checkpoint/1"


def save(path: Path, state: dict) -> None:
    """Write ``state`` to ``path`` atomically."""
    arrays: dict[str, np.ndarray] = {}
    document = {"format": FORMAT, "state": _encode(state, "state", arrays)}
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        np.savez(f, __json__=np.array(json.dumps(document)), **arrays)
    os.replace(tmp, path)


def load(path: Path) -> dict:
    """The state `save` wrote to ``path``."""
    try:
        with open(path, "rb") as f:  # ours to close, also when numpy gives up on it
            data = np.load(f, allow_pickle=False)
            if not isinstance(data, np.lib.npyio.NpzFile):
                raise ValueError("not an npz archive")
            document = json.loads(str(data["__json__"]))
            if document.get("format") != FORMAT:
                raise ValueError(f"format {document.get('format')!r}")
            arrays = {k: data[k] for k in data.files if k != "__json__"}
        return _decode(document["state"], arrays)
    except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as e:
        reason = " ".join(str(e).split()) or type(e).__name__
        raise ValueError(
            f"{path} is not a readable checkpoint ({reason[:80]}); delete it to start this run afresh, or give another --out"
        ) from None


def plain(value):
    """``value`` as `load` gives it back (tuples as lists, numpy numbers as Python's): what to compare a loaded state with."""
    arrays: dict[str, np.ndarray] = {}
    return _decode(_encode(value, "value", arrays), arrays)


def _encode(value, where: str, arrays: dict):
    # deferred: loads cmaes, slow to import (python -X importtime), for this path only
    from cmaes import CMA

    if isinstance(value, CMA):
        fields = value.__getstate__()
        for k, v in fields.items():
            if v is not None:
                arrays[f"{where}/{k}"] = np.asarray(v)
        return {"__cma__": where, "fields": sorted(fields), "none": sorted(k for k, v in fields.items() if v is None)}
    if isinstance(value, np.ndarray):
        arrays[where] = value
        return {"__array__": where}
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError(f"a checkpoint's keys are text; {where} has {list(value)[:3]}")
        return {k: _encode(v, f"{where}/{k}", arrays) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v, f"{where}/{i}", arrays) for i, v in enumerate(value)]
    if isinstance(value, np.generic):
        return value.item()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"a checkpoint holds data only; {where} is a {type(value).__name__}")


def _decode(value, arrays: dict):
    if isinstance(value, dict) and "__array__" in value:
        return arrays[value["__array__"]]
    if isinstance(value, dict) and "__cma__" in value:
        # deferred: loads cmaes, slow to import (python -X importtime), for this path only
        from cmaes import CMA

        where = value["__cma__"]
        fields = {k: None if k in value["none"] else _scalar(arrays[f"{where}/{k}"]) for k in value["fields"]}
        cma = CMA.__new__(CMA)
        cma.__setstate__(fields)
        return cma
    if isinstance(value, dict):
        return {k: _decode(v, arrays) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v, arrays) for v in value]
    return value


def _scalar(a: np.ndarray):
    """A 0-d array back to the Python number it was stored from; arrays stay arrays."""
    return a.item() if a.ndim == 0 else a

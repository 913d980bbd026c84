"""The pipe between the host and a bot process: fixed binary frames, no pickle.

Host to bot: a request header (phase, or `NO_PHASE` for a game whose bots
take none; seat, view length, parameter count, uniform) and the view (int64) and parameter row (float64). Bot to host: a
reply header (status, value): ``READY``/``ANSWER`` with the action, or
``FAILED`` with the length of a UTF-8 reason that follows (at most
`MAX_REASON` bytes). The host reads only numbers and bounded text from a
bot: nothing it sends is executed or unpickled.
"""

from __future__ import annotations

import struct

import numpy as np

REQUEST = struct.Struct("<qqqqd")  # phase, seat, view length, parameter count, u
REPLY = struct.Struct("<qq")  # status, value
READY, ANSWER, FAILED = 0, 1, 2
NO_PHASE = -1  # the game's bots take no phase: decide(seat, st, params, u)
MAX_REASON = 2000


def request(phase: int, seat: int, st: np.ndarray, params: np.ndarray, u: float) -> bytes:
    st = np.ascontiguousarray(st, dtype="<i8")
    params = np.ascontiguousarray(params, dtype="<f8")
    return REQUEST.pack(phase, seat, st.size, params.size, u) + st.tobytes() + params.tobytes()


def reply(status: int, value: int = 0) -> bytes:
    return REPLY.pack(status, value)


def failure(reason: str) -> bytes:
    text = " ".join(reason.split()).encode()[:MAX_REASON]
    return REPLY.pack(FAILED, len(text)) + text


def read_exact(stream, n: int) -> bytes:
    """n bytes from a binary stream; fewer only at its end."""
    parts, left = [], n
    while left:
        chunk = stream.read(left)
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)

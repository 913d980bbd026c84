"""Numbers quoted in the READMEs, rendered from the committed summary files.

A quoted number sits between ``<!--claim:NAME-->`` and ``<!--/claim-->``; the
text in between is what CLAIMS[NAME] renders from the experiment's committed
files. ``python experiments/claims.py`` rewrites the spans after a rerun;
``--check`` exits 1 when a span no longer matches its source (the test suite
runs the same check), so a README cannot drift from its data.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
DOCS = [HERE / "README.md", HERE.parent / "README.md"]
SPAN = re.compile(r"<!--claim:([a-z0-9_]+)-->(.*?)<!--/claim-->", re.S)


def _summary(name: str) -> dict:
    return json.loads((HERE / name / "summary.json").read_text())


def _ci(est: dict, digits: int = 3) -> str:
    lo, hi = est["ci95"]
    return f"{est['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _defaults(name: str) -> list[dict]:
    return [r for r in _summary(name)["results"] if r["setting"] == "default"]


def luft_balance_defaults() -> str:
    rows = _defaults("balance")
    return "; ".join(f"{r['players']} players {_ci(r['first_share'])}" for r in rows)


def landunter_balance_defaults() -> str:
    return " / ".join(_ci(r["first_share"]) for r in _defaults("landunter_balance"))


def landunter_ring_worth() -> str:
    rows = [r for r in _summary("landunter_fairness")["results"] if r["mix"] == "mixed"]
    return " / ".join(_ci(r["per_ring"]) for r in rows)


def air_mixed_dives() -> str:
    d = pd.read_csv(HERE / "air" / "air_by_dive.csv")
    d = d[d["mix"].str.contains("random")].set_index(["players", "dive"])
    return (f"at 3 players the air runs out in {d.loc[(3, 1), 'p_air_out']:.3f} of dive 1 vs "
            f"{d.loc[(3, 2), 'p_air_out']:.3f} of dive 2, at 4 players {d.loc[(4, 1), 'drowned']:.3f} vs "
            f"{d.loc[(4, 2), 'drowned']:.3f} divers drown")


CLAIMS = {f.__name__: f for f in (luft_balance_defaults, landunter_balance_defaults, landunter_ring_worth,
                                  air_mixed_dives)}


def render(text: str) -> str:
    """The text with every claim span re-rendered from its source."""
    def fill(m):
        if m.group(1) not in CLAIMS:
            raise KeyError(f"unknown claim {m.group(1)!r}; known: {', '.join(CLAIMS)}")
        return f"<!--claim:{m.group(1)}-->{CLAIMS[m.group(1)]()}<!--/claim-->"
    return SPAN.sub(fill, text)


def stale() -> list[str]:
    """Claim spans whose text no longer matches the data, as 'file: name'."""
    out = []
    for doc in DOCS:
        text = doc.read_text()
        for m in SPAN.finditer(text):
            fresh = render(m.group(0))
            if fresh != m.group(0):
                out.append(f"{doc.name}: {m.group(1)}")
    return out


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = stale()
        for b in bad:
            print(f"stale claim {b}; run python experiments/claims.py", file=sys.stderr)
        return 1 if bad else 0
    for doc in DOCS:
        doc.write_text(render(doc.read_text()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Numbers quoted in the READMEs match the committed summary files (experiments/claims.py)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("claims", ROOT / "experiments" / "claims.py")
claims = importlib.util.module_from_spec(spec)
spec.loader.exec_module(claims)


def test_every_quoted_claim_matches_its_source():
    assert claims.stale() == []


def test_every_claim_is_quoted_somewhere():
    used = {m.group(1) for doc in claims.DOCS for m in claims.SPAN.finditer(doc.read_text())}
    assert used == set(claims.CLAIMS)


def test_a_number_edited_by_hand_is_caught():
    text = (ROOT / "experiments" / "README.md").read_text()
    m = next(claims.SPAN.finditer(text))
    edited = m.group(0).replace("0.", "0.9", 1)
    assert claims.render(edited) != edited and claims.render(m.group(0)) == m.group(0)


def test_a_notebook_number_edited_by_hand_is_caught():
    text = (ROOT / "notebooks" / "landunter_fairness.py").read_text()
    m = next(claims.SPAN.finditer(text))
    edited = m.group(0).replace("0.", "0.9", 1)
    assert claims.render(edited, comment=True) != edited and claims.render(m.group(0), comment=True) == m.group(0)

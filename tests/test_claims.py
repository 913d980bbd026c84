"""Every figure a reader sees is rendered from the committed experiment files and
checked (experiments/claims.py): change any one of them, or a direction word
beside them, and the check fails."""

import re
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
claims = load_script("claims.py", "claims")

NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
OPPOSITE = {
    "more": "fewer",
    "fewer": "more",
    "ahead": "behind",
    "behind": "ahead",
    "above": "below",
    "below": "above",
    "favoured": "disfavoured",
    "disfavoured": "favoured",
    "rises": "falls",
    "falls": "rises",
    "beyond": "within",
    "within": "beyond",
    "changes": "holds",
    "holds": "changes",
}


def _rel(doc: Path) -> str:
    return doc.relative_to(ROOT).as_posix()


def _number_spans(doc: Path, text: str):
    """(start, end) of every number a reader sees as a figure: inside a claim span, or (on a checked page) a
    figure anywhere else. Unchecked pages (the rules, the benchmark logs) have only their spans checked."""
    for m in claims.SPAN.finditer(text):
        body = m.start(3)
        for n in NUMBER.finditer(m.group(3)):
            yield body + n.start(), body + n.end()
    if not claims._checked(doc):
        return
    prose = claims._prose(text)
    sizes = claims.SIZE.finditer(prose) if _rel(doc).startswith(claims.SIZED) else ()
    for f in (*claims.FIGURE.finditer(prose), *sizes):
        n = NUMBER.search(prose, f.start())
        yield n.start(), n.end()


def _bump_last_digit(text: str, start: int, end: int) -> str:
    digit = max(i for i in range(start, end) if text[i].isdigit())
    return text[:digit] + str((int(text[digit]) + 1) % 10) + text[digit + 1 :]


def test_the_docs_pass_the_check():
    assert claims.problems() == []


def test_every_claim_is_quoted_somewhere():
    used = {m.group(1) for doc in claims.DOCS for m in claims.SPAN.finditer(doc.read_text()) if m.group(2) is None}
    assert used == set(claims.CLAIMS)


@pytest.mark.slow
@pytest.mark.parametrize("doc", claims.DOCS, ids=_rel)
def test_changing_any_one_figure_fails_the_check(doc):
    text = doc.read_text()
    positions = sorted(set(_number_spans(doc, text)))
    if doc.parent.name == "findings" and doc.stem != "index":
        assert positions, f"{_rel(doc)} quotes no figure"
    missed = [text[s:e] for s, e in positions if not claims.problems_in(doc, _bump_last_digit(text, s, e))]
    assert missed == [], f"{_rel(doc)}: changing one of these figures passes the check"


@pytest.mark.slow
@pytest.mark.parametrize("doc", claims.DOCS, ids=_rel)
def test_turning_a_direction_word_around_fails_the_check(doc):
    text = doc.read_text()
    words = [
        (m.start(3) + w.start(), w.group(0))
        for m in claims.SPAN.finditer(text)
        for w in re.finditer(r"\b(?:" + "|".join(OPPOSITE) + r")\b", m.group(3))
    ]
    for at, word in words:
        flipped = text[:at] + OPPOSITE[word] + text[at + len(word) :]
        assert claims.problems_in(doc, flipped), f"{_rel(doc)}: '{word}' turned into '{OPPOSITE[word]}' passes"


def test_a_size_written_outside_a_span_on_a_findings_page_fails_the_check():
    page = ROOT / "docs" / "findings" / "balance.md"
    assert claims.problems_in(page, page.read_text() + "\nEach setting played 100,000 games.\n")


def test_a_figure_or_direction_word_written_outside_a_span_fails_the_check():
    doc = ROOT / "docs" / "findings" / "air.md"
    text = doc.read_text()
    m = next(claims.SPAN.finditer(text))
    bare = text[: m.start()] + "about 0.5 of " + text[m.start() :]
    loose = text[: m.start()] + "far more often, " + text[m.start() :]
    assert any("figure outside" in p for p in claims.problems_in(doc, bare))
    assert any("direction word" in p for p in claims.problems_in(doc, loose))


def test_wall_time_is_rendered_from_the_recorded_file_or_said_to_be_missing(tmp_path, monkeypatch):
    (tmp_path / "demo").mkdir()
    monkeypatch.setattr(claims, "HERE", tmp_path)
    assert claims.wall_time("demo").startswith("not recorded yet")
    (tmp_path / "demo" / "wall_time.json").write_text(
        '{"seconds": 754.2, "date": "2026-12-06T02:00:00+00:00", "commit": "abc", "cores": 2, '
        '"load_average": [1.5, 2.25, 3.0], "command": "bash experiments/demo/run.sh"}'
    )
    assert claims.wall_time("demo") == (
        "12 min 34 s for `bash experiments/demo/run.sh`, started 2026-12-06 02:00 UTC on 2 cores, "
        "load average 1.50 / 2.25 / 3.00 (1 / 5 / 15 min) at the end"
    )


report_check = claims._report_check()
REPORTS = report_check.reports()


@pytest.mark.parametrize("report", REPORTS, ids=lambda p: p.parent.relative_to(ROOT / "experiments").as_posix())
def test_changing_any_figure_of_an_analysis_report_fails_the_check(report):
    text = report.read_text()
    figures = [m.span(1) for m in report_check.DECIMAL.finditer(text)]
    assert figures, "a report with no figure"
    for start, end in (figures[0], figures[len(figures) // 2], figures[-1]):
        assert report_check.problems_in(report, _bump_last_digit(text, start, end)), text[start:end]


def _report(tmp_path, rows: list[float]) -> "Path":
    import pandas as pd

    from sim.report import Report

    report = Report("demo", tmp_path)
    report.text(f"The first share is {rows[0]:.3f}.")
    report.table("shares", pd.DataFrame({"seat": range(len(rows)), "share": rows}), "Shares")
    report.save({"shares": rows})
    return tmp_path / "report.md"


def test_a_report_as_its_analysis_wrote_it_passes(tmp_path):
    report = _report(tmp_path, [0.25, 0.5])
    assert report_check.problems_in(report, report.read_text()) == []


def test_a_table_cell_or_prose_figure_that_its_data_do_not_hold_fails(tmp_path):
    report = _report(tmp_path, [0.25, 0.5])
    text = report.read_text()
    assert report_check.table_problems(report, text.replace("|    0.5  |", "|    0.6  |")) != []
    assert report_check.prose_problems(report, text.replace("is 0.250", "is 0.750")) != []
    assert report_check.prose_problems(report, text) == [] and report_check.table_problems(report, text) == []


def test_a_claim_that_renders_a_missing_number_fails_the_check():
    page = ROOT / "docs" / "findings" / "air.md"
    problems = claims.problems_in(page, page.read_text() + "\n<!--claim:count air games-->nan<!--/claim-->\n")
    assert any("missing number" in p for p in problems)

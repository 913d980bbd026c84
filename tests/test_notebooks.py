"""Every notebook under notebooks/ runs top to bottom at a small game count and
draws its figures. Notebooks are jupytext percent-format .py files, executed
here with runpy (no Jupyter kernel needed)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

# notebook -> figures it must produce under $DEEPSIM_NOTEBOOK_OUT/<notebook>/
FIGURES = {
    "compare_turnback": ["sweep_threshold_t.png", "sweep_rulebook_tips_one.png", "payoff_2p.png", "payoff_3p.png"],
    "dice_check": ["swim_frequencies.png"],
    "air": ["depletion_threshold_t_2.png", "air_out_turn_threshold_t_2.png"],
    "balance": [
        "first_air_x_players.png",
        "first_dives_x_players.png",
        "first_air_x_stack_size_2p.png",
        "drowned_air_x_players.png",
        "last_dive_air_x_players.png",
    ],
    "landunter_balance": [
        "first_bars.png",
        "first_relative_x_players.png",
        "early_end_x_players.png",
        "eliminated_x_players.png",
        "rounds_x_players.png",
        "score_sd_x_players.png",
    ],
    "landunter_seats": [
        "seat_win_share_3p.png",
        "seat_score_3p.png",
        "passing_win.png",
        "passing_score.png",
        "early_end_3p.png",
        "rounds_3p.png",
    ],
    "landunter_ranking": ["ranking_3p.png", "payoff_3p.png"],
    "landunter_fairness": ["cells_mixed_3p.png", "strength_mixed_3p.png", "spread_3p.png", "rings_3p.png"],
    "strong_findings": ["seat0_edge.png", "last_dive_decides.png", "landunter/spread.png"],
    "design": ["luft_skill.png", "luft_seat_gap.png", "landunter_skill.png", "landunter_seat_gap.png"],
}

SMALL = {
    "DEEPSIM_NOTEBOOK_GAMES": "150",
    "DEEPSIM_NOTEBOOK_DRAWS": "9000",
    "DEEPSIM_NOTEBOOK_PLAYERS": "2,3",
    "DEEPSIM_NOTEBOOK_FAMILIES": "threshold,rulebook-tips,random",
    "DEEPSIM_NOTEBOOK_FIELD": "threshold:t=2,rulebook-tips",
    "DEEPSIM_NOTEBOOK_LU_PLAYERS": "3",  # Land unter has 3..6 players
    "DEEPSIM_NOTEBOOK_LU_BOTS": "random,low,dodge",
    "DEEPSIM_NOTEBOOK_LU_FIELD": "dodge,low",
}


def test_every_notebook_is_listed():
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.py")) == sorted(FIGURES)


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_notebook_is_jupytext_percent_with_a_story(name):
    import jupytext

    nb = jupytext.read(NOTEBOOKS / f"{name}.py", fmt="py:percent")
    kinds = [c.cell_type for c in nb.cells]
    assert kinds[0] == "markdown" and nb.cells[0].source.startswith("# ")
    headings = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## Method" in headings and "## Answer" in headings
    assert 'GAMES = int(os.environ.get("DEEPSIM_NOTEBOOK_GAMES"' in nb.cells[1].source


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FIGURES))
def test_notebook_runs_and_draws_its_figures(name, tmp_path, monkeypatch):
    for key, value in SMALL.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("DEEPSIM_NOTEBOOK_OUT", str(tmp_path))
    runpy.run_path(str(NOTEBOOKS / f"{name}.py"), run_name="__main__")
    out = tmp_path / name
    missing = [f for f in FIGURES[name] if not (out / f).is_file()]
    assert not missing, f"{name} did not draw {missing}; it drew {sorted(p.name for p in out.glob('*.png'))}"
    assert (out / "report.md").is_file()

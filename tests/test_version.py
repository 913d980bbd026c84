"""`sim --version` is the changelog's latest released version and pyproject's."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import sim

ROOT = Path(__file__).resolve().parents[1]


def _latest_changelog_version() -> str:
    versions = re.findall(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert versions, "CHANGELOG.md names no version"
    return versions[0]


def test_the_changelog_keeps_an_unreleased_section_above_its_versions():
    text = (ROOT / "CHANGELOG.md").read_text()
    assert text.index("## Unreleased") < text.index(f"## {_latest_changelog_version()}")


def test_version_matches_the_changelog_and_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert sim.__version__ == project == _latest_changelog_version()


def test_sim_version_prints_it():
    out = subprocess.run([sys.executable, "-m", "sim", "--version"], capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"deepsim {_latest_changelog_version()}"

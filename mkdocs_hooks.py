"""MkDocs hooks: pages and files the site builds from the program and the experiments.

- `changelog.md` is the repository's CHANGELOG.md.
- `reference/cli.md` is rendered from the typer app (`sim.cli_reference`), never hand-copied.
- The experiments' plots and reports are served under `experiments/`, so the
  findings and how-to pages show the PNGs each command writes.
- Pages other branches add are listed in the nav ahead of time (`PENDING`); until
  they exist they are left out of the nav, so `mkdocs build --strict` still
  fails on any other missing page.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent
EXPERIMENT_FILES = ("*.png", "report.md")
PENDING = {
    "how-to/rl-environments.md",
    "how-to/playtest-in-a-browser.md",
    "how-to/your-own-bot.md",
    "concepts/trust-model.md",
    "developing/adding-a-game.md",
    "rules/pig.md",
    "findings/pig.md",
}
log = logging.getLogger("mkdocs.hooks.deepsim")


def _prune(nav, docs: Path):
    """The nav without PENDING pages that do not exist yet."""
    kept = []
    for item in nav:
        if isinstance(item, dict):
            ((title, value),) = item.items()
            if isinstance(value, list):
                value = _prune(value, docs)
                if value:
                    kept.append({title: value})
            elif value in PENDING and not (docs / value).exists():
                log.info("nav: %s is not in this checkout yet, left out", value)
            else:
                kept.append(item)
        else:
            kept.append(item)
    return kept


def on_config(config, **kwargs):
    config["nav"] = _prune(config["nav"], Path(config["docs_dir"]))
    return config


def on_files(files, config, **kwargs):
    from sim.cli_reference import render

    files.append(File.generated(config, "reference/cli.md", content=render()))
    files.append(File.generated(config, "changelog.md", abs_src_path=str(ROOT / "CHANGELOG.md")))
    for pattern in EXPERIMENT_FILES:
        for path in sorted((ROOT / "experiments").rglob(pattern)):
            files.append(File.generated(config, path.relative_to(ROOT).as_posix(), abs_src_path=str(path)))
    return files

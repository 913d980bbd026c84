"""MkDocs hooks: pages and files the site builds from the program and the experiments.

- `changelog.md` is the repository's CHANGELOG.md.
- `reference/cli.md` is rendered from the typer app (`sim.cli_reference`), never hand-copied.
- The experiments' plots, reports and rules pages are served under
  `experiments/`, so the findings and how-to pages show the PNGs each command
  writes and link the rules pages a design run writes.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent
EXPERIMENT_FILES = ("*.png", "report.md", "rulebook.md")


def on_files(files, config, **kwargs):
    from sim.cli_reference import render

    files.append(File.generated(config, "reference/cli.md", content=render()))
    files.append(File.generated(config, "changelog.md", abs_src_path=str(ROOT / "CHANGELOG.md")))
    for pattern in EXPERIMENT_FILES:
        for path in sorted((ROOT / "experiments").rglob(pattern)):
            files.append(File.generated(config, path.relative_to(ROOT).as_posix(), abs_src_path=str(path)))
    return files

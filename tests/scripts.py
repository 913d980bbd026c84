"""Experiment scripts are files, not package modules: tests load them by path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

EXPERIMENTS = Path(__file__).resolve().parents[1] / "experiments"


def load_script(relative: str, name: str) -> ModuleType:
    """experiments/``relative`` loaded as a module named ``name``."""
    spec = importlib.util.spec_from_file_location(name, EXPERIMENTS / relative)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

"""Old names keep working for a release, with a DeprecationWarning that
points at the user's line (their bot file, notebook or script), not at ours.
The CLI shows these warnings for bot files (`show_for_bot_files`)."""

from __future__ import annotations

import sys
import warnings

#: Frames of these are skipped: the warning names the first line outside them.
OURS = ("sim.", "strategies.", "importlib", "_frozen_importlib")


def warn(message: str) -> None:
    """A DeprecationWarning attributed to the first caller outside deepsim and the import machinery."""
    frame = sys._getframe(1)
    while frame.f_back is not None and frame.f_globals.get("__name__", "").startswith(OURS):
        frame = frame.f_back
    warnings.warn_explicit(
        message,
        DeprecationWarning,
        frame.f_code.co_filename,
        frame.f_lineno,
        module=frame.f_globals.get("__name__", "?"),
        registry=frame.f_globals.setdefault("__warningregistry__", {}),
        module_globals=frame.f_globals,
    )


def show_for_bot_files() -> None:
    """Python hides a DeprecationWarning outside ``__main__``; a user's bot file
    loaded with --bot-file is where it matters, so show those."""
    warnings.filterwarnings("default", category=DeprecationWarning, module="_deepsim_botfile_")

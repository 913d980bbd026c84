"""Cheat: a bot file that rewrites the registry when it loads (replaces the
built-in ``random`` with a bot that never picks anything up). Refused at
load, in-process and isolated; the built-in stays as it was."""

import pytest

from sim.isolate import load_bot_files
from sim.registry import BotError, load_bot_file
from strategies.luft import LUFT_BOTS
from tests.trust.conftest import bad


def test_a_bot_file_replacing_a_built_in_is_refused_at_load_and_the_built_in_kept():
    before = LUFT_BOTS.get("random")
    with pytest.raises(BotError, match="replaces or removes the registered bot 'random' of luft") as err:
        load_bot_file(bad("luft_registry_rewriter.py"))
    assert "\n" not in str(err.value)
    assert LUFT_BOTS.get("random") is before


def test_isolated_the_file_is_refused_in_its_own_process_and_ours_is_untouched():
    before = LUFT_BOTS.get("random")
    with pytest.raises(BotError, match="replaces or removes the registered bot 'random' of luft"):
        load_bot_files([bad("luft_registry_rewriter.py")])
    assert LUFT_BOTS.get("random") is before

"""Cheat: make the read-only view writable with the engines' own borrowed-view
helper and turn every treasure it picks up into a level-4 card.

In-process this is OUT OF SCOPE by the trust model (docs/concepts/
trust-model.md: a bot file is trusted code; a bot that forges a writable
view or pointers means to cheat, which no in-process wall stops). What
in-process play does: the helpers are not bot API (private module; the old
`sim.nb` names warn). Isolated, the cheat gains nothing: the bot writes its
own copy, and every game equals its honest twin's."""

import warnings
from pathlib import Path

import pytest

from sim import _borrowed, nb
from tests.trust.conftest import isolated, play_isolated, same_batches

TRUST_MODEL = Path(__file__).resolve().parents[2] / "docs" / "concepts" / "trust-model.md"


@pytest.mark.parametrize("name", ["borrow", "borrow_shaped", "borrow_row", "voidptr"])
def test_the_unsealing_helpers_are_not_bot_api(name):
    with pytest.warns(DeprecationWarning, match=f"sim.nb.{name} is deprecated and not part of the bot API"):
        helper = getattr(nb, name)
    assert helper is getattr(_borrowed, name)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        nb.read_only, nb.keep_alive  # the bot-facing names stay silent


def test_the_trust_model_declares_the_in_process_cheats_out_of_scope_by_name():
    text = TRUST_MODEL.read_text()
    for cheat in ("borrow", "voidptr", "guessable seed", "pointer"):
        assert cheat in text, cheat


def test_isolated_the_borrow_writer_gains_nothing_over_its_honest_twin():
    specs = "{},threshold:t=2,random"
    with isolated("luft_borrow_writer.py", "luft_honest_twin.py"):
        cheat, run = play_isolated("luft", specs.format("cheat-luft-borrow"), 3, seed=2, games=40)
        honest, _ = play_isolated("luft", specs.format("honest-luft-twin"), 3, seed=2, games=40)
    assert run.forfeits == []
    assert same_batches(cheat, honest)

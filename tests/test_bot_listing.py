"""`sim <game> bots` lists from a cache that follows the sources (sim.bot_listing)."""

import json
import subprocess
import sys

import pytest

from sim import bot_listing
from strategies.luft import LUFT_BOTS

FAKE = [{"name": "stale-bot", "doc": "", "params": []}]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder, and the registry as a fresh process has it
    (without the bots other tests in this process registered)."""
    monkeypatch.setattr(bot_listing, "CACHE_DIR", tmp_path)
    monkeypatch.setattr(LUFT_BOTS, "bots", {n: b for n, b in LUFT_BOTS.bots.items() if bot_listing.ours(b.fn)})
    return tmp_path / "bots-luft.json"


def write(cache, fingerprint, registry_module="a_package_this_process_has_not_imported"):
    """A cache file as a process that had not imported the bots would read it."""
    data = {"fingerprint": fingerprint, "entry_group": LUFT_BOTS.entry_group, "registry_module": registry_module, "bots": FAKE}
    cache.write_text(json.dumps(data))


def test_the_cached_listing_is_the_registrys_and_is_read_without_numba(cache):
    built = bot_listing.listing("luft")
    assert built == bot_listing.describe(LUFT_BOTS)
    code = (
        "import json, sys; from pathlib import Path; from sim import bot_listing; "
        f"bot_listing.CACHE_DIR = Path({str(cache.parent)!r}); "
        "print(json.dumps([bot_listing.listing('luft'), 'numba' in sys.modules]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:]
    listed, numba_loaded = json.loads(done.stdout)
    assert listed == built and not numba_loaded


def test_a_changed_source_rebuilds_the_bot_listing(cache):
    write(cache, "an older fingerprint")
    assert bot_listing.listing("luft") == bot_listing.describe(LUFT_BOTS)
    assert json.loads(cache.read_text())["fingerprint"] == bot_listing.fingerprint(bot_listing.sources())


def test_an_installed_plug_in_bypasses_the_cached_listing(cache, monkeypatch):
    write(cache, bot_listing.fingerprint(bot_listing.sources()))
    assert bot_listing.listing("luft") == FAKE  # current: served as stored
    monkeypatch.setattr(bot_listing, "plugins_installed", lambda group: True)
    assert bot_listing.listing("luft") == bot_listing.describe(LUFT_BOTS)
    assert json.loads(cache.read_text())["bots"] == FAKE  # not rewritten: the plug-in may change on its own


def test_a_bot_registered_at_run_time_is_listed_but_never_cached(cache):
    def extra(phase, seat, st, params, u):
        return 0

    LUFT_BOTS.register("extra")(extra)
    assert "extra" in [b["name"] for b in bot_listing.listing("luft")]
    assert not cache.exists()


def test_a_current_cache_never_hides_a_bot_registered_in_this_process(cache):
    """`sim luft bots` wrote a current cache; a test then registers its own bot
    in the same process: the listing shows it (the registry is live here)."""
    write(cache, bot_listing.fingerprint(bot_listing.sources()), registry_module="strategies.luft")

    def extra(phase, seat, st, params, u):
        return 0

    LUFT_BOTS.register("registered-after-the-cache")(extra)
    assert "registered-after-the-cache" in [b["name"] for b in bot_listing.listing("luft")]


def test_the_cache_names_the_package_whose_import_makes_its_registry_live(cache):
    bot_listing.listing("luft")
    assert json.loads(cache.read_text())["registry_module"] == "strategies.luft"


def test_sim_bots_lists_ismcts_in_the_slow_tier_with_its_parameters():
    from typer.testing import CliRunner

    from sim.cli import app

    for game in ("luft", "landunter", "pig"):
        result = CliRunner().invoke(app, [game, "bots", "--json"])
        assert result.exit_code == 0, result.output
        bots = {b["name"]: b for b in json.loads(result.output)["bots"]}
        ismcts = bots["ismcts"]
        assert ismcts["slow"] and not bots["random"]["slow"]
        assert [(p["name"], p["default"]) for p in ismcts["params"]] == [("sims", 100), ("seed", 0), ("uct", 2.0)]
    table = CliRunner().invoke(app, ["luft", "bots"], env={"COLUMNS": "200"}).output
    row = next(line for line in table.splitlines() if "ismcts" in line)
    assert "sims=100 [2, 1e+06]" in row
    assert "(slow)" in table.split("ismcts", 1)[1].splitlines()[1]  # the tier under its name

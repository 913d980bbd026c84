"""Draw docs/assets/web-table-luft.png and web-table-landunter.png: a table
of each game in headless Chromium at a phone's width, a few moves in.

    .venv/bin/python tests/web/make_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.conftest import Served, chromium_path  # noqa: E402
from tests.web.helpers import click_and_wait, move_buttons  # noqa: E402

TABLES = [("luft", "human,threshold,threshold", 11, 6), ("landunter", "human,dodge,dodge,dodge", 3, 2)]


def main():
    from playwright.sync_api import sync_playwright

    from sim.web.server import new_tables

    with tempfile.TemporaryDirectory() as out, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        for game, seats, seed, moves in TABLES:
            [table] = new_tables(game, seats, {}, 1, seed, Path(out))
            served = Served([table])
            page = browser.new_page(viewport={"width": 420, "height": 900}, device_scale_factor=1)
            page.goto(served.url(table.tokens["seats"]["0"]))
            for _ in range(moves):
                if not move_buttons(page).count():
                    break
                click_and_wait(page, move_buttons(page).last)
            page.screenshot(path=ROOT / "docs" / "assets" / f"web-table-{game}.png", full_page=True)
            served.stop()
        browser.close()


if __name__ == "__main__":
    main()

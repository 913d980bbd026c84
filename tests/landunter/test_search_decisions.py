"""`sampler` plays the card it played before its speed-up.

golden/sampler_decisions.npz holds views recorded from games and the card
each parameter set played there under the earlier implementation (written
once by search_fixture.py).
"""

from pathlib import Path

import numpy as np
import pytest

from sim.registry import MAX_PARAMS
from strategies.landunter import LANDUNTER_BOTS

FIXTURE = np.load(Path(__file__).parent / "golden" / "sampler_decisions.npz")


@pytest.mark.parametrize("column", range(len(FIXTURE["specs"])), ids=list(FIXTURE["specs"]))
def test_sampler_plays_the_recorded_cards(column):
    spec = str(FIXTURE["specs"][column])
    seat = LANDUNTER_BOTS.parse(spec)
    params = np.zeros(MAX_PARAMS)
    params[: len(seat.params)] = seat.params
    views = FIXTURE["views"]
    wrong = []
    for i, (s, u) in enumerate(zip(FIXTURE["seat"], FIXTURE["u"])):
        card = seat.bot.fn(s, views[i], params, u)
        if card != FIXTURE["actions"][i, column]:
            wrong.append((i, int(FIXTURE["actions"][i, column]), int(card)))
    assert not wrong, f"{spec}: {len(wrong)} of {len(views)} cards differ (row, was, now): {wrong[:5]}"

"""`planner` and `rollout` decide as they did before their speed-up (issue 14).

golden/search_decisions.npz holds positions recorded from games and the
action each parameter set took there under the earlier implementation
(written once by search_fixture.py).
"""

from pathlib import Path

import numpy as np
import pytest

from strategies.luft import LUFT_BOTS

FIXTURE = np.load(Path(__file__).parent / "golden" / "search_decisions.npz")


@pytest.mark.parametrize("column", range(len(FIXTURE["specs"])), ids=list(FIXTURE["specs"]))
def test_search_bots_take_the_recorded_decisions(column):
    spec = str(FIXTURE["specs"][column])
    seat = LUFT_BOTS.parse(spec)
    views = FIXTURE["views"].astype(np.int64)
    wrong = []
    for i, (phase, s, u) in enumerate(zip(FIXTURE["phase"], FIXTURE["seat"], FIXTURE["u"])):
        action = seat.bot.fn(phase, s, views[i], seat.params, u)
        if action != FIXTURE["actions"][i, column]:
            wrong.append((i, int(FIXTURE["actions"][i, column]), int(action)))
    assert not wrong, f"{spec}: {len(wrong)} of {len(views)} decisions differ (row, was, now): {wrong[:5]}"

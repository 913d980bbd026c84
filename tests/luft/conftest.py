import pytest

from sim.games.luft import engine
from sim.games.luft.rules import Rules
from strategies.luft import LUFT_BOTS


def seats(spec: str, players: int = 4):
    return LUFT_BOTS.parse_seats(spec, players)


@pytest.fixture(scope="session")
def compiled():
    """The compiled engine, warmed up once per test session."""
    engine.play_batch(Rules(), seats("threshold:t=2"), 0, 0, 2)
    return engine

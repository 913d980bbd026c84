"""Sealed bots: the regression guard against a cheating Geteilte Luft bot.

Each test is one attack an adversarial bot author would try and
checks that it fails: a write to the state or to its parameters is refused in
both engines, no bot sees another seat's parameters, a bot's uniforms predict
no swim card better than chance, the view a bot gets does not change with
anything hidden, and both engines hand every bot the same view, decision by
decision.
"""

from dataclasses import replace

import numpy as np
import pytest
from numba import carray, njit

from sim import _borrowed, nb
from sim.games.luft import layout, reference
from sim.games.luft.reference import SWIM_DECK
from sim.games.luft.rules import SINK_ORDERS, SINK_WITHIN_DIVER, START_RULES, SWIM_SOURCES, Rules
from sim.registry import MAX_PARAMS, BotError, Seat
from strategies.luft import LUFT_BOTS
from strategies.luft.registry import register
from tests.luft.builtins_by_id import decide_builtin
from tests.luft.conftest import seats

BUILTINS = [b for b in (LUFT_BOTS.get(n) for n in LUFT_BOTS.names()) if b.builtin_id >= 0]


# --- attack 1: write the state or another seat's parameters ------------------------------------
@njit(cache=True)
def cheat_teleport(phase, seat, st, params, u):
    """Writes the state: puts itself back in the submarine with its treasures."""
    st[layout.BACK + seat] = 1
    return (
        layout.STAY_DOWN
        if phase == layout.PHASE_TURN_BACK
        else layout.PICK_UP
        if layout.can_pick_up(st, seat)
        else layout.NOTHING
    )


@njit(cache=True)
def cheat_sabotage(phase, seat, st, params, u):
    """Writes its own parameter (a threshold of 60: never turns back)."""
    params[0] = 60.0
    return layout.STAY_DOWN if phase == layout.PHASE_TURN_BACK else layout.NOTHING


def cheat_python_write(phase, seat, st, params, u):
    """A plain-Python bot (reference engine only) writing the air."""
    st[layout.AIR] = 99
    return layout.STAY_DOWN if phase == layout.PHASE_TURN_BACK else layout.NOTHING


for _name, _fn in (
    ("test-cheat-teleport", cheat_teleport),
    ("test-cheat-sabotage", cheat_sabotage),
    ("test-cheat-python-write", cheat_python_write),
):
    if _name not in LUFT_BOTS.bots:
        register(_name)(_fn)


def play_with(kind, compiled, rules, table):
    if kind == "compiled":
        return compiled.play_batch(rules, table, 1, 0, 20)
    return reference.play_game(rules, table, 1, 0)


@pytest.mark.parametrize("kind", ["compiled", "reference"])
@pytest.mark.parametrize("name", ["test-cheat-teleport", "test-cheat-sabotage", "test-cheat-python-write"])
def test_a_bot_that_writes_is_refused_by_both_engines_with_the_same_line(compiled, kind, name):
    """The reference engine runs a user's bot through its compiled plug-in, so
    it refuses a writer before any game with the compiled engine's own words
    (a plain-Python bot too: it is compiled like any other)."""
    rules = Rules(players=4, turn_back_needs_treasure=False)
    with pytest.raises(BotError, match=f"bot '{name}' does not compile.*writes to st or params, which are read-only") as err:
        play_with(kind, compiled, rules, seats(f"{name},threshold:t=2,threshold:t=2,random"))
    assert "\n" not in str(err.value)


def test_a_bot_gets_only_its_own_parameter_row():
    """Another seat's parameters (its strategy) are not the seat's to know:
    each call gets its own row, 1-d and read-only, never the table."""
    table = seats("threshold:t=1,threshold:t=2,threshold:t=3", 3)
    seen = []

    def spy(seat):
        fn = seat.bot.fn

        def decide(phase, s, st, params, u):
            seen.append((s, params.ndim, params.flags.writeable, params.copy()))
            return fn(phase, s, st, params, u)

        return Seat(seat.spec, replace(seat.bot, fn=decide), seat.params)

    reference.play_game(Rules(players=3), [spy(s) for s in table], 1, 0)
    assert {s for s, *_ in seen} == {0, 1, 2}
    for s, ndim, writeable, params in seen:
        assert (ndim, writeable) == (1, False)
        assert np.array_equal(params[: len(table[s].params)], table[s].params)


# --- attack 2: recover the random stream from u, predict the next swim card -----------------------
_G = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_MASK = (1 << 64) - 1


def _mix(z):
    """SplitMix64's finaliser on uint64 arrays (rng.mix64)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(_M1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_M2)
    return z ^ (z >> np.uint64(31))


def _unmix(z):
    """The inverse of `_mix` (xor-shifts undone, multipliers inverted mod 2**64)."""
    z = z ^ (z >> np.uint64(31)) ^ (z >> np.uint64(62))
    z = z * np.uint64(pow(_M2, -1, 1 << 64))
    z = z ^ (z >> np.uint64(27)) ^ (z >> np.uint64(54))
    z = z * np.uint64(pow(_M1, -1, 1 << 64))
    return z ^ (z >> np.uint64(30)) ^ (z >> np.uint64(60))


def recover_state(u1: float, u2: float):
    """The SplitMix64 state right after the draw of u2, if u1, u2 are two
    consecutive uniforms of one stream (u = top 53 bits of mix(state)): the 11
    unknown low bits of u1 are tried, each candidate stepped to u2. None if no
    candidate fits."""
    top = np.uint64(int(u1 * 2.0**53) << 11)
    candidates = _unmix(top | np.arange(2048, dtype=np.uint64))
    with np.errstate(over="ignore"):
        nxt = candidates + np.uint64(_G)
        fits = (_mix(nxt) >> np.uint64(11)) == np.uint64(int(u2 * 2.0**53))
    hits = nxt[fits]
    return int(hits[0]) if hits.size == 1 else None


def predicted_swim(state: int) -> int:
    """The swim card a deck draw (randbelow(9)) from this stream would give next."""
    with np.errstate(over="ignore"):
        bits = int(_mix(np.array([(state + _G) & _MASK], np.uint64))[0])
    return SWIM_DECK[((bits >> 32) * 9) >> 32]


def test_the_stream_attack_predicts_a_shared_stream_perfectly():
    """The attack works: had the bot's u come from the game's stream (the old
    design: u, u, then the swim draw), it would call every swim card."""
    from sim import rng

    for game in range(200):
        stream = rng.Stream(3, game)
        u1, u2 = stream.uniform(), stream.uniform()
        assert predicted_swim(recover_state(u1, u2)) == SWIM_DECK[stream.randbelow(9)]


def test_a_bot_cannot_predict_the_next_swim_card_from_its_uniforms(monkeypatch):
    """A memory-keeping (plain Python) bot recovers the stream behind its own
    last two uniforms and predicts the swim card of its turn; its hit rate is
    the chance rate of its predictions (sum of P(card)) within 4 standard errors."""
    seen, pending, hits, chance = {}, [], [], []
    p_card = {value: SWIM_DECK.count(value) / 9 for value in SWIM_DECK}

    def oracle(phase, seat, st, params, u):
        last = seen.get(seat)
        seen[seat] = u
        if phase == layout.PHASE_TURN_BACK and last is not None:
            state = recover_state(last, u)
            if state is not None:
                pending.append(predicted_swim(state))
        if phase == layout.PHASE_TURN_BACK:
            return layout.STAY_DOWN
        return layout.PICK_UP if layout.can_pick_up(st, seat) else layout.NOTHING

    draw = reference.Game.draw_swim

    def checked_draw(game):
        value = draw(game)
        if pending:
            guess = pending.pop()
            hits.append(guess == value)
            chance.append(p_card[guess])
        return value

    monkeypatch.setattr(reference.Game, "draw_swim", checked_draw)
    if "test-cheat-oracle" not in LUFT_BOTS.bots:  # a spy of the stream, run as plain Python
        register("test-cheat-oracle")(nb.engine_side(oracle))
    rules = Rules(players=2, turn_back_needs_treasure=False)
    for game in range(150):
        seen.clear()
        reference.play_game(rules, seats("test-cheat-oracle,threshold:t=2", 2), 5, game)
    assert len(hits) > 1000
    chance = np.array(chance)
    se = np.sqrt((chance * (1 - chance)).sum())
    assert abs(sum(hits) - chance.sum()) < 4 * se, (sum(hits), chance.sum(), se)


# --- attack 3: read hidden information -----------------------------------------------------------
def test_the_view_does_not_change_with_anything_hidden(monkeypatch):
    """At every decision, the view is rebuilt after scrambling all that is
    hidden (the undrawn value cards, the no-reshuffle swim deck's order, the
    game's random stream): it must come out the same."""
    ask = reference.Game.ask
    scramble = np.random.default_rng(0)
    checked = []

    def ask_scrambled(game, phase, diver):
        before = game.public_view()
        saved = ([list(d) for d in game.value_decks], list(game.swim_deck), game.stream.state)
        for deck in game.value_decks:
            scramble.shuffle(deck)
        scramble.shuffle(game.swim_deck)
        game.stream.state = np.uint64(scramble.integers(0, 2**63))
        np.testing.assert_array_equal(game.public_view(), before)
        game.value_decks, game.swim_deck, game.stream.state = saved
        checked.append(phase)
        return ask(game, phase, diver)

    monkeypatch.setattr(reference.Game, "ask", ask_scrambled)
    for swim in ("deck", "deck-no-reshuffle"):
        for game in range(20):
            reference.play_game(Rules(swim=swim), seats("threshold:t=2,random,greedy-value,depth"), 2, game)
    assert set(checked) == {layout.PHASE_TURN_BACK, layout.PHASE_TREASURE}


# --- both engines hand every bot the same view ---------------------------------------------------
# A recording bot: copies each view it is handed (and its u) into a log, then
# plays the built-in whose id is in its last parameter slot. The log's
# address rides in the slot before it (user-space addresses are < 2**53, exact
# in a float64): the view is read-only, so the log must live outside it.
LOG_ROWS = 4096
LOG_COLS = 3 + layout.SIZE  # phase, seat, u * 2**53, the view
_ADDR, _ID = MAX_PARAMS - 2, MAX_PARAMS - 1
_LOG = np.zeros((LOG_ROWS, LOG_COLS), np.int64)  # row 0, column 0: rows written


@njit(cache=True)
def recording(phase, seat, st, params, u):
    log = carray(_borrowed.voidptr(np.uint64(params[_ADDR])), (LOG_ROWS, LOG_COLS), np.int64)
    row = log[0, 0] + 1
    if row < LOG_ROWS:
        log[0, 0] = row
        log[row, 0], log[row, 1], log[row, 2] = phase, seat, np.int64(u * 9007199254740992.0)
        for i in range(layout.SIZE):
            log[row, 3 + i] = st[i]
    return decide_builtin(np.int64(params[_ID]), phase, seat, st, params, u)


if "test-recording" not in LUFT_BOTS.bots:
    register("test-recording")(recording)


def recorded_seats(r, players):
    """Seats of random built-in families, each wrapped in the recording bot."""
    out = []
    for _ in range(players):
        bot = BUILTINS[int(r.integers(len(BUILTINS)))]
        assert len(bot.params) <= _ADDR
        vec = bot.vector({})
        vec[_ADDR], vec[_ID] = float(_LOG.ctypes.data), bot.builtin_id
        out.append(Seat(f"recorded {bot.name}", LUFT_BOTS.get("test-recording"), vec))
    return out


def random_rules(r, players):
    return Rules.from_strings(
        {},
        players=players,
        air=int(r.integers(3, 40)),
        dives=int(r.integers(1, 4)),
        cards_per_level=int(r.integers(1, 16)),
        stack_size=int(r.integers(1, 6)),
        swim=str(r.choice(SWIM_SOURCES)),
        turn_back_needs_treasure=bool(r.integers(0, 2)),
        start_when_nobody_returned=str(r.choice(START_RULES)),
        sink_order=str(r.choice(SINK_ORDERS)),
        sink_within_diver=str(r.choice(SINK_WITHIN_DIVER)),
        stalemate_rounds=int(r.integers(1, 4)),
    )


def take_log():
    rows = _LOG[1 : _LOG[0, 0] + 1].copy()
    assert len(rows) < LOG_ROWS - 1, "log full"
    _LOG[0, 0] = 0
    return rows


def test_both_engines_hand_every_bot_the_same_view_decision_by_decision(compiled):
    families = set()
    decisions = 0
    for config in range(60):
        r = np.random.default_rng(500 + config)
        players = int(r.integers(2, 7))
        rules, bots, seed = random_rules(r, players), recorded_seats(r, players), int(r.integers(2**62))
        families |= {s.spec for s in bots}
        for game in range(5):
            take_log()
            compiled.play_batch(rules, bots, seed, game, 1)
            fast = take_log()
            reference.play_game(rules, bots, seed, game)
            slow = take_log()
            where = f"config {config} {rules} {[s.spec for s in bots]} seed {seed} game {game}"
            assert len(fast) == len(slow), where
            np.testing.assert_array_equal(fast, slow, err_msg=where)
            decisions += len(fast)
    assert families == {f"recorded {b.name}" for b in BUILTINS}
    assert decisions > 10000

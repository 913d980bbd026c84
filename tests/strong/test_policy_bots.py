"""The `policy` bots: features from hand-made positions, decisions from hand-set
weights, the weight row per player count, and weight files (good and bad)."""

import dataclasses
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import rng
from sim.cli import app
from sim.games.landunter import layout as landunter_layout
from sim.games.luft import forecast, layout as luft_layout
from sim.registry import MAX_PARAMS, BotError
from sim.strong import weights as W
from strategies.landunter import LANDUNTER_BOTS, policy as lu
from strategies.luft import LUFT_BOTS, greedy_value as gv, policy as lp
from tests.landunter.test_bots import view as lu_view
from tests.luft.test_bots import FULL, make_st

TB, TR = luft_layout.PHASE_TURN_BACK, luft_layout.PHASE_TREASURE


def luft_row(players, **heads):
    """A parameter row whose block for ``players`` holds the given head weights."""
    w = np.zeros(lp.BLOCK)
    for at, values in heads.items():
        w[getattr(lp, at) : getattr(lp, at) + len(values)] = values
    row = np.zeros(MAX_PARAMS)
    b = players - lp.FIRST_PLAYERS
    row[b * lp.BLOCK : (b + 1) * lp.BLOCK] = w
    return row


def test_luft_features_match_a_hand_computed_position():
    # seat 0 at field 6 carrying a level-1 item; seat 1 at field 3 with two items; seat 2 back home.
    st = make_st(
        [{"pos": 6, "carried": [1], "score": 7}, {"pos": 3, "carried": [2, 3], "score": 12}, {"back": 1, "score": 4}], air=10
    )
    st[luft_layout.DIVE] = 1
    f = lp.features(st, 0, 1, True)
    d = 5  # field 3 above is occupied: one field fewer home
    assert f[0] == 1.0
    assert f[1] == pytest.approx(10 / 25)
    assert f[2] == pytest.approx(6 / 32)
    assert f[3] == pytest.approx(1 / 4)
    assert f[4] == pytest.approx(2 / 8)  # the other diver still down carries 2
    assert f[5] == pytest.approx(forecast.air_burn(d, 1, 2, forecast.SWIM_P, True) / 10)
    assert f[6] == pytest.approx(1 / 2)  # one of the two others still down
    assert f[7] == pytest.approx((7 - 12) / 30)
    assert f[8] == pytest.approx(1 / 2)  # dive 2 of 3
    assert f[9] == pytest.approx(1.5 / 30)
    swims = forecast.turns_left(10, 1, 2) + 1  # (10 - 2 - 1) // 3 + 1 = 3, plus this turn's
    assert swims == 4
    assert f[10] == pytest.approx(1 - forecast.p_home(d, swims, 1, forecast.SWIM_P, forecast.SWIM_P))


def test_luft_policy_acts_on_the_sign_of_its_weighted_features():
    st = make_st([{"pos": 6, "carried": [1]}, {"pos": 3}], air=10)
    air_share = 10 / 25
    back = luft_row(2, TURN_BACK_W=[-air_share + 0.01, 1.0])  # score = air share - (air share - 0.01) > 0
    stay = luft_row(2, TURN_BACK_W=[-air_share - 0.01, 1.0])
    assert lp.policy(TB, 0, st, back, 0.5) == luft_layout.TURN_BACK
    assert lp.policy(TB, 0, st, stay, 0.5) == luft_layout.STAY_DOWN
    # the block of another player count is not read
    assert lp.policy(TB, 0, st, luft_row(3, TURN_BACK_W=[1.0]), 0.5) == luft_layout.STAY_DOWN


def answers_as_greedy_value(phase, st, row, airs):
    """The policy's answers with weights ``row`` at each air level of ``airs``,
    each checked to be greedy-value:risk=1's."""
    risk_1 = LUFT_BOTS.get("greedy-value").vector({"risk": 1.0})
    answers = set()
    for air in airs:
        st[luft_layout.AIR] = air
        answer = lp.policy(phase, 0, st, row, 0.5)
        assert answer == gv.greedy_value(phase, 0, st, risk_1, 0.5), air
        answers.add(answer)
    return answers


def test_luft_turn_back_reads_greedy_values_gain_and_loss_of_staying():
    st = make_st([{"pos": 6, "carried": [1]}, {"pos": 2, "carried": [2]}], air=10)
    gain, p_stay = gv.stay_down_terms(st, 0)
    p_back = forecast.p_home_seat(st, 0, 1, True, forecast.SWIM_P)
    assert lp.stay_down_features(st, 0) == pytest.approx((gain / 10, 1.5 * (p_back - p_stay) / 10, p_stay))
    # weights -1 on the gain, +1 on the loss (and a hair of bias for its ties): greedy-value at risk=1
    greedy = luft_row(2, TURN_BACK_W=[1e-12], TURN_BACK_X=[-1.0, 1.0])
    answers = answers_as_greedy_value(TB, st, greedy, range(1, 26))
    assert answers == {luft_layout.TURN_BACK, luft_layout.STAY_DOWN}  # the air range crosses the rule's edge


def test_luft_pick_up_and_drop_read_greedy_values_terms():
    st = make_st([{"pos": 12, "carried": [1]}, {"pos": 4, "carried": [2]}], air=14)
    gain, w_now, lost = gv.pick_up_terms(st, 0)
    p0, p1 = (forecast.p_home_seat(st, 0, load, False, forecast.SWIM_P) for load in (1, 2))
    assert (gain, w_now, lost) == pytest.approx((forecast.item_value(FULL[11]) * p1, 1.5, p0 - p1))
    assert lp.pick_up_features(st, 0) == pytest.approx((gain / 10, w_now * lost / 10))
    # weights +1 on the gain, -1 on the loss (and a hair of bias for its ties): greedy-value at risk=1
    greedy = luft_row(2, PICK_UP_W=[1e-12], PICK_UP_X=[1.0, -1.0])
    airs = range(8, 26)  # with less air the item is worth 0 (p1 = 0), which greedy-value never takes
    for air in airs:
        st[luft_layout.AIR] = air
        assert gv.pick_up_terms(st, 0)[0] > 0.0
    answers = answers_as_greedy_value(TR, st, greedy, airs)
    assert answers == {luft_layout.PICK_UP, luft_layout.NOTHING}  # the air range crosses the rule's edge

    path = list(FULL)
    path[9] = 0  # a blank field: heading up the diver may drop
    st = make_st([{"pos": 10, "carried": [4, 1, 3], "up": 1}, {"pos": 3}], path=path)
    kept, w_now, gained = gv.drop_terms(st, 0, 1)  # the level-1 item, the cheapest
    p0, p_less = (forecast.p_home_seat(st, 0, load, False, forecast.SWIM_P) for load in (3, 2))
    assert (kept, w_now, gained) == pytest.approx((1.5 * p_less, 13.5 + 1.5 + 9.5, p_less - p0))
    assert lp.drop_features(st, 0, 1) == pytest.approx((w_now * gained / 10, kept / 10))
    answers = answers_as_greedy_value(TR, st, luft_row(2, DROP_X=[1.0, -1.0]), range(1, 26))
    assert answers == {luft_layout.DROP + 1, luft_layout.NOTHING}


@pytest.mark.parametrize(
    "size,nudge,by",
    [
        (lp.TURN_BACK_X, lp.TURN_BACK_X + 2, -0.5),
        (lp.TURN_BACK_PLAN, lp.TURN_BACK_PLAN, 20.0),
        (lp.TURN_BACK_ROLL, lp.TURN_BACK_ROLL, 20.0),
        (lp.PICK_UP_X, lp.PICK_UP_X, 20.0),
    ],
    ids=["before-greedy-value-terms", "before-planner-terms", "before-rollout-terms", "before-pick-up-and-drop-terms"],
)
def test_a_weight_file_of_an_older_layout_plays_as_its_missing_weights_at_0(tmp_path, size, nudge, by):
    from sim import api

    old = list(lp.LAYOUT.default[:size])  # the untrained start: its missing terms are 0
    old_file = tmp_path / "old.json"
    old_file.write_text(json.dumps({"format": 1, "game": "luft", "players": 2, "weights": old}))
    padded = old + [0.0] * (lp.BLOCK - size)
    padded_file = W.save(tmp_path / "padded.json", lp.LAYOUT, padded, 2, {}, {})
    assert np.array_equal(lp.LAYOUT.block(LUFT_BOTS.parse(f"policy:file={old_file}").params, 2), padded)

    def games(path):
        """The figures of 40 games against threshold:t=2, not the specs."""
        out = api.simulate("luft", None, f"policy:file={path},threshold:t=2", players=2, games=40).summary
        return [{k: x for k, x in seat.items() if k != "bot"} for seat in out["seats"]], out["dives"]

    assert games(old_file) == games(padded_file)
    padded[nudge] = by
    nudged = W.save(tmp_path / "nudged.json", lp.LAYOUT, padded, 2, {}, {})  # the new terms do count
    assert games(nudged) != games(old_file)


def test_luft_policy_with_planner_weight_1_decides_like_planner_on_recorded_positions():
    # the planner's recorded decisions (extra=3, tests/luft/golden): weight +1 on its
    # gains and a bias of 1e-9 for its tie (it turns back on one); an empty-handed
    # turn back (rules that allow it) reads gain 0 and is left out
    from tests.luft.test_search_decisions import PLANNER

    w = np.zeros(lp.BLOCK)
    w[lp.TURN_BACK_W], w[lp.TURN_BACK_PLAN], w[lp.PICK_UP_PLAN], w[lp.DROP_PLAN] = 1e-9, 1.0, 1.0, 1.0
    row = lp.LAYOUT.vector(w)
    column = list(PLANNER["specs"]).index("planner:extra=3")
    views = PLANNER["views"].astype(np.int64)
    compared, wrong = 0, []
    for i, (phase, seat, u) in enumerate(zip(PLANNER["phase"], PLANNER["seat"], PLANNER["u"])):
        st, was = views[i], int(PLANNER["actions"][i, column])
        if phase == TB and st[luft_layout.N_CARRIED + seat] == 0:
            continue
        compared += 1
        if lp.policy(phase, seat, st, row, u) != was:
            wrong.append((i, was))
    assert compared > 3000 and not wrong, wrong[:5]
    assert any(a >= luft_layout.DROP for a in PLANNER["actions"][:, column])  # drops are among them


def test_rollout_takes_its_second_candidate_iff_its_gain_over_all_k_continuations_is_positive():
    # forecast.rollout_gain (the policy's rollout features) against rollout_decide's
    # early stop, on recorded positions with a choice; the gain is the mean of the
    # paired differences of all k continuations, summed here by hand on a few
    from tests.luft.test_search_decisions import ROLLOUT

    views = ROLLOUT["views"].astype(np.int64)
    signs = set()
    for i in range(0, len(views), 7):
        phase, seat, u, st = ROLLOUT["phase"][i], ROLLOUT["seat"][i], ROLLOUT["u"][i], views[i]
        a0, a1 = forecast.rollout_candidates(phase, seat, st)
        if a1 < 0:
            continue
        for k, t in ((32, 2), (8, 3)):
            gain = forecast.rollout_gain(phase, seat, st, k, t, u)
            assert forecast.rollout_decide(phase, seat, st, k, t, u) == (a1 if gain > 0 else a0), (i, k, t)
            signs.add(np.sign(gain))
        if i % 70 == 0:
            base = forecast.rollout_streams(u, seat)
            streams = [np.uint64(rng.mix64(base + np.uint64(j))) for j in range(8)]
            by_hand = sum(forecast.rollout_dive(st, seat, phase, a1, 3, s)[0] for s in streams)
            by_hand -= sum(forecast.rollout_dive(st, seat, phase, a0, 3, s)[0] for s in streams)
            assert forecast.rollout_gain(phase, seat, st, 8, 3, u) == by_hand / 8, i
    assert signs == {-1.0, 0.0, 1.0}


def test_luft_policy_with_rollout_weight_1_decides_like_rollout_k32_on_recorded_positions():
    # rollout's recorded decisions (tests/luft/golden) at the t the features use
    # for the position's player count: weight +1 on its gains and a bias of 1e-9
    # for its tie (it turns back on one); the policy asks the turn-back step only
    # where turning back is legal, so the others are left out
    from tests.luft.test_search_decisions import ROLLOUT

    w = np.zeros(lp.BLOCK)
    w[lp.TURN_BACK_W], w[lp.TURN_BACK_ROLL], w[lp.PICK_UP_ROLL], w[lp.DROP_ROLL] = 1e-9, 1.0, 1.0, 1.0
    row = lp.LAYOUT.vector(w)
    specs = list(ROLLOUT["specs"])
    views = ROLLOUT["views"].astype(np.int64)
    compared, wrong, counts = 0, [], set()
    for i, (phase, seat, u) in enumerate(zip(ROLLOUT["phase"], ROLLOUT["seat"], ROLLOUT["u"])):
        st = views[i]
        if phase == TB and not luft_layout.can_turn_back(st, seat):
            continue
        n = st[luft_layout.N_PLAYERS]
        t = lp.ROLL_T[n - lp.FIRST_PLAYERS]
        was = int(ROLLOUT["actions"][i, specs.index("rollout:k=32" if t == 2 else f"rollout:k=32:t={t}")])
        compared += 1
        counts.add(n)
        if lp.policy(phase, seat, st, row, u) != was:
            wrong.append((i, was))
    assert compared > 3000 and not wrong, wrong[:5]
    assert {int(lp.ROLL_T[n - lp.FIRST_PLAYERS]) for n in counts} == {2, 3}  # both t among them
    assert any(
        a >= luft_layout.DROP for a in ROLLOUT["actions"][ROLLOUT["phase"] == TR, specs.index("rollout:k=32")]
    )  # drops too


def test_luft_policy_never_turns_back_empty_handed_when_the_rules_forbid_it():
    st = make_st([{"pos": 6}, {"pos": 3}], air=10)
    assert lp.policy(TB, 0, st, luft_row(2, TURN_BACK_W=[1.0]), 0.5) == luft_layout.STAY_DOWN


def test_luft_policy_picks_up_by_item_value_and_drops_the_cheapest_heading_up():
    st = make_st([{"pos": 30}, {"pos": 3}])  # field 30 holds a level-4 item
    value = forecast.item_value(FULL[29]) / 14
    take = luft_row(2, PICK_UP_W=[-value + 0.01] + [0.0] * (lp.N_FEATURES - 1) + [1.0])
    leave = luft_row(2, PICK_UP_W=[-value - 0.01] + [0.0] * (lp.N_FEATURES - 1) + [1.0])
    assert lp.policy(TR, 0, st, take, 0.5) == luft_layout.PICK_UP
    assert lp.policy(TR, 0, st, leave, 0.5) == luft_layout.NOTHING
    path = list(FULL)
    path[9] = 0
    st = make_st([{"pos": 10, "carried": [4, 1, 3], "up": 1}, {"pos": 3}], path=path)
    drop = luft_row(2, DROP_W=[1.0])
    assert lp.policy(TR, 0, st, drop, 0.5) == luft_layout.DROP + 1  # the level-1 item
    st[luft_layout.HEADING_UP] = 0
    assert lp.policy(TR, 0, st, drop, 0.5) == luft_layout.NOTHING  # drops only heading up


def test_landunter_features_match_a_hand_computed_position():
    st = lu_view([5, 17, 30, 44, 58], tops=(6, 9, 0, 3), rings=(1, 2, 0, 3), offer=(4, 11), S_ROUND=3)
    t = lu.table_features(0, st)
    assert t == pytest.approx((1.0, 4 / 12, 11 / 12, 6 / 12, 9 / 12, 1 / 4, 3 / 11))
    below = lu.cards_out_below(0, st)
    out = [c for c in range(1, st[landunter_layout.S_N_CARDS] + 1) if c not in (5, 17, 30, 44, 58)]  # nothing played yet
    assert below[landunter_layout.MAX_CARD + 1] == len(out) == 55
    assert below[17] == sum(c < 17 for c in out) == 15
    assert lu.card_terms(17, 60, below) == pytest.approx((17 / 60, 15 / 55, (15 / 55) ** 2))


def test_landunter_policy_plays_the_card_its_weights_score_best():
    st = lu_view([5, 17, 30, 44, 58], tops=(6, 9, 0, 3), rings=(1, 2, 0, 3), offer=(4, 11))
    row = np.zeros(MAX_PARAMS)
    b = (4 - lu.FIRST_PLAYERS) * lu.BLOCK
    row[b + lu.N_TABLE] = 1.0  # score = b: the highest card
    assert lu.policy(0, st, row, 0.5) == 58
    row[b + lu.N_TABLE] = -1.0  # score = -b: the lowest
    assert lu.policy(0, st, row, 0.5) == 5
    row[b + lu.N_TABLE], row[b + 2 * lu.N_TABLE] = 1.0, -1.0  # b - b^2: the card nearest b = 1/2
    shares = {c: lu.card_terms(c, 60, lu.cards_out_below(0, st))[1] for c in (5, 17, 30, 44, 58)}
    assert lu.policy(0, st, row, 0.5) == min(shares, key=lambda c: abs(shares[c] - 0.5))


@pytest.mark.parametrize("registry,layout", [(LUFT_BOTS, lp.LAYOUT), (LANDUNTER_BOTS, lu.LAYOUT)])
def test_weight_file_round_trip(tmp_path, registry, layout):
    w = np.linspace(-1, 1, layout.size)
    path = W.save(tmp_path / "w.json", layout, w, 4, {"air": 25}, {"field": ["x"]})
    data = json.loads(path.read_text())
    assert (data["game"], data["players"], data["rules"], data["training"]) == (layout.game, 4, {"air": 25}, {"field": ["x"]})
    seat = registry.parse(f"policy:file={path}")
    for n in layout.players:
        assert np.array_equal(layout.block(seat.params, n), w)
    assert np.array_equal(registry.parse("policy").params, layout.vector(layout.default))


@pytest.mark.parametrize(
    "content,reason",
    [
        ("not json", "is not JSON"),
        ('{"format": 1, "game": "landunter", "weights": []}', "is for game 'landunter'"),
        ('{"format": 1, "game": "luft", "weights": [1, 2]}', "needs 'weights'"),
        ('{"weights": [1]}', "is not a policy weight file"),
    ],
)
def test_a_bad_weight_file_is_one_error_line_and_exit_2(tmp_path, content, reason):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    with pytest.raises(BotError, match=reason):
        LUFT_BOTS.parse(f"policy:file={bad}")
    r = CliRunner().invoke(app, ["luft", "simulate", "-b", f"policy:file={bad}", "-g", "1"])
    assert r.exit_code == 2
    assert r.output.count("error:") == 1 and reason.split("'")[0] in r.output and "Traceback" not in r.output


def test_bad_policy_options_name_the_choices(tmp_path):
    with pytest.raises(BotError, match="does not exist|cannot be read"):
        LUFT_BOTS.parse(f"policy:file={tmp_path / 'missing.json'}")
    with pytest.raises(BotError, match="no luft policy preset 'nope'"):
        LUFT_BOTS.parse("policy:preset=nope")
    with pytest.raises(BotError, match="one option"):
        LUFT_BOTS.parse("policy:t=2")


@pytest.mark.parametrize("registry,layout", [(LUFT_BOTS, lp.LAYOUT), (LANDUNTER_BOTS, lu.LAYOUT)])
def test_trained_picks_the_preset_of_each_player_count(registry, layout):
    shipped = layout.trained_presets()
    row = registry.parse("trained").params
    for n in layout.players:
        nearest = min(shipped, key=lambda m: (abs(m - n), m))
        assert np.array_equal(layout.block(row, n), layout.load(shipped[nearest])["weights"])
    assert "shipped for it" in registry.get("trained").doc


def test_a_preset_shipped_for_a_count_it_was_not_trained_at_is_named_so_and_plays_there_without_a_warning(tmp_path, capsys):
    layout = dataclasses.replace(lp.LAYOUT, presets=tmp_path)
    W.save(tmp_path / "trained-5p.json", layout, layout.default, 5, {}, {})
    W.save(tmp_path / "trained-6p.json", layout, layout.default, 5, {}, {})  # 5-player weights chosen for 6
    assert "Shipped so far: 5p, 6p (the 5-player weights)." in layout.trained_doc()
    layout.options({"preset": "trained-6p"}, 6)
    assert capsys.readouterr().err == ""  # the preset shipped for this count
    layout.options({"preset": "trained-6p"}, 4)
    assert "trained for 5 players, this table has 4" in capsys.readouterr().err


def test_a_weight_file_at_another_player_count_warns_once_on_stderr(tmp_path):
    path = W.save(tmp_path / "w3.json", lp.LAYOUT, lp.LAYOUT.default, 3, {}, {})
    r = CliRunner().invoke(app, ["luft", "simulate", "-n", "2", "-b", f"policy:file={path},policy:file={path}", "-g", "1"])
    assert r.exit_code == 0, r.output
    warnings = [line for line in r.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and len(r.stderr.strip().splitlines()) == 1
    assert "trained for 3 players, this table has 2" in warnings[0] and "policy:preset=trained-2p or trained" in warnings[0]
    r = CliRunner().invoke(app, ["luft", "simulate", "-n", "3", "-b", f"policy:file={path}", "-g", "1"])
    assert r.exit_code == 0 and "warning:" not in r.stderr


def test_the_player_count_warning_says_how_to_train_when_no_preset_matches(tmp_path, capsys):
    path = W.save(tmp_path / "w5.json", lu.LAYOUT, lu.LAYOUT.default, 5, {}, {})
    layout = dataclasses.replace(lu.LAYOUT, presets=tmp_path)  # no shipped presets
    layout.options({"file": str(path)}, 4)
    assert "sim landunter train --players 4" in capsys.readouterr().err


def test_a_stored_result_is_not_served_after_the_weight_file_behind_its_spec_changed(tmp_path):
    from sim import api

    path = tmp_path / "w.json"
    spec = f"policy:file={path},threshold:t=2"
    W.save(path, lp.LAYOUT, lp.LAYOUT.default, 2, {}, {})
    first = api.simulate("luft", None, spec, players=2, games=40, out=tmp_path / "store")
    assert api.simulate("luft", None, spec, players=2, games=40, out=tmp_path / "store").cached
    W.save(path, lp.LAYOUT, -np.asarray(lp.LAYOUT.default), 2, {}, {})
    again = api.simulate("luft", None, spec, players=2, games=40, out=tmp_path / "store")
    assert not again.cached and not first.cached


def test_the_play_fingerprint_keys_each_seats_parameters_not_its_spec():
    from sim import api, store

    game = api.get_game("luft")
    seat = LUFT_BOTS.parse("policy", 2)
    moved = dataclasses.replace(seat, params=seat.params + 1.0)
    assert store.play_fingerprint(game, [seat, seat]) == store.play_fingerprint(game, [seat, LUFT_BOTS.parse("policy", 2)])
    assert store.play_fingerprint(game, [seat, moved]) != store.play_fingerprint(game, [seat, seat])

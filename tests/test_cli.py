"""The command line through typer's CliRunner: contracts, errors, the store."""

import functools
import json

import pytest
from typer.testing import CliRunner

from sim.cli import app

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, list(args))


def test_simulate_json_has_the_documented_shape():
    r = invoke(
        "luft",
        "simulate",
        "--players",
        "3",
        "--bots",
        "threshold:t=2,random,threshold:t=3",
        "--games",
        "500",
        "--seed",
        "4",
        "--json",
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert list(data) == ["games", "seconds", "players", "seed", "seats", "dives", "complete", "games_requested", "games_played"]
    assert (data["games"], data["players"], data["seed"]) == (500, 3, 4)
    assert (data["complete"], data["games_requested"], data["games_played"]) == (True, 500, 500)
    assert [s["bot"] for s in data["seats"]] == ["threshold:t=2", "random", "threshold:t=3"]
    assert all(set(s) == {"bot", "score", "win_share", "drowned"} for s in data["seats"])
    assert len(data["dives"]) == 3
    assert all(set(d) == {"p_air_out", "turns", "drowned", "path_length"} for d in data["dives"])
    for fig in [s["score"] for s in data["seats"]] + [d["turns"] for d in data["dives"]]:
        assert set(fig) == {"mean", "ci95"}
        assert fig["ci95"][0] <= fig["mean"] <= fig["ci95"][1]
    # Win shares of all seats add up to one (shared wins split 1/k).
    assert sum(s["win_share"]["mean"] for s in data["seats"]) == pytest.approx(1.0)
    assert data["dives"][0]["path_length"]["mean"] == 32


def test_same_seed_gives_the_same_figures_and_threads_do_not_matter():
    args = ("luft", "simulate", "--bots", "random", "--games", "300", "--seed", "9", "--json")
    a = json.loads(invoke(*args, "--threads", "1").stdout)
    b = json.loads(invoke(*args, "--threads", "2").stdout)
    a.pop("seconds"), b.pop("seconds")
    assert a == b


@pytest.mark.parametrize(
    "args, needle",
    [
        (["luft", "simulate", "--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["luft", "simulate", "--bots", "threshold:t=0"], "out of range"),
        (["luft", "simulate", "--bots", "rollout:k=32:z=-1"], "out of range"),
        (["luft", "simulate", "--bots", "threshold:q=1"], "has no parameter 'q'"),
        (["luft", "simulate", "--bots", "threshold:t=x"], "not a number"),
        (["luft", "simulate", "--bots", "threshold", "--rules", "air=x"], "air='x'"),
        (["luft", "simulate", "--bots", "threshold", "--rules", "colour=red"], "unknown rule 'colour'"),
        (["luft", "simulate", "--bots", "threshold", "--rules", "swim=d4"], "choose one of"),
        (["luft", "simulate", "--bots", "threshold", "--rules", "cards_per_level=4,values_l1=1,2"], "values_l1"),
        (["luft", "simulate", "--bots", "threshold", "--players", "7"], "players=7"),
        (["luft", "simulate", "--bots", "threshold,random", "--players", "3"], "2 bot specs for 3 players"),
        (["luft", "simulate", "--bots", "threshold", "--games", "0"], "--games"),
        (["luft", "trace", "--bots", "nosuchbot"], "unknown bot"),
        (["luft", "simulate", "--bots", "random", "--seed", "-1"], "--seed"),
        (["luft", "simulate", "--bots", "random", "--seed", str(2**64)], "--seed"),
        (["landunter", "trace", "--bots", "random", "--game", "-1"], "--game"),
        (["luft", "simulate", "--bots", "random", "--games", str(10**30)], "--games"),
        (["luft", "simulate", "--bots", "random", "--records"], "--records needs --out"),
        (["luft", "simulate", "--bots", "random", "--nosuch"], "No such option"),
        (["luft", "simulate"], "Missing option"),
        (["luft", "dice-check", "--workers", "0"], "--workers"),
        (["landunter", "seats", "--alpha", "nan"], "--alpha"),
    ],
)
def test_bad_input_is_one_line_exit_2_no_traceback(args, needle):
    r = invoke(*args)
    assert r.exit_code == 2
    assert needle in r.output
    assert "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_unknown_command_exits_2():
    r = invoke("luft", "nosuchcommand")
    assert r.exit_code == 2


def test_out_stores_result_and_reuses_it(tmp_path):
    args = [
        "luft",
        "simulate",
        "--bots",
        "threshold:t=2",
        "--games",
        "400",
        "--seed",
        "3",
        "--out",
        str(tmp_path),
        "--json",
        "--records",
        "--plot",
    ]
    first = json.loads(invoke(*args).stdout)
    [result] = [p for p in tmp_path.iterdir() if p.is_dir()]
    manifest = json.loads((result / "manifest.json").read_text())
    assert manifest["config"]["games"] == 400 and manifest["complete"] is True
    assert {"seats.parquet", "dives.parquet", "records.parquet", "scores.png", "win_share.svg"} <= {
        p.name for p in result.iterdir()
    }
    again = json.loads(invoke(*args).stdout)
    assert again == first  # read back from the store: even `seconds` is the stored one
    shown = invoke("results", "show", str(result), "--json")
    assert json.loads(shown.stdout) == first
    listing = invoke("results", "list", str(tmp_path))
    assert listing.exit_code == 0 and "simulate" in listing.stdout


def test_corrupt_or_foreign_results_give_a_clear_error(tmp_path):
    (tmp_path / "manifest.json").write_text("{not json")
    r = invoke("results", "show", str(tmp_path))
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = invoke("results", "show", str(tmp_path / "missing"))
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_trace_reports_the_winner():
    r = invoke("luft", "trace", "--seed", "2", "--players", "4", "--bots", "threshold:t=2")
    assert r.exit_code == 0
    assert r.stdout.strip().splitlines()[-1].startswith("Final scores")


def test_bots_lists_every_registered_bot():
    from strategies.luft import LUFT_BOTS

    r = invoke("luft", "bots")
    assert r.exit_code == 0
    for name in LUFT_BOTS.names():
        assert name in r.stdout


def test_unreachable_scheduler_is_one_line_exit_2(monkeypatch):
    from sim import distributed

    # give up after 1 s, not the default 20 s: the refusal and its message are the same
    monkeypatch.setattr(distributed, "make_executor", functools.partial(distributed.make_executor, timeout="1s"))
    r = invoke("luft", "simulate", "--bots", "random", "--games", "10", "--scheduler", "tcp://127.0.0.1:1")
    assert r.exit_code == 2 and "cannot reach the Dask scheduler" in r.output
    assert "Traceback" not in r.output


def test_workers_give_the_same_figures_as_threads():
    args = ("luft", "simulate", "--bots", "threshold:t=2,random", "--players", "2", "--games", "3000", "--seed", "5", "--json")
    local = json.loads(invoke(*args).stdout)
    dask = json.loads(invoke(*args, "--workers", "2").stdout)
    local.pop("seconds"), dask.pop("seconds")
    assert local == dask


def test_out_must_be_a_directory_that_can_be_created(tmp_path):
    (tmp_path / "file").write_text("x")
    for place, needle in ((tmp_path / "file", "is a file"), (tmp_path / "file" / "sub", "cannot create")):
        r = invoke("luft", "simulate", "--bots", "random", "--games", "5", "--out", str(place))
        assert r.exit_code == 2 and needle in r.stderr and "Traceback" not in r.output
        assert r.stderr.startswith("error: ") and len(r.stderr.strip().splitlines()) == 1


def test_results_list_shows_an_unreadable_result(tmp_path):
    invoke("luft", "simulate", "--bots", "random", "--games", "5", "--out", str(tmp_path))
    [result] = list(tmp_path.iterdir())
    (result / "manifest.json").write_text('{"format": "deepsim-res')
    r = invoke("results", "list", str(tmp_path), "--json")
    [row] = json.loads(r.stdout)["results"]
    assert r.exit_code == 0 and "not valid JSON" in row["problem"] and row["complete"] is False


@pytest.mark.parametrize("args", [[], ["luft"], ["landunter", "seats"], ["results", "list"]])
def test_dash_h_is_help_at_every_level(args):
    r = invoke(*args, "-h")
    assert r.exit_code == 0 and "Usage" in r.stdout


def test_version_prints_the_package_version():
    import sim

    r = invoke("--version")
    assert r.exit_code == 0 and r.stdout.strip() == f"deepsim {sim.__version__}"


def test_json_is_a_plain_flag():
    help_text = invoke("luft", "air", "-h").stdout
    assert "--json" in help_text and "<bool>" not in help_text
    r = invoke("luft", "simulate", "--bots", "random", "--games", "5", "--json=true")
    assert r.exit_code == 2 and r.stderr.startswith("error: ") and "does not take a value" in r.stderr

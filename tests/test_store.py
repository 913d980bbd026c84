"""sim.store: round trip, cache key, errors that say what to do, atomic chunks."""

import json
import os

import numpy as np
import pandas as pd
import pytest

import sim
from sim import nb, provenance, store
from sim.stats import Estimate
from sim.store import StoreError


def config(**over):
    cfg = {
        "command": "play",
        "game": "demo",
        "rules": {"cards": 12, "variant": "basic"},
        "rules_version": 3,
        "seats": ["random", "threshold:t=2"],
        "games": 1000,
        "seed": 42,
    }
    cfg.update(over)
    return cfg


def tables():
    return {
        "summary": pd.DataFrame({"seat": [0, 1], "win_share": [0.45, 0.55], "n": [1000, 1000]}),
        "scores": pd.DataFrame({"score": np.arange(5), "count": np.array([1, 4, 6, 4, 1], dtype=np.int64)}),
    }


def save(out, cfg=None, **kw):
    args = dict(
        summary={"win_share": Estimate(0.45, 0.42, 0.48, 1000), "games": np.int64(1000)},
        tables=tables(),
        records=pd.DataFrame({"game": np.arange(10), "winner": np.arange(10) % 2}),
        wall_seconds=1.5,
        compile_seconds=0.25,
    )
    args.update(kw)
    return store.save(out, "play", cfg or config(), **args)


def test_round_trip(tmp_path):
    path = save(tmp_path)
    assert path.parent == tmp_path and path.name == f"play-{store.config_key(config())[:12]}"
    res = store.load(path)
    for name, df in tables().items():
        pd.testing.assert_frame_equal(res.tables[name], df)
    assert sorted(p.name for p in path.iterdir()) == ["manifest.json", "records.parquet", "scores.parquet", "summary.parquet"]
    assert res.records["winner"].tolist() == [0, 1] * 5
    assert res.summary == {"win_share": {"mean": 0.45, "ci95": [0.42, 0.48]}, "games": 1000}
    m = res.manifest
    assert m["format"] == "deepsim-result/1"
    assert m["config"] == config() and res.config == config()
    assert m["key"] == store.config_key(config())
    assert m["package_version"] == sim.__version__
    assert m["git_commit"] is None or len(m["git_commit"]) == 40
    assert set(m["libraries"]) == {"python", "numpy", "numba", "pandas", "pyarrow", "scipy"}
    assert m["libraries"]["numpy"] == np.__version__
    assert (m["wall_seconds"], m["compile_seconds"]) == (1.5, 0.25)
    assert m["complete"] is True and res.complete
    assert m["tables"] == ["summary", "scores"]
    assert m["created"].endswith("+00:00")
    # The manifest is strict JSON.
    json.loads((path / "manifest.json").read_text(), parse_constant=lambda c: pytest.fail(c))
    # A path to the manifest file itself also loads.
    assert store.load(path / "manifest.json").path == path


def test_records_optional_and_stale_files_removed(tmp_path):
    path = save(tmp_path)
    path2 = save(tmp_path, records=None, tables={"summary": tables()["summary"]})
    assert path2 == path
    res = store.load(path)
    assert res.records is None and list(res.tables) == ["summary"]
    assert not (path / "records.parquet").exists() and not (path / "scores.parquet").exists()


def test_config_key_is_canonical():
    a = config()
    b = dict(reversed(list(config().items())))
    assert store.config_key(a) == store.config_key(b)
    # numpy scalars and tuples resolve to the same JSON as plain values
    assert store.config_key(config(seed=np.int64(42), seats=("random", "threshold:t=2"))) == store.config_key(a)
    assert store.config_key(config(seed=43)) != store.config_key(a)
    assert len(store.config_key(a)) == 64


def test_cache_hit_and_miss(tmp_path):
    assert store.find(tmp_path / "nowhere", config()) is None
    assert store.find(tmp_path, config()) is None
    path = save(tmp_path)
    assert store.find(tmp_path, config()) == path
    assert store.find(tmp_path, config(seed=7)) is None
    assert store.find(tmp_path, config(rules={"cards": 12, "variant": "advanced"})) is None
    assert store.find(tmp_path, config(games=1001)) is None


def test_partial_run_is_no_cache_hit(tmp_path):
    path = save(tmp_path, complete=False)
    assert store.load(path).complete is False
    assert store.find(tmp_path, config()) is None
    save(tmp_path, complete=True)
    assert store.find(tmp_path, config()) == path


def test_missing_and_foreign_paths_raise_store_error(tmp_path):
    with pytest.raises(StoreError, match="does not exist"):
        store.load(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(StoreError, match=r"empty is not a deepsim result \(no manifest.json\)"):
        store.load(tmp_path / "empty")
    f = tmp_path / "file.txt"
    f.write_text("hi")
    with pytest.raises(StoreError, match="is a file"):
        store.load(f)
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "manifest.json").write_text(json.dumps({"name": "some other tool"}))
    with pytest.raises(StoreError, match="has format None, expected 'deepsim-result/1'"):
        store.load(foreign)
    (foreign / "manifest.json").write_text("{not json")
    with pytest.raises(StoreError, match="not valid JSON"):
        store.load(foreign)
    assert issubclass(StoreError, ValueError)


@pytest.mark.parametrize("victim", ["summary.parquet", "records.parquet"])
def test_corrupt_parquet_raises_store_error(tmp_path, victim):
    path = save(tmp_path)
    data = (path / victim).read_bytes()
    (path / victim).write_bytes(data[: len(data) // 2])  # truncated, as by a full disk
    with pytest.raises(StoreError, match=f"{victim} is not readable Parquet") as info:
        store.load(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_missing_table_raises_store_error(tmp_path):
    path = save(tmp_path)
    (path / "scores.parquet").unlink()
    with pytest.raises(StoreError, match="scores.parquet is missing"):
        store.load(path)
    assert store.find(tmp_path, config()) is None


def test_bad_table_names_rejected(tmp_path):
    with pytest.raises(ValueError, match="table name"):
        save(tmp_path, tables={"records": tables()["summary"]})
    with pytest.raises(ValueError, match="table name"):
        save(tmp_path, tables={"../x": tables()["summary"]})


def test_chunks_round_trip_and_atomic(tmp_path, monkeypatch):
    run = tmp_path / "run"
    assert store.load_chunks(run) == {}
    for i in (2, 0, 1):
        store.save_chunk(run, i, pd.DataFrame({"chunk": [i] * 3, "x": np.arange(3) * i}))
    assert sorted(p.name for p in (run / "chunks").iterdir()) == [
        "chunk-000000.parquet",
        "chunk-000001.parquet",
        "chunk-000002.parquet",
    ]
    chunks = store.load_chunks(run)
    assert list(chunks) == [0, 1, 2]
    assert chunks[2]["x"].tolist() == [0, 2, 4]

    # Killed while writing chunk 3: no chunk-000003 appears, leftovers are ignored.
    def killed(self, path, *a, **k):
        with open(path, "wb") as fh:
            fh.write(b"PAR1 half a file")
        raise KeyboardInterrupt

    monkeypatch.setattr(pd.DataFrame, "to_parquet", killed)
    with pytest.raises(KeyboardInterrupt):
        store.save_chunk(run, 3, pd.DataFrame({"x": [1]}))
    monkeypatch.undo()
    (run / "chunks" / ".chunk-000004.parquet.tmp-99999").write_bytes(b"PAR1 junk")
    assert list(store.load_chunks(run)) == [0, 1, 2]
    assert not (run / "chunks" / "chunk-000003.parquet").exists()

    # Overwriting a chunk replaces it whole.
    store.save_chunk(run, 1, pd.DataFrame({"chunk": [9], "x": [9]}))
    assert store.load_chunks(run)[1]["x"].tolist() == [9]

    store.clear_chunks(run)
    assert store.load_chunks(run) == {}


def test_corrupt_chunk_raises_store_error(tmp_path):
    store.save_chunk(tmp_path, 0, pd.DataFrame({"x": [1]}))
    (tmp_path / "chunks" / "chunk-000000.parquet").write_bytes(b"garbage")
    with pytest.raises(StoreError, match="chunk-000000.parquet is not readable Parquet"):
        store.load_chunks(tmp_path)


def test_list_results(tmp_path):
    with pytest.raises(StoreError, match="not a directory"):
        store.list_results(tmp_path / "nope")
    assert store.list_results(tmp_path).empty
    p1 = save(tmp_path)
    p2 = save(tmp_path, cfg=config(command="tournament", seed=5, games=20), complete=False)
    (tmp_path / "junk").mkdir()
    (tmp_path / "notes.txt").write_text("x")
    df = store.list_results(tmp_path)
    assert list(df.columns)[:7] == ["path", "command", "game", "games", "seed", "created", "complete"]
    assert len(df) == 2
    rows = df.set_index("path")
    assert rows.loc[str(p1), "command"] == "play" and rows.loc[str(p1), "games"] == 1000
    assert rows.loc[str(p2), "seed"] == 5 and not rows.loc[str(p2), "complete"]
    assert rows.loc[str(p1), "game"] == "demo"


def test_list_results_reports_unreadable_results(tmp_path):
    good = save(tmp_path)
    broken = save(tmp_path, cfg=config(seed=9))
    text = (broken / "manifest.json").read_text()
    (broken / "manifest.json").write_text(text[: len(text) // 2])  # truncated
    store.save_chunk(tmp_path / "killed-run", 0, pd.DataFrame({"x": [1]}))  # checkpoints, no manifest
    rows = store.list_results(tmp_path).set_index("path")
    assert len(rows) == 3 and pd.isna(rows.loc[str(good), "problem"])
    assert "not valid JSON" in rows.loc[str(broken), "problem"] and not rows.loc[str(broken), "complete"]
    assert "unfinished run" in rows.loc[str(tmp_path / "killed-run"), "problem"]


def test_result_dir_matches_save(tmp_path):
    assert store.result_dir(tmp_path, "play", config()) == save(tmp_path)
    assert store.result_dir(tmp_path, "a b/c", config()).name.startswith("a-b-c-")
    assert os.sep not in store.result_dir(tmp_path, "../../x", config()).name


def test_engine_fingerprint_covers_engine_bots_and_rng_not_analyses(tmp_path, monkeypatch):
    from sim import api

    game = api.get_game("luft")
    names = {(p.parent.name, p.name) for p in store.engine_files(game)}
    assert {("luft", "engine.py"), ("luft", "rules.py"), ("luft", "threshold.py"), ("sim", "rng.py")} <= names
    assert ("luft", "commands.py") not in names and ("analyses", "air.py") not in names
    assert store.engine_fingerprint(game) != store.engine_fingerprint(api.get_game("landunter"))
    # a loaded user bot counts only for the runs it plays in
    from sim.registry import load_bot_file

    monkeypatch.setattr(game.registry, "bots", dict(game.registry.bots))
    plain = store.engine_fingerprint(game, [game.registry.get("threshold")])
    load_bot_file("strategies/examples/cautious.py")
    assert store.engine_fingerprint(game, [game.registry.get("threshold")]) == plain
    assert store.engine_fingerprint(game, [game.registry.get("cautious")]) != plain
    # one edited byte in any of those files changes the fingerprint
    copies = []
    for i, path in enumerate(store.engine_files(game)):
        copies.append(tmp_path / f"{i}-{path.name}")
        copies[-1].write_bytes(path.read_bytes())
    monkeypatch.setattr(provenance, "engine_files", lambda g, bots=(): copies)
    before = store.engine_fingerprint(game)
    copies[0].write_bytes(copies[0].read_bytes() + b"#")
    monkeypatch.setattr(nb.cache, "_LOADED", {})  # as a new process reads them (a running one keeps the loaded code's)
    assert store.engine_fingerprint(game) != before

"""Every experiment's run.sh records its own wall time (experiments/wall_time.sh)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
EXPERIMENTS = ROOT / "experiments"


def _experiment(tmp_path: Path, body: str, shell: str) -> Path:
    """A throwaway experiment folder whose run.sh sources the real wall_time.sh."""
    root = tmp_path / "experiments"
    (root / "demo").mkdir(parents=True)
    for name in ("wall_time.sh", "record_wall_time.py"):
        shutil.copy(EXPERIMENTS / name, root / name)
    script = root / "demo" / "run.sh"
    script.write_text(f'#!/bin/{shell}\nset -e\n. "$(dirname "$0")/../wall_time.sh"\ncd "$(dirname "$0")"\n{body}\n')
    return script


@pytest.mark.parametrize("shell", ["sh", "bash"])
def test_a_successful_run_writes_wall_time_json(tmp_path, shell):
    script = _experiment(tmp_path, "sleep 1", shell)
    subprocess.run([shell, str(script), "small"], check=True, cwd=tmp_path)
    entry = json.loads((script.parent / "wall_time.json").read_text())
    assert set(entry) == {"seconds", "date", "commit", "cores", "load_average", "command"}
    assert entry["seconds"] >= 1 and len(entry["load_average"]) == 3 and entry["cores"] >= 1
    assert entry["command"] == "bash experiments/demo/run.sh small"


def test_a_failed_run_records_nothing_and_keeps_its_exit_code(tmp_path):
    script = _experiment(tmp_path, "exit 3", "sh")
    done = subprocess.run(["sh", str(script)], cwd=tmp_path)
    assert done.returncode == 3 and not (script.parent / "wall_time.json").exists()


@pytest.mark.parametrize("run_sh", sorted(EXPERIMENTS.glob("*/run.sh")), ids=lambda p: p.parent.name)
def test_every_run_sh_records_its_wall_time(run_sh):
    lines = run_sh.read_text().splitlines()
    source = lines.index('. "$(dirname "$0")/../wall_time.sh"')
    first_cd = next(i for i, line in enumerate(lines) if line.startswith("cd "))
    assert source < first_cd, "source wall_time.sh before changing directory"


def test_a_size_setting_is_recorded_before_the_command(tmp_path):
    script = _experiment(tmp_path, "true", "bash")
    subprocess.run(["bash", str(script)], check=True, cwd=tmp_path, env={"SIZE": "tiny", "ROBUST": "1", "PATH": "/usr/bin:/bin"})
    entry = json.loads((script.parent / "wall_time.json").read_text())
    assert entry["command"] == "SIZE=tiny ROBUST=1 bash experiments/demo/run.sh"


def test_the_commit_is_dirty_only_when_code_changed(tmp_path):
    recorder = load_script("record_wall_time.py", "record_wall_time")
    (tmp_path / "experiments" / "demo").mkdir(parents=True)
    (tmp_path / "experiments" / "demo" / "report.md").write_text("old\n")
    (tmp_path / "code.py").write_text("x = 1\n")
    git = dict(cwd=tmp_path, check=True, capture_output=True)
    subprocess.run(["git", "init", "-q"], **git)
    subprocess.run(["git", "add", "."], **git)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "start"], **git)
    demo = tmp_path / "experiments" / "demo"
    (demo / "report.md").write_text("new results\n")
    assert not recorder.commit(demo).endswith("+dirty")
    (tmp_path / "code.py").write_text("x = 2\n")
    assert recorder.commit(demo).endswith("+dirty")

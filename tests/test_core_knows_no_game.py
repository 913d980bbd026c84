"""The core (`sim/` outside the games' own folders) names no game in code: no
per-game table, no import of a game's package, no game name in a string or an
identifier. Everything it needs to know about a game is a field of the game's
`GameSpec`, and a game is registered by one entry-point line (pyproject.toml).

Docstrings and comments may name games (examples for the reader); code may not.
"""

import ast
import re
from pathlib import Path

import pytest

from sim.games import GAMES, get_game

SIM = Path(__file__).resolve().parents[1] / "sim"
GAME_FOLDERS = [SIM / "games" / name for name in GAMES]


def game_words() -> list[str]:
    """Every registered game's CLI name and each word of its title."""
    words = set(GAMES)
    for name in GAMES:
        words |= {w.lower() for w in get_game(name).title.split() if len(w) > 3}
    return sorted(words)


def pattern() -> re.Pattern:
    # a name inside an identifier counts (LUFT_BOTS, landunter_bots); inside a longer word it does not
    return re.compile(r"(?<![a-z])(" + "|".join(map(re.escape, game_words())) + r")(?![a-z])", re.IGNORECASE)


#: (file name, assigned name) of tables allowed to name games: none.
PENDING: set[tuple[str, str]] = set()


def core_files() -> list[Path]:
    return [
        p
        for p in sorted(SIM.rglob("*.py"))
        if "__pycache__" not in p.parts and not any(folder in p.parents for folder in GAME_FOLDERS)
    ]


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def pending_nodes(path: Path, tree: ast.AST) -> set[int]:
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and (path.name, t.id) in PENDING for t in node.targets):
            skip |= {id(n) for n in ast.walk(node)}
    return skip


def words_in_code(path: Path) -> list[str]:
    """(line, text) of every string constant (not a docstring) and every
    identifier or imported module name in ``path`` that names a game."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree) | pending_nodes(path, tree)
    found, match = [], pattern().search
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        texts = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts = [node.value]
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            texts = [node.name]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or "", *(a.name for a in node.names)]
        elif isinstance(node, ast.Import):
            texts = [a.name for a in node.names]
        found += [f"{path}:{node.lineno}: {t!r}" for t in texts if match(t)]
    return found


def test_the_core_names_no_game():
    found = [hit for path in core_files() for hit in words_in_code(path)]
    assert not found, "game names in the core's code:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "line",
    ['SLOW = {"luft": ("planner",)}', "from sim.games.landunter import design", 'TITLE = "Geteilte Luft"', "PIG_BOTS = 1"],
)
def test_the_check_finds_a_game_name(tmp_path, line):
    bad = tmp_path / "knows_a_game.py"
    bad.write_text(f'"""A docstring may say luft."""\n{line}\n', encoding="utf-8")
    assert words_in_code(bad)


def test_a_docstring_may_name_a_game(tmp_path):
    ok = tmp_path / "docstring.py"
    ok.write_text('"""sim luft simulate, sim pig solve."""\n\n\ndef f():\n    """Land unter."""\n', encoding="utf-8")
    assert not words_in_code(ok)

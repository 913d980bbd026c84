"""No import circles in `sim/` and `strategies/`: every import counts, also one
inside a function (it only moves the circle to run time)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules() -> dict[str, Path]:
    found = {}
    for base in ("sim", "strategies"):
        for path in (ROOT / base).rglob("*.py"):
            if "__pycache__" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere (`from a import b` counts a and a.b)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            # `from pkg import mod` imports the submodule; `from mod import name` the module
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
            targets = subs if len(subs) == len(node.names) else [base, *subs]
        else:
            continue
        out |= {t for t in targets if t in known and t != name}
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_circles():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert circles(graph) == []


def test_the_check_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def function_import_blocks(path: Path) -> list[list[ast.stmt]]:
    """The runs of consecutive import statements inside functions of ``path``."""
    blocks = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for inner in ast.walk(node):
            for field in ("body", "orelse", "finalbody"):
                stmts = getattr(inner, field, None)
                if not isinstance(stmts, list):  # a lambda's or conditional expression's body
                    continue
                run = []
                for stmt in [*stmts, None]:
                    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                        run.append(stmt)
                    elif run:
                        blocks.setdefault(run[0].lineno, run)
                        run = []
    return [blocks[k] for k in sorted(blocks)]


def imported(stmt) -> str:
    return stmt.names[0].name if isinstance(stmt, ast.Import) else "." * stmt.level + (stmt.module or "")


def test_an_import_inside_a_function_says_why():
    """A comment on the line above a run of imports inside a function (or on
    one of its lines) says why they are not at the top: mostly the start-up
    of `sim --help` or a slow library (measured with python -X importtime)."""
    silent = set()
    for name, path in modules().items():
        if "analyses" in name.split("."):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for run in function_import_blocks(path):
            above = lines[run[0].lineno - 2].strip()
            if not above.startswith("#") and not any("#" in lines[s.lineno - 1] for s in run):
                silent.add((name, imported(run[0])))
    assert not silent, sorted(silent)

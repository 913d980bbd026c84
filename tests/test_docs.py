"""The repository stands alone: its documents link only to files inside it,
the rules documents list every rule key with its real default, and each
game's help shows examples that its own parser accepts."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.cli_common import game_help
from sim.games.landunter.rules import Rules as LandUnterRules
from sim.games.luft.rules import Rules as LuftRules
from sim.registry import split_specs

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "experiments" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"```.*?```|`[^`]*`", re.S)  # code is not a link, even when it looks like one
RULES = {
    "luft": (LuftRules, ROOT / "docs" / "rules" / "geteilte-luft.md"),
    "landunter": (LandUnterRules, ROOT / "docs" / "rules" / "land-unter.md"),
}


def site_source(path: Path) -> Path:
    """The repository file a docs link reaches: the site serves the experiments' files
    under `experiments/`, CHANGELOG.md as `changelog.md` and the CLI reference
    rendered by `sim/cli_reference.py` (mkdocs_hooks.py)."""
    docs = ROOT / "docs"
    if path.is_relative_to(docs / "experiments"):
        return ROOT / path.relative_to(docs)
    if path == docs / "changelog.md":
        return ROOT / "CHANGELOG.md"
    if path == docs / "reference" / "cli.md":
        return ROOT / "sim" / "cli_reference.py"
    return path


def anchors(path: Path) -> set[str]:
    """GitHub's anchors for the headings of a Markdown file."""
    heads = re.findall(r"^#+ (.+)$", path.read_text(), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in heads}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_points_to_a_file_inside_the_repository(doc):
    for target in LINK.findall(CODE.sub("", doc.read_text())):
        if re.match(r"[a-z]+:", target):  # http(s), mailto: not a file
            continue
        file, _, anchor = target.partition("#")
        path = site_source((doc.parent / file).resolve()) if file else doc
        assert path.is_relative_to(ROOT), f"{doc.name}: {target} points outside the repository"
        assert path.exists(), f"{doc.name}: {target} does not exist"
        if anchor:
            assert anchor in anchors(path), f"{doc.name}: {target} names no heading of {path.name}"


def shown(default) -> str:
    """A default as the documents write it."""
    if isinstance(default, bool):
        return str(default).lower()
    if isinstance(default, tuple):
        return ",".join(map(str, default))
    return str(default)


@pytest.mark.parametrize("game", list(RULES))
def test_the_rules_document_lists_every_rule_key_with_its_default(game):
    rules, doc = RULES[game]
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", doc.read_text(), flags=re.M))
    keys = [f.name for f in fields(rules)]
    assert sorted(rows) == sorted(keys)
    for f in fields(rules):
        assert rows[f.name].strip().strip("`") == shown(f.default), f.name


@pytest.mark.parametrize("game", list(RULES))
def test_every_decision_in_the_key_table_is_explained_in_the_text(game):
    text = RULES[game][1].read_text()
    decisions = re.findall(r"^\| `(\w+)` \|[^\n]*\[D", text, flags=re.M)
    assert len(decisions) >= 4
    for key in decisions:
        assert re.search(rf"\[D[^\]]*\][^|]*`{key}`", text.replace("\n", " ")), f"{key} is not explained"


@pytest.mark.parametrize("game,other", [("luft", "landunter"), ("landunter", "luft")])
def test_each_games_help_shows_its_own_examples(game, other):
    for command in ("simulate", "tournament", "trace"):
        out = CliRunner().invoke(app, [game, command, "--help"], env={"COLUMNS": "200"}).stdout
        text = " ".join(re.sub("[│╭╮╰╯─]", " ", out).split())  # the help's words without its panel's frame
        assert game_help(game).rules in text and (command == "tournament" or game_help(game).bots in text)
        assert game_help(other).bots not in text and game_help(other).rules not in text, command


@pytest.mark.parametrize("game", list(RULES))
def test_the_help_examples_are_valid_for_their_game(game):
    from sim import api

    spec = api.get_game(game)
    for example in game_help(game).bots.split(" or "):
        spec.registry.parse_specs(example)
    rules = dict(item.strip().split("=") for item in game_help(game).rules.split(","))
    spec.rules_cls.from_strings(rules)


def test_the_documented_spec_form_reads_every_parameter():
    from sim import api

    registry = api.get_game("luft").registry
    colon = registry.parse("depth:level=3:count=2")
    assert list(colon.params) == list(registry.parse("depth:count=2:level=3").params)
    assert list(colon.params) != list(registry.parse("depth").params)
    # key=value after a comma stays with its bot, written in the documented form
    assert split_specs("depth:level=3,count=2,random") == ["depth:level=3:count=2", "random"]

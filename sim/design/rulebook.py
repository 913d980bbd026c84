"""``sim <game> rulebook``: a rule set written as the rules page a person prints.

The game's template (its spec's ``rulebook`` module: ``TEMPLATE``, a Markdown
file with ``{{key}}`` placeholders, and ``words(rules)``, the text of each)
is filled twice, under the rulebook defaults and under the rule set; a
placeholder whose text differs is shown as ``~~old~~ **new**``. Beside each
change stand the metric deltas (change - defaults, with the interval) of the
rule set's evidence:

* ``--from DIR`` of a design study: its recommendation (the pick's rounded
  knobs, `sim.design.study`) with the confirmation games' figures, the whole
  pick and each knob alone, and the rule holes met there;
* else, with ``games`` > 0: the rule set, the defaults and each changed rule
  alone played on the same fresh games here (common random numbers).

The list of rule holes (the ``hole_*`` design metrics: situations the written
rules do not settle, counted by the engines) says how often each occurs
under the rule set and under the defaults.
"""

from __future__ import annotations

import html
import importlib
import json
import re
from pathlib import Path

from sim import api
from sim.design.metric_defs import all_metrics, design_module
from sim.design.recommend import recommend
from sim.design.robust_report import diff_text

PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
HOLE = "hole_"
DEFAULTS = "rulebook defaults"


def rulebook_module(game_name: str):
    """The game's rules page facts (``TEMPLATE``, ``words``, ``SOURCES``)."""
    module = api.get_game(game_name).rulebook
    if module is None:
        raise ValueError(f"{game_name} has no rules page template yet")
    return importlib.import_module(module)


def fill(template: str, now: dict[str, str], before: dict[str, str], notes: dict[str, str] | None = None) -> tuple[str, list]:
    """The template with ``now``'s words; a placeholder whose words differ from
    ``before``'s is marked ``~~old~~ **new**``, and ``notes`` (placeholder ->
    text) follow the line of the first placeholder they name. Returns the text
    and the changed placeholders in order."""
    changed, lines = [], []
    for line in template.splitlines():
        keys = PLACEHOLDER.findall(line)
        unknown = [k for k in keys if k not in now]
        if unknown:
            raise ValueError(f"the rules page template names {{{{{unknown[0]}}}}}, which the game's words do not fill")
        moved = [k for k in keys if now[k] != before[k]]
        changed += moved
        text = PLACEHOLDER.sub(lambda m: _shown(now[m[1]], before[m[1]]), line)
        extra = [notes[k] for k in moved if notes and k in notes]
        lines.append(text + "".join(f" *({n})*" for n in extra))
    return "\n".join(lines) + "\n", changed


def _shown(now: str, before: str) -> str:
    return now if now == before else f"~~{before}~~ **{now}**"


def to_html(markdown_text: str, title: str) -> str:
    """A printable HTML page of the Markdown (struck-out text as <del>)."""
    # deferred: only the printable HTML page needs markdown
    import markdown

    struck = re.sub(r"~~(.+?)~~", r"<del>\1</del>", markdown_text)
    body = markdown.markdown(struck, extensions=["tables"])
    return (
        "<!doctype html>\n<html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>"
        "body{font-family:Georgia,serif;max-width:42em;margin:2em auto;line-height:1.45}"
        "del{color:#a00}strong{color:green}table{border-collapse:collapse}td,th{border:1px solid gray;padding:2px 6px}"
        "@media print{body{margin:0;max-width:none;font-size:11pt}}"
        f"</style></head><body>\n{body}\n</body></html>\n"
    )


def _rule_keys(placeholder: str, sources: dict) -> tuple[str, ...]:
    return tuple(sources.get(placeholder, (placeholder,)))


def _metric_names(game_name: str) -> list[str]:
    """The metrics a change is judged by: skill and the game's shorthands (fairness, tension, pace)."""
    aliases = design_module(game_name).ALIASES
    return list(dict.fromkeys(["skill", *aliases.values()]))


def _delta_text(differences: dict) -> str:
    return "; ".join(f"{m} {diff_text(d)}" for m, d in differences.items())


def from_study(path: Path) -> dict:
    """A design study's evidence for its recommended rule set: ``{"knobs",
    "base", "players", "changes": [(label, rule options, differences)],
    "rows": {label: metrics}, "games", "seed", "why"}``."""
    file = Path(path) / "summary.json"
    try:
        summary = json.loads(file.read_text())
    except (OSError, ValueError) as e:
        raise ValueError(f"cannot read the design study {file}: {e}; give the --out DIR of `sim <game> design`") from None
    if not isinstance(summary, dict) or not {"config", "front", "game"} <= set(summary):
        raise ValueError(f"{file} is not a design study's summary; give the --out DIR of `sim <game> design`")
    rec = recommend(summary)  # a study older than its confirmation step: the defaults stay, with the reason
    rows = {r["candidate"]: r["metrics"] for r in rec.get("confirmation", [])}
    if not rows:
        rows = {summary["front"][0]["candidate"]: summary["front"][0]["metrics"]}
    rules_for = design_module(summary["game"]).rules_for
    changes = [
        (g["candidate"], rules_for(g["knobs"]), {o.partition(":")[2]: d for o, d in g["differences"].items()})
        for g in (rec.get("knob_gains") or [])
        if rec.get("confirmed")
    ]
    return {
        "game": summary["game"],
        "knobs": rec.get("knobs", {}),
        "candidate": rec.get("candidate", DEFAULTS),
        "base": summary["config"].get("rules", {}),
        "players": summary["config"]["players"],
        "changes": changes,
        "rows": rows,
        "games": rec.get("confirmation_games", summary.get("evaluation_games")),
        "seed": rec.get("confirmation_seed", summary.get("evaluation_seed")),
        "fresh": "confirmation_seed" in rec,  # else the selection games, where the study picked
        "why": rec.get("reason", ""),
    }


def measure_changes(
    game_name, rules: dict, players: int, *, games: int, seed: int, field: list[str], strong: str, weak: str, executor=None
) -> dict:
    """The rule set, the defaults and each changed rule alone on the same
    ``games`` fresh games of ``seed`` (field, strong and weak bots: validated
    specs): the evidence `from_study` reads from a study."""
    # deferred: the page alone (--games 0) plays nothing and needs no tests
    from sim.design.compare import difference, z_for
    from sim.design.figures import to_json
    from sim.design.metrics import evaluate

    module = design_module(game_name)
    game = api.get_game(game_name)
    at = lambda r: module.at_players(players, r)  # noqa: E731
    default_rules = api.make_rules(game, at({})).to_dict()
    moved = {k: v for k, v in rules.items() if api.make_rules(game, at({k: v})).to_dict() != default_rules}
    candidates = [(DEFAULTS, {}), ("these rules", rules)]
    if len(moved) > 1:
        candidates += [(f"only {k}={v}", {k: v}) for k, v in moved.items()]
    rows = {}
    for label, r in candidates:
        figs = evaluate(game_name, at(r), field=field, strong=strong, weak=weak, games=games, seed=seed, executor=executor)
        rows[label] = {"candidate": label, "metrics": to_json(figs)}
    names = _metric_names(game_name)
    z = z_for(len(names))
    changes = [
        (label, r, {m: difference(rows[label], rows[DEFAULTS], m, z) for m in names}) for label, r in candidates[1:] if moved
    ]
    return {
        "changes": changes,
        "rows": {k: v["metrics"] for k, v in rows.items()},
        "games": games,
        "seed": seed,
        "candidate": "these rules",
        "field": field,
        "strong": strong,
        "weak": weak,
    }


def holes(game_name: str, rows: dict, candidate: str) -> list[dict]:
    """The rule holes met under ``candidate`` (and the defaults), most frequent first."""
    defs = {m.name: m.definition for m in all_metrics(game_name, exploit=False) if m.name.startswith(HOLE)}
    mine, base = rows.get(candidate) or rows.get(DEFAULTS), rows.get(DEFAULTS)
    if mine is base:  # the rule set is the defaults: one figure, not the same one twice
        base = None
    out = [
        {
            "hole": name,
            "what": defs[name].removeprefix("rule hole: "),
            "rate": mine[name],
            "defaults": base[name] if base else None,
        }
        for name in defs
        if mine and name in mine
    ]
    return sorted(out, key=lambda h: -h["rate"]["mean"])


def write(
    game_name: str,
    *,
    rules: dict | None = None,
    source: Path | None = None,
    players: int | None = None,
    games: int = 0,
    seed: int = 7,
    field: str | None = None,
    strong: str | None = None,
    weak: str | None = None,
    out: Path | None = None,
    executor=None,
) -> dict:
    """The rules page of a rule set (Markdown, and HTML under ``out``) with its
    changes marked, their metric deltas and the rule holes: the summary of
    ``sim <game> rulebook``."""
    # deferred: loads the engines (numba), only when the page plays its variant
    from sim.design.metrics import field_of

    book = rulebook_module(game_name)
    module = design_module(game_name)
    game = api.get_game(game_name)
    specs, strong_spec, weak_spec = field_of(game_name, field, strong, weak)  # bad bots fail before anything is played
    if source is not None and rules:
        raise ValueError("--from prints the study's recommended rules with its figures; give --from or --rules, not both")
    evidence = from_study(source) if source is not None else None
    if evidence is not None and evidence["game"] != game_name:
        raise ValueError(f"{source} is a design study of {evidence['game']}, not of {game_name}")
    chosen = {**evidence["base"], **module.rules_for(evidence["knobs"])} if evidence else dict(rules or {})
    low, high = module.PLAYERS
    if evidence and players is not None and players not in evidence["players"]:
        raise ValueError(
            f"--players {players}: the study {source} played {evidence['players']}; give one of them or drop --players"
        )
    n = players or (evidence["players"][0] if evidence else int(api.make_rules(game, {}).players))
    if not low <= n <= high:
        raise ValueError(f"--players {n} is out of range; {game_name} rules pages take {low}..{high}")
    now_rules = api.make_rules(game, module.at_players(n, chosen))
    before_rules = api.make_rules(game, module.at_players(n, {}))
    if evidence is None and games > 0:
        evidence = measure_changes(
            game_name, chosen, n, games=games, seed=seed, field=specs, strong=strong_spec, weak=weak_spec, executor=executor
        )
    now, before = book.words(now_rules), book.words(before_rules)
    sources = getattr(book, "SOURCES", {})
    notes, rows = {}, []
    for label, options, differences in (evidence or {}).get("changes", []):
        rows.append({"change": label, **{m: diff_text(d) for m, d in differences.items()}})
        if label.startswith("only "):
            where = next((p for p in now if now[p] != before[p] and set(options) & set(_rule_keys(p, sources))), None)
            if where is not None:
                notes[where] = notes.get(where, "") + (" · " if where in notes else "") + f"{label}: {_delta_text(differences)}"
        elif len(evidence["changes"]) == 1:  # one change: its deltas stand beside its line
            for p in now:
                if now[p] != before[p]:
                    notes.setdefault(p, _delta_text(differences))
                    break
    template = book.TEMPLATE.read_text()
    page, changed = fill(template, now, before, notes)
    found = holes(game_name, evidence["rows"], evidence["candidate"]) if evidence else []
    page += _evidence_text(evidence, rows, found, changed)
    summary = {
        "game": game_name,
        "players": n,
        "rules": {k: str(v) for k, v in chosen.items()},
        "changed": changed,
        "changes": [{"change": label, "rules": r, "differences": d} for label, r, d in (evidence or {}).get("changes", [])],
        "holes": found,
        "evidence": None
        if evidence is None
        else {k: evidence.get(k) for k in ("games", "seed", "candidate", "why", "field", "strong", "weak")},
        "source": None if source is None else str(source),
        "complete": True,
    }
    if out is not None:
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "rulebook.md").write_text(page)
        title = page.splitlines()[0].lstrip("# ")
        (out / "rulebook.html").write_text(to_html(page, title))
        (out / "summary.json").write_text(json.dumps(summary, indent=1))
    summary["markdown"] = page
    return summary


def _evidence_text(evidence: dict | None, rows: list[dict], found: list[dict], changed: list[str]) -> str:
    """The page's closing sections: what the changes do, and the rule holes."""
    if not changed and not found:
        return ""
    parts = ["", "## About this variant", ""]
    if not changed:
        parts.append("These are the rulebook's rules: nothing is changed.")
    else:
        parts.append("Changed values are shown as ~~rulebook~~ **this variant**.")
    if evidence is None:
        parts.append("No games were played for this page: give --from a design study or --games N to see what the changes do.")
        return "\n".join(parts) + "\n"
    games = evidence.get("games")
    where = (
        f"on {games:,} fresh games of each kind (seed {evidence.get('seed')}), which chose nothing"
        if games and evidence.get("fresh", True)
        else f"on the study's {games:,} selection games of each kind (seed {evidence.get('seed')})"
    )
    if evidence.get("why"):
        parts += ["", f"The design study's verdict: {evidence['why']}."]
    if rows:
        # deferred: loads pandas, slow to import (python -X importtime), only for the study's deltas
        import pandas as pd

        parts += [
            "",
            f"**What the changes do**, change - rulebook defaults {where}; mean [interval, Bonferroni over the metrics]:",
            "",
            pd.DataFrame(rows).to_markdown(index=False),
        ]
    if found:
        parts += [
            "",
            "## Situations these rules do not settle",
            "",
            "Counted in the field games "
            + where
            + ": how often each occurs under this variant (and under the rulebook defaults when the variant differs), "
            "mean [95% CI]; "
            "the simulator settles each as its rules page's [D] decisions say.",
            "",
        ]
        for h in found:
            r, d = h["rate"], h["defaults"]
            base = f"; defaults {_fig(d)}" if d else ""
            parts.append(f"- **{h['hole']}**: {_fig(r)} (n={r['n']:,}){base} — {h['what']}.")
    return "\n".join(parts) + "\n"


def _fig(f: dict) -> str:
    return f"{f['mean']:.4f} [{f['ci95'][0]:.4f}, {f['ci95'][1]:.4f}]"

"""The judging wing asks no game by name outside the game's own module: no module under
``judging/`` (but ``judging/games/``, the engine and migrations) and no template under
``templates/judging/`` (but ``templates/judging/games/``, the games' own) compares or branches on
a game's slug or a per-game flag. A game is added by registering it, never by an ``if``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.test import Client

from judging.engine.registry import plugins

ROOT = Path(__file__).resolve().parents[2]
#: Modules that are the games' own (or generated): not walked.
NOT_WALKED = (
    ROOT / "judging" / "games",
    ROOT / "judging" / "engine",
    ROOT / "judging" / "migrations",
)
#: The demo loader's content: which game each demo event plays (data, no decision on it).
DEMO_CONTENT = ROOT / "judging" / "management" / "commands" / "load_demo.py"


def _flag(slugs: set[str]) -> re.Pattern[str]:
    """Attributes named like a flag for one game: ``is_ztrike``, ``azuki``, ``turn_entry``."""
    words = "|".join(re.escape(s) for s in sorted(slugs))
    return re.compile(rf"^(?:is_)?(?:{words})$|^turn_entry$")


#: A template tag that decides on a game: a slug or a per-game flag in an ``if``/``elif``, or the
#: game's slug or name read anywhere.
TEMPLATE_TAG = re.compile(r"\{%-?\s*(?:if|elif)\b[^%]*%\}")


def _slugs() -> set[str]:
    return {game.slug for game in plugins()}


def _names() -> set[str]:
    names: set[str] = set()
    for game in plugins():
        names |= {game.slug, game.record_format, game.report_format, *game.also_reads}
    return names


def python_offences(path: Path, names: set[str]) -> list[str]:
    """Each string constant equal to a game's slug or format, and each attribute named like a
    per-game flag, in one module: ``path:line: what``."""
    found = []
    flag = _flag(_slugs())
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Attribute) and flag.fullmatch(node.attr):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
    return found


def template_offences(path: Path, names: set[str]) -> list[str]:
    """Each ``if``/``elif`` of a template that names a game's slug or format or a per-game flag,
    and each read of the ruling's game (``view.game``) or the event's (``game.slug``)."""
    text = path.read_text(encoding="utf-8")
    words = "|".join(re.escape(n) for n in sorted(names))
    slugs = "|".join(re.escape(s) for s in sorted(_slugs()))
    game_words = re.compile(rf"[\"'](?:{words})[\"']|\bis_(?:{slugs})\b|\bturn_entry\b")
    found = []
    for tag in TEMPLATE_TAG.finditer(text):
        if game_words.search(tag.group(0)):
            line = text.count("\n", 0, tag.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {tag.group(0)}")
    for read in re.finditer(r"\bview\.game\b|\bgame\.slug\b", text):
        line = text.count("\n", 0, read.start()) + 1
        found.append(f"{path.relative_to(ROOT)}:{line}: {read.group(0)}")
    return found


def offences() -> list[str]:
    names = _names()
    found: list[str] = []
    for path in sorted((ROOT / "judging").rglob("*.py")):
        if path == DEMO_CONTENT or any(path.is_relative_to(p) for p in NOT_WALKED):
            continue
        found += python_offences(path, names)
    games_templates = ROOT / "templates" / "judging" / "games"
    for path in sorted((ROOT / "templates" / "judging").rglob("*.html")):
        if not path.is_relative_to(games_templates):
            found += template_offences(path, names)
    return found


def test_no_judging_module_or_template_asks_which_game_it_is() -> None:
    assert offences() == []


def test_the_walk_finds_a_slug_compared_and_a_flag_read(tmp_path: Path) -> None:
    module = ROOT / "judging" / "_walk_probe.py"
    template = ROOT / "templates" / "judging" / "_walk_probe.html"
    try:
        module.write_text('def f(game):\n    return game.slug == "ztrike" or game.is_azuki\n')
        template.write_text('{% if view.kind == "azuki-replay/1" %}x{% endif %}{{ view.game }}')
        found = offences()
    finally:
        module.unlink()
        template.unlink()
    assert any("_walk_probe.py:2: 'ztrike'" in f for f in found)
    assert any("_walk_probe.py:2: .is_azuki" in f for f in found)
    assert any("_walk_probe.html:1: {% if" in f for f in found)
    assert any("_walk_probe.html:1: view.game" in f for f in found)


@pytest.mark.django_db
def test_an_unknown_action_on_the_case_page_is_a_404(make_user: object, make_event: object) -> None:
    from judging.services import judge_case_open
    from tournaments.services import event_role_grant

    organiser, judge = make_user("ao"), make_user("aj")  # type: ignore[operator]
    event = make_event(organiser=organiser)  # type: ignore[operator]
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    case = judge_case_open(event_id=event.pk, by=judge, title="What happened?")
    client = Client()
    client.force_login(judge)
    assert client.post(f"/judging/cases/{case.pk}/", {"kind": "rewrite"}).status_code == 404
    assert client.post(f"/judging/cases/{case.pk}/", {}).status_code == 404
    assert client.post(f"/judging/cases/{case.pk}/", {"kind": "notes"}).status_code == 302

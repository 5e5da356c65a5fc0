"""Every template can live under the strict Content-Security-Policy (config/settings/base.py):
scripts are static files, so no template holds an inline ``<script>``, an ``on…=`` handler, a
``javascript:`` address, an htmx ``hx-on`` attribute (it would need eval), or an inline style
(``style-src 'self'`` refuses ``style="…"`` and ``<style>``).

A ``<script type="application/json">`` data block (``json_script``, allauth's forms) is data, not
code: the policy does not run it, and it is allowed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent

SCRIPT_TAG = re.compile(r"<script\b[^>]*>", re.IGNORECASE)
DATA_BLOCK = re.compile(r"""\btype\s*=\s*["']application/(ld\+)?json["']""", re.IGNORECASE)
FORBIDDEN = {
    "an on…= event handler attribute": re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),
    "an hx-on attribute (htmx would need eval)": re.compile(
        r"\s(data-)?hx-on[:\-a-z]*\s*=", re.IGNORECASE
    ),
    "a javascript: address": re.compile(r"""=\s*["']?\s*javascript:""", re.IGNORECASE),
    "an inline style attribute": re.compile(r"""\sstyle\s*=\s*["']""", re.IGNORECASE),
    "a <style> element": re.compile(r"<style\b", re.IGNORECASE),
}


def template_files() -> list[Path]:
    """The project's templates: the site folder and every app's ``templates/`` (not the venv)."""
    folders = [Path(folder) for folder in cast("list[str]", settings.TEMPLATES[0]["DIRS"])]
    folders += [path for path in ROOT.glob("*/templates") if path.is_dir()]
    files = {
        path
        for folder in folders
        for path in folder.rglob("*")
        if path.is_file() and path.suffix in {".html", ".txt", ".xml", ".svg"}
    }
    return sorted(files)


def problems_in(text: str) -> list[str]:
    found = []
    for tag in SCRIPT_TAG.findall(text):
        if "src=" not in tag.replace(" ", "") and not DATA_BLOCK.search(tag):
            found.append(f"an inline script: {tag}")
    for what, pattern in FORBIDDEN.items():
        found += [f"{what}: {match.group(0).strip()}" for match in pattern.finditer(text)]
    return found


def test_there_are_templates_to_scan() -> None:
    names = {path.name for path in template_files()}
    assert {"base.html", "judge_desk.html", "round_pairings.html", "my_match.html"} <= names


@pytest.mark.parametrize(
    "snippet",
    [
        "<script>alert(1)</script>",
        '<SCRIPT type="text/javascript">x()</SCRIPT>',
        '<button onclick="go()">',
        '<body onload = "go()">',
        '<div hx-on:click="go()">',
        '<div hx-on::after-request="go()">',
        '<a href="javascript:go()">',
        '<p style="color: red">',
        "<style>p { color: red }</style>",
    ],
)
def test_the_scan_finds_what_the_policy_refuses(snippet: str) -> None:
    assert problems_in(snippet)


@pytest.mark.parametrize(
    "snippet",
    [
        '<script src="/static/js/live.js" defer></script>',
        '<script src = "/static/js/live.js"></script>',
        '<script id="clock-data" type="application/json">{"a": 1}</script>',
        "<p>Round {{ n }} is on time; only one table</p>",
        '<input name="one" data-online="1">',
        '<div hx-get="/x" hx-trigger="every 10s">',
    ],
)
def test_the_scan_lets_static_scripts_and_plain_markup_pass(snippet: str) -> None:
    assert problems_in(snippet) == []


@pytest.mark.parametrize(
    "path", template_files(), ids=lambda path: path.relative_to(ROOT).as_posix()
)
def test_no_template_needs_an_unsafe_policy(path: Path) -> None:
    assert problems_in(path.read_text(encoding="utf-8")) == []

"""Rule 6 for the domain errors the apps raise: no English word on a Japanese page.

The services, selectors and adapters of ``core``, ``cardpool``, ``tournaments`` and ``judging``
raise ``DomainError`` subclasses whose message reaches people (the error page, a form's error,
the API's ``detail``). This walks their source (not the pure packages, which carry their own
message tables, nor migrations) and requires every such message to go through ``gettext``, and
every msgid so used to have a Japanese translation with the same placeholders.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("core", "cardpool", "tournaments", "judging")
PURE = ("judging/engine", "tournaments/pairing", "cardpool/legality")
CATALOGUE = ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po"
#: The translation functions (as the apps import them, ``gettext as _`` included).
GETTEXT = {
    "_",
    "gettext",
    "gettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
}
_PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[sdrfia]")


def app_files() -> list[Path]:
    files = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith(PURE) or "/migrations/" in relative or "/tests/" in relative:
                continue
            files.append(path)
    return files


def _parsed() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in app_files()}


def domain_error_names(trees: dict[Path, ast.Module]) -> set[str]:
    """``DomainError`` and every class the apps derive from it, however deep."""
    bases: dict[str, set[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
                }
                bases.setdefault(node.name, set()).update(names)
    found = {"DomainError"}
    while True:
        more = {name for name, parents in bases.items() if parents & found} - found
        if not more:
            return found
        found |= more


def _callee(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_gettext(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and _callee(node.func) in GETTEXT


@dataclass(frozen=True)
class Raise:
    where: str
    message: ast.expr


def domain_raises(trees: dict[Path, ast.Module]) -> list[Raise]:
    errors = domain_error_names(trees)
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            if _callee(node.exc.func) not in errors:
                continue
            call = node.exc
            message = call.args[0] if call.args else None
            for keyword in call.keywords:
                if keyword.arg == "message":
                    message = keyword.value
            if message is not None:
                where = f"{path.relative_to(ROOT).as_posix()}:{node.lineno}"
                found.append(Raise(where, message))
    return found


def untranslated(message: ast.expr) -> bool:
    """A bare English message: a string literal or f-string (also as a branch of ``a if c else
    b``, or ``+``-joined), not a gettext call nor ``gettext(...) % {...}``."""
    if isinstance(message, ast.Constant | ast.JoinedStr):
        return isinstance(message, ast.JoinedStr) or isinstance(message.value, str)
    if isinstance(message, ast.IfExp):
        return untranslated(message.body) or untranslated(message.orelse)
    if isinstance(message, ast.BinOp):
        if isinstance(message.op, ast.Mod) and _is_gettext(message.left):
            return False
        return untranslated(message.left) or untranslated(message.right)
    return False


def _msgids(node: ast.AST) -> set[tuple[str, str]]:
    """(context, msgid) of every gettext call with literal arguments under ``node``."""
    found = set()
    for call in ast.walk(node):
        if not _is_gettext(call):
            continue
        assert isinstance(call, ast.Call)
        name = _callee(call.func) or ""
        texts = [
            a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
        if name.startswith("pgettext") and len(texts) >= 2:
            found.add((texts[0], texts[1]))
        elif texts and not name.startswith("pgettext"):
            found.add(("", texts[0]))
    return found


def error_msgids(trees: dict[Path, ast.Module]) -> dict[tuple[str, str], str]:
    """Each msgid the raised errors use, with one place that uses it: the messages in the
    ``raise`` statements, and the module-level constants of the services and selectors that
    are raised from variables (refusals such as ``_ORGANISERS_ONLY``)."""
    used: dict[tuple[str, str], str] = {}
    for raised in domain_raises(trees):
        for key in _msgids(raised.message):
            used.setdefault(key, raised.where)
    for path, tree in trees.items():
        relative = path.relative_to(ROOT).as_posix()
        if not re.search(r"/(services|selectors)(/|\.py)|/locks\.py$", relative):
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                for key in _msgids(node.value):
                    used.setdefault(key, f"{relative}:{node.lineno}")
    return used


def read_catalogue(path: Path) -> dict[tuple[str, str], str]:
    """(context, msgid) -> msgstr of a .po file (the first form of a plural); fuzzy and
    obsolete entries count as untranslated, as ``msgfmt`` leaves them out."""
    entries: dict[tuple[str, str], str] = {}
    entry: dict[str, str] = {}
    fuzzy = False
    key = ""

    def flush() -> None:
        if "msgid" in entry and not fuzzy:
            entries[(entry.get("msgctxt", ""), entry["msgid"])] = entry.get(
                "msgstr", entry.get("msgstr[0]", "")
            )

    for raw in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = raw.strip()
        if not line:
            flush()
            entry, fuzzy, key = {}, False, ""
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += ast.literal_eval(line)
        else:
            key, _, text = line.partition(" ")
            if key in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry):
                flush()  # a new entry without the blank line before it
                entry, fuzzy = {}, False
            entry[key] = ast.literal_eval(text)
    return entries


TREES = _parsed()


def test_every_raised_domain_error_message_goes_through_gettext() -> None:
    bare = [
        f"{r.where}: {ast.unparse(r.message)[:80]}"
        for r in domain_raises(TREES)
        if untranslated(r.message)
    ]
    assert not bare, "wrap these messages in gettext:\n" + "\n".join(bare)


def test_the_scan_sees_the_apps_errors() -> None:
    """The walk is not vacuous: it finds the error classes and hundreds of raises."""
    assert {"InvalidInputError", "ConflictError", "NotFoundError", "PermissionDeniedError"} <= (
        domain_error_names(TREES)
    )
    assert "AmbiguousPlayerError" in domain_error_names(TREES)  # derived in an app, not core
    assert len(domain_raises(TREES)) > 250
    assert len(error_msgids(TREES)) > 250


@pytest.mark.parametrize(
    ("source", "bare"),
    [
        ('raise ConflictError("the round is complete")', True),
        ('raise ConflictError(f"round {n} is complete", field="round")', True),
        ('raise ConflictError("a" if x else _("b"))', True),
        ('raise ConflictError("done: " + "; ".join(texts))', True),
        ('raise ConflictError(_("the round is complete"))', False),
        ('raise ConflictError(_("round %(n)s is complete") % {"n": n})', False),
        ('raise ConflictError(gettext_lazy("x") if x else pgettext("c", "y"))', False),
        ("raise ConflictError(message)", False),
    ],
)
def test_the_check_tells_bare_messages_from_translated_ones(source: str, bare: bool) -> None:
    raised = ast.parse(source).body[0]
    assert isinstance(raised, ast.Raise)
    assert isinstance(raised.exc, ast.Call)
    assert untranslated(raised.exc.args[0]) is bare


def test_every_error_message_has_a_japanese_translation() -> None:
    catalogue = read_catalogue(CATALOGUE)
    missing = [
        f"{where}: {msgid!r}" + (f" (context {context!r})" if context else "")
        for (context, msgid), where in sorted(error_msgids(TREES).items(), key=lambda i: i[1])
        if not catalogue.get((context, msgid))
    ]
    assert not missing, "add a Japanese msgstr for:\n" + "\n".join(missing)


def test_the_translations_keep_the_placeholders() -> None:
    catalogue = read_catalogue(CATALOGUE)
    wrong = []
    for key in error_msgids(TREES):
        translated = catalogue.get(key)
        if translated and set(_PLACEHOLDER.findall(key[1])) != set(
            _PLACEHOLDER.findall(translated)
        ):
            wrong.append(f"{key[1]!r} -> {translated!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_the_translations_are_japanese() -> None:
    """A msgstr that is the English msgid again (or has no kana or kanji) is no translation."""
    catalogue = read_catalogue(CATALOGUE)
    japanese = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")
    english = [
        msgid
        for key in error_msgids(TREES)
        if re.search("[a-z]{3}", msgid := key[1])
        and (text := catalogue.get(key))
        and not japanese.search(text)
    ]
    assert not english, "\n".join(english)

"""The Japanese catalogue translates every string of our pages (nothing empty, nothing fuzzy)."""

from __future__ import annotations

import re
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "ja" / "LC_MESSAGES" / "django.po"


def test_no_string_is_left_untranslated_or_fuzzy() -> None:
    text = CATALOGUE.read_text(encoding="utf-8")
    entries = text.split("\n\n")[1:]  # the first entry is the header
    empty = [e for e in entries if re.search(r'^msgstr(\[0\])? ""$', e, re.M) and
             not re.search(r'^msgstr(\[0\])? ""\n"', e, re.M)]  # fmt: skip
    assert empty == []
    assert "#, fuzzy" not in text


def test_placeholders_survive_translation() -> None:
    text = CATALOGUE.read_text(encoding="utf-8")
    for entry in text.split("\n\n")[1:]:
        msgid = "".join(
            re.findall(r'^(?:msgid|msgid_plural)? ?"(.*)"$', entry.split("msgstr")[0], re.M)
        )
        msgstr = (
            "".join(re.findall(r'"(.*)"', entry.split("msgstr", 1)[1])) if "msgstr" in entry else ""
        )
        assert set(re.findall(r"%\(\w+\)s", msgid)) >= set(re.findall(r"%\(\w+\)s", msgstr)), entry

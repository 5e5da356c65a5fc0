"""A ruling as a PDF for the appeal record: the answer, the board, the steps, the rules, the
engine version and the record's digest. reportlab's built-in CID font ``HeiseiKakuGo-W5``
holds Latin and Japanese (as ``tournaments.printing.deck_sheet``); nothing is downloaded."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.cidfonts import UnicodeCIDFont  # type: ignore[import-untyped]
from reportlab.platypus import (  # type: ignore[import-untyped]
    Paragraph,
    SimpleDocTemplate,
    Spacer,
)

from judging.presentation import RulingView

FONT = "HeiseiKakuGo-W5"


def _styles() -> dict[str, ParagraphStyle]:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(FONT))
    base = ParagraphStyle("body", fontName=FONT, fontSize=9, leading=12, wordWrap="CJK")
    return {
        "h1": ParagraphStyle("h1", parent=base, fontSize=15, leading=19, spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base, fontSize=12, leading=16, spaceBefore=8),
        "body": base,
        "answer": ParagraphStyle("answer", parent=base, fontSize=11, leading=15),
        "small": ParagraphStyle("small", parent=base, fontSize=7.5, leading=10, leftIndent=10),
    }


def _board(view: RulingView, st: dict[str, ParagraphStyle]) -> list[Paragraph]:
    """The game's board, row by row: its heading, then a line for each player."""
    if not view.board:
        return []
    lines = [Paragraph(escape(view.board_heading), st["h2"])]
    for row in view.board:
        heading, sides = row.printed()
        lines.append(Paragraph(escape(heading), st["body"]))
        lines.extend(Paragraph(escape(side), st["small"]) for side in sides)
    return lines


def ruling_pdf(*, view: RulingView, title: str, event: str, notes: str, engine_version: str,
               digest: str, created: str) -> bytes:  # fmt: skip
    st = _styles()
    story: list[object] = []

    def para(text: str, style: str = "body") -> None:
        story.append(Paragraph(escape(text), st[style]))

    para(title, "h1")
    para(f"{event} · {created} · {_('engine')} {engine_version} · {_('record')} sha256 {digest}")
    para(_("The answer"), "h2")
    for answer in view.answers:
        para(answer.sentence, "answer")
        if answer.rule and answer.rule.text:
            para(f"{answer.rule.display} {_('(English)')}: {answer.rule.text}", "small")
        for line in answer.outcomes + answer.claims:
            para(line, "small")
    para(view.result, "answer")
    if view.illegal:
        para(view.illegal)
    for question, chosen in view.choices:
        para(f"{question} → {chosen}", "small")
    story.extend(_board(view, st))
    para(_("Steps"), "h2")
    for turn in view.log:
        para(turn.title)
        for step in turn.steps:
            para(step.title, "small")
            for text, cited in step.lines:
                para(f"{text} [{cited}]", "small")
    para(_("Rules cited"), "h2")
    for rule in view.rules:
        para(f"{rule.display} {_('(English)')}: {rule.text or _('(text not imported)')}", "small")
        for passage in rule.passages:
            para(f"{_('Japanese basic rules')}: {passage}", "small")
    if notes:
        para(_("Judges' private notes"), "h2")
        para(notes)
    story.append(Spacer(1, 6))
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=A4, title=title, leftMargin=36, rightMargin=36,
                      topMargin=36, bottomMargin=36).build(story)  # fmt: skip
    return buffer.getvalue()

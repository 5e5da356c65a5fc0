"""The development mail backend: every message is written to its own ``.eml`` file (readable
text) under ``var/mail/``, and its first link is printed on the console,
so a newcomer running ``make run`` can finish sign-up without a mail server."""

from __future__ import annotations

import re
import sys
import uuid
from collections.abc import Sequence
from email import policy
from email.message import Message
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend
from django.utils import timezone

#: A web address: the characters a URL may hold (so Japanese text right after it is not taken).
LINK = re.compile(r"https?://[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=%]+")


def first_link(message: EmailMessage) -> str | None:
    """The first web address in the message's text (where sign-up or a reset goes on)."""
    found = LINK.search(str(message.body))
    return found.group(0) if found else None


def readable(mime: Message) -> bytes:
    """The message as an ``.eml`` whose text parts are plain UTF-8 (8bit), not quoted-printable
    or base64: a newcomer opens it in any editor and sees the whole link on one line."""
    for part in mime.walk():
        if part.get_content_maintype() != "text" or part.is_multipart():
            continue
        raw = part.get_payload(decode=True)
        if not isinstance(raw, bytes):
            continue
        del part["Content-Transfer-Encoding"]
        part["Content-Transfer-Encoding"] = "8bit"
        # The generator writes surrogate-escaped text back as the original bytes.
        part.set_payload(raw.decode("ascii", errors="surrogateescape"))
    return mime.as_bytes(policy=policy.SMTP)


class MailFileBackend(BaseEmailBackend):
    """One ``.eml`` file per message in ``file_path`` (the mailer's OPTIONS); its path and
    first link printed."""

    def __init__(self, *, file_path: str | Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.folder = Path(file_path or settings.BASE_DIR / "var" / "mail")

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        self.folder.mkdir(parents=True, exist_ok=True)
        sent = 0
        for message in email_messages:
            stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
            path = self.folder / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
            path.write_bytes(readable(message.message()))
            link = first_link(message)
            recipients = ", ".join(message.recipients())
            lines = [f"Mail to {recipients}: {message.subject}", f"  written to {path}"]
            if link:
                lines.append(f"  link: {link}")
            sys.stdout.write("\n".join(lines) + "\n")
            sys.stdout.flush()
            sent += 1
        return sent

"""Local development (``make run``): everything from ``base``; DEBUG only when DEBUG=1 is set.

Under ``make run`` (DEBUG=1) every mail is written to a file under ``var/mail/`` and its first
link printed to the console (``core.mail``), so sign-up can be finished with no mail server;
set ``EMAIL_BACKEND`` to send real mail instead."""

import os

from config.settings.base import *  # noqa: F403
from config.settings.base import BASE_DIR, DEBUG

if DEBUG and not os.environ.get("EMAIL_BACKEND"):
    MAILERS = {
        "default": {
            "BACKEND": "core.mail.MailFileBackend",
            "OPTIONS": {"file_path": str(BASE_DIR / "var" / "mail")},
        }
    }

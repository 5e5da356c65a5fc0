"""Local development (``make run``): everything from ``base``; DEBUG only when DEBUG=1 is set."""

from config.settings.base import *  # noqa: F403

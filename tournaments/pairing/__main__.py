"""``python -m tournaments.pairing pair|standings`` (see :mod:`tournaments.pairing.cli`)."""

import sys

from tournaments.pairing.cli import main

sys.exit(main())

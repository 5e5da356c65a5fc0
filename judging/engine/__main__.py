"""Entry point: ``python -m judging.engine replay RECORD.json``."""

import sys

from judging.engine.cli import main

sys.exit(main())

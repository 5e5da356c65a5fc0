"""Fixtures for the pure engine tests: the invented card catalogue, the shared data if present."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judging.engine import CardCatalogue

HERE = Path(__file__).parent
REPO_ROOT = HERE.parents[2]
#: SHARED_DIR as in the settings (`make mutation` points it here from its copy of the tests).
SHARED = Path(os.environ.get("SHARED_DIR") or REPO_ROOT.parent / "shared")
GROUND_RULES = SHARED / "rules" / "zutomayo-ground-rules-1.0.1.en.txt"
REAL_CARDS = SHARED / "data" / "zutomayo" / "cards.json"
INVENTED_CARDS = HERE / "invented_cards.json"


def invented_catalogue() -> CardCatalogue:
    return CardCatalogue.from_dicts(json.loads(INVENTED_CARDS.read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def cards() -> CardCatalogue:
    return invented_catalogue()


@pytest.fixture(scope="session")
def ground_rules_text() -> str:
    if not GROUND_RULES.exists():
        pytest.skip(f"the shared ground rules are not at {GROUND_RULES}")
    return GROUND_RULES.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def real_cards() -> CardCatalogue:
    if not REAL_CARDS.exists():
        pytest.skip(f"the shared card data is not at {REAL_CARDS}")
    return CardCatalogue.from_dicts(json.loads(REAL_CARDS.read_text(encoding="utf-8")))

"""The ZUTOMAYO CARD rules engine (``zutomayo-game/1`` records); the package's public names are
re-exported by ``judging.engine``."""

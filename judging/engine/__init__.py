"""The ZUTOMAYO CARD rules engine (pure: standard library only)."""

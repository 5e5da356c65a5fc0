"""Deck legality for ZUTOMAYO CARD, Azuki TCG and ZTRIKE (pure: standard library only)."""

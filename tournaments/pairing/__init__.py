"""Swiss pairing, standings and top cut (pure: standard library only)."""

"""Template tags and filters of the event pages."""

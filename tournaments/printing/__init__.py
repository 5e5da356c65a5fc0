"""Printed documents of an event: the pairings, standings and match-slip sheets (``sheets``),
one player's decklist sheet for deck checks (``deck_sheet``), and the Japanese font every one
of them embeds (``pdf_fonts``). All are plain functions from frozen dataclasses to the bytes of
a PDF, with no database and no request: ``tournaments.services.printing`` gathers the data and
stores the bytes, ``tournaments.selectors.printing`` reads the stored jobs. They sit together
because they share the layout conventions and the font, and change together when a sheet does.
"""

"""The cards: games, sets, cards, formats and ban lists, their importers, the card browser, the
ban-list editor and the stateless deck check."""

"""Toy Game: a tiny invented game that proves the judging wing's plug-in design. Its engine
(``engine``) implements ``GamePlugin``; its judge pages (``pages``) are a ``judging.games``
module; ``tests/judging/test_toygame.py`` registers both at test time and walks the case pages.
Nothing outside ``tests/`` knows it."""

"""The one registry of games: every user of the engines (the command line, the judge pages, the
tournaments' tiebreaks, the benchmarks, the tests) finds a game here, by its slug or by the
``format`` of a record, and never imports a game's modules itself.

Loading is lazy: this module names each built-in game's plug-in module and imports it on first
use, so importing the registry (or asking for one game) does not import every engine. A game
outside this package (a test's invented game) joins with ``register`` and leaves with
``unregister``.
"""

from __future__ import annotations

import importlib

from judging.engine.core.plugin import GamePlugin

#: The built-in games, in the order ``plugins()`` gives them: slug → the module exporting PLUGIN.
BUILTIN: tuple[tuple[str, str], ...] = (
    ("zutomayo", "judging.engine.zutomayo.plugin"),
    ("ztrike", "judging.engine.ztrike.plugin"),
    ("azuki", "judging.engine.azuki.plugin"),
)
_BUILTIN_MODULES: dict[str, str] = dict(BUILTIN)
_loaded: dict[str, GamePlugin] = {}
_registered: dict[str, GamePlugin] = {}


def _builtin(slug: str) -> GamePlugin:
    found = _loaded.get(slug)
    if found is None:
        module = importlib.import_module(_BUILTIN_MODULES[slug])
        found = module.PLUGIN
        if not isinstance(found, GamePlugin) or found.slug != slug:
            raise TypeError(f"{_BUILTIN_MODULES[slug]}.PLUGIN is not the {slug} plug-in")
        _loaded[slug] = found
    return found


def plugins() -> tuple[GamePlugin, ...]:
    """Every game: the built-in ones (ZUTOMAYO CARD, ZTRIKE, Azuki TCG), then the registered."""
    return (*(_builtin(slug) for slug, _ in BUILTIN), *_registered.values())


def plugin(slug: str) -> GamePlugin | None:
    """The game with this cardpool slug, or None (no engine for it)."""
    if slug in _BUILTIN_MODULES:
        return _builtin(slug)
    return _registered.get(slug)


def plugin_for_format(fmt: str | None) -> GamePlugin | None:
    """The game whose records are in ``fmt`` (its current format or an older one it reads), or
    None (no format, or no game reads it)."""
    if fmt is None:
        return None
    return next((p for p in plugins() if p.reads(fmt)), None)


def formats() -> tuple[str, ...]:
    """Every record format some game reads: each game's current one, then the older ones it
    still reads, in ``plugins()`` order (what an unknown format's error lists)."""
    return tuple(f for p in plugins() for f in (p.record_format, *p.also_reads))


def register(p: GamePlugin) -> None:
    """Add a game from outside this package; its slug and formats must be new."""
    if p.slug in _BUILTIN_MODULES or p.slug in _registered:
        raise ValueError(f"a game with the slug {p.slug!r} is already registered")
    taken = [f for f in (p.record_format, *p.also_reads) if plugin_for_format(f) is not None]
    if taken:
        raise ValueError(f"record format {taken[0]!r} is already read by another game")
    _registered[p.slug] = p


def unregister(slug: str) -> None:
    """Remove a game added with ``register`` (built-in games stay); no-op if it is not there."""
    if slug in _BUILTIN_MODULES:
        raise ValueError(f"{slug!r} is a built-in game")
    _registered.pop(slug, None)

"""The structured vocabulary of ZUTOMAYO CARD card effects, and the pool encoded in it, so
that the engine runs real cards' effects by itself.

``vocab`` holds the frozen types (conditions, actions, timings, durations, the area-enchant
lifecycle), each with a stable code; ``encoding/<pack>.json`` maps card ids to structure only
(no names, stats or texts) with the sha256 of the ``effect_ja`` it was written from; ``status``
classifies a card catalogue against it (the ``effects`` command). Standard library only. The code
families and the conventions every pack is written in (an area enchant's ending, the unnamed
subject, ``zone``/``elements``, amount 0, the five elements) are in ``README.md`` beside this file.
"""

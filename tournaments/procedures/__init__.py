"""How an event is run when the organiser does not say otherwise: each game's structure preset
(``presets``: best-of, round minutes, draws, tiebreaks) and what happens when time is called
(``end_of_round``: the procedures in English and Japanese, and the overtime tiebreaks a higher
layer registers). Plain values and small functions that both the selectors and the services
read, so neither has to import the other for them.
"""

"""Demo data of events: a whole event run through the services (``simulation``), for
``manage.py load_demo`` (in ``judging``, the top layer, which also loads the cards and rules),
``manage.py simulate_event``, the browser tests and the query-count tests. It writes only
through services, so a simulated event is stored as a real one would be; it lives here, beside
the services it drives, because the demo loader's app may import it but not the other way.
"""

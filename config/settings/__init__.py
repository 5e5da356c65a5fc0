"""Settings: ``base`` (all of it, from the environment), ``dev``, ``test``, ``production``."""

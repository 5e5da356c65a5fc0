"""Settings modules: ``base`` (everything, from the environment), ``dev``, ``test``, ``production``."""

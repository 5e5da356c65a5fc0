"""Event pages, one module per audience: ``public`` (event page, pairings, standings, bracket,
clock), ``player`` (register, drop, my table, the match's report page), ``organiser`` (create,
edit, the dashboard and its action table), ``judge`` (the judge desk), ``decklists`` (a
registration's list: the player submits, judges compare a presented deck) and ``printing``.

Every view is an adapter: it reads the request, reads what it shows through selectors
(``tournaments.selectors``, by domain), makes each change through a service, and renders. A
service's DomainError rises to ``core.middleware``, which renders the error page with the
error's 4xx status; forms that show errors in place use ``core.views.form_service_call``.
"""

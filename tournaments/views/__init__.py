"""Event pages, one module per audience or task (the list is docs/layout.md): ``public`` (event
page, pairings, standings, bracket, clock), ``player``, ``organiser`` (with the dashboard's action
table), ``judge`` (the judge desk) and the pages of each later feature beside them.

Every view is an adapter: it reads the request, reads what it shows through selectors
(``tournaments.selectors``, by domain), makes each change through a service, and renders. A
service's DomainError rises to ``core.middleware``, which renders the error page with the
error's 4xx status; forms that show errors in place use ``core.views.form_service_call``.
"""

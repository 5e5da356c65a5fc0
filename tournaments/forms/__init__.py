"""The Django forms of the event pages, by page: the organiser's and staff's event forms
(``events``: creating, editing, copying an event, results, penalties, staff, appeals, the
directory's filters), check-in, claim codes and judge calls (``checkin``) and saved decks
(``decks``). Forms check shape only; the services check the rules.
"""

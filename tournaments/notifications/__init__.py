"""What an event tells its players (``players``): the kinds of notification this app
registers, the due reminders, and the one helper each service calls after its write, which
names the recipients and hands the message to ``core``'s notification outbox. ``core`` loads
this package at start-up (``autodiscover_modules("notifications")``), so importing it registers
the kinds: that is why it imports ``players`` below.
"""

from tournaments.notifications import players as players

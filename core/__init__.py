"""What every app shares: accounts and profiles, route access, the audit log, the domain errors
and the one API error shape, input hygiene, login limits, jobs and the outbox, notifications,
the health check and the yardstick."""

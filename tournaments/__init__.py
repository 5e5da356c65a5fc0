"""Running an event: events and their staff, registrations and decklists, rounds, pairings,
results, standings, the top cut, printing and exports."""

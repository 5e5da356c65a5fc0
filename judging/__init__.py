"""Judge assist: cases that replay a disputed game through its game's rules engine, the ruling
page and its PDF, and the rules registry the rulings quote."""

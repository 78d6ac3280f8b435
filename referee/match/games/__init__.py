"""One match file per game system, each a :class:`~referee.match.journal.journal_file.JournalFile`
of its state: :mod:`orders_file` (the game of written orders), :mod:`activation_file` (the
activation rules); :mod:`systems` picks which plays a ruleset."""

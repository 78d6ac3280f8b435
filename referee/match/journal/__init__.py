"""The journal every match file keeps, whatever its game: the SQLite file
(:mod:`journal_file`; a step is written in :meth:`journal_file.JournalFile.run`), how files
and text journals of earlier versions are read (:mod:`formats`), text journals
(:mod:`text_journal`, :mod:`journal_text`)."""

"""The open match in the app, whatever its game system: the match file, its undo stack and
one ``changed`` signal (:mod:`.match_session`), the journal steps on Qt's undo stack
(:mod:`.step_command`), and what each game system contributes to the one window
(:mod:`.game_system`)."""

"""What a match tells once played: the printed report of each game (:mod:`match_report`,
:mod:`activation_report`), the turn story and phase reports, and the file a report is
written to (:mod:`output_file`)."""

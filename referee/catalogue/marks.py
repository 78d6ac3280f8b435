"""The private marks around matched words, written by FTS5 highlight()/snippet(); they are
replaced by brackets, ANSI bold or nothing when a hit is shown. A module of their own: the
app's rule pages replace them without importing the search hit itself."""

from __future__ import annotations

MARK_OPEN = "\x02"
MARK_CLOSE = "\x03"

"""The match: its state, the journal of events that builds it, and the file that keeps both."""

"""The tournament desk: scores (MVP, TVP), the event and its store, pairings, standings,
corrections, the round clock and exports.

The desk's rules (``scoring``, ``pairing``, ``standings``, ``event``) work on plain values
folded from the event's records; they never see how the records are stored (``store``: one
interface, ``sqlite_store``: the SQLite implementation).
"""

"""The rules of play: fire, damage, assault, agony, hex effects, movement, the turn, and the
two games built of them (:mod:`referee.rules.orders`, the game of written orders;
:mod:`referee.rules.activation`). What a step of either game returns: :mod:`events` (one
ruling as a journal event) and :mod:`changes` (what it changes, typed)."""

"""A match file of the activation rules (draft 002): the same SQLite file, journal, undo,
redo, replay check and transactions as a match of written orders
(:class:`~referee.match.journal.journal_file.JournalFile`), with the activation rules' own state and
step (:func:`referee.rules.activation.step.step`).

What the file holds:

* ``meta``: as every match file (format version, ruleset and readings, seed, title, the
  stamp of the versions), and ``missions``: the missions offered for the bans (null: every
  mission of the ruleset);
* ``units``: the armies, one row per unit or structure (``uid``, ``card``, ``side``), in
  order; the cards themselves are the ruleset's tables, pinned by the ruleset's version in
  the stamp (a match made with an older version reads that version's cards);
* ``events``: one per command: its kind and JSON form (``command``), the summary and the
  working in words (``text``), every die through the one dice service (rolled from the
  step's seed, or typed from the table), the clause and ruling ids, and in ``detail`` the
  ``summary``, the ``working``, what a window redraws (``redraw``: pieces, tiles, whether
  the phase or the turn moved on) and the ``state`` after the command (the activation
  rules' state as JSON). ``changes`` stays empty: the activation rules' changes are their
  state.

The journal folds into the state by taking the state kept after the last active event
(:class:`referee.rules.activation.system.ActivationSystem`, the game's rules; run, undo,
redo and the replay check are the journal file's, written once for every game system).

Clauses ``activation.starting``, ``activation.main-phase``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from referee.dice.service import Dice
from referee.errors import RefereeError, one_line
from referee.limits import NAME_MAX_CHARS
from referee.match.journal.formats import readings_for
from referee.match.journal.journal_file import (
    FORMAT_VERSION,
    JournalFile,
    MatchFileError,
    _json,
    _now,
    _sqlite_errors,
    check_new_match,
)
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.start import ArmyEntry, new_game
from referee.rules.activation.state import ActivationState
from referee.rules.activation.system import ActivationSystem
from referee.ruleset.shipped import load_ruleset
from referee.versions import stamp

if TYPE_CHECKING:
    from referee.match.journal.text_journal import TextJournal


def _armies(units: Sequence[Mapping[str, Any]]) -> dict[int, list[ArmyEntry]]:
    """The armies of ``units`` (``uid``, ``unit`` or ``card``, ``side``), checked."""
    armies: dict[int, list[ArmyEntry]] = {1: [], 2: []}
    for i, spec in enumerate(units):
        where = f"units[{i}]"
        if not isinstance(spec, Mapping):
            raise MatchFileError(f"{where}: expected uid, unit and side")
        extra = sorted(set(spec) - {"uid", "unit", "card", "side"})
        if extra:
            raise MatchFileError(
                f"{where} ({spec.get('uid')}): {', '.join(extra)}: a unit of the activation "
                "rules is deployed in the game (deploy side=N uid=U hex=H), not set up"
            )
        uid, card = spec.get("uid"), spec.get("unit", spec.get("card"))
        if not isinstance(uid, str) or not uid.strip() or len(uid) > NAME_MAX_CHARS:
            raise MatchFileError(f"{where}: uid: 1 to {NAME_MAX_CHARS} characters")
        if not isinstance(card, str):
            raise MatchFileError(f"{where} ({uid}): no unit (its card id)")
        side = spec.get("side", 1)
        if isinstance(side, str) and side.strip() in ("1", "2"):
            side = int(side)
        if side not in (1, 2) or isinstance(side, bool):
            raise MatchFileError(f"{where} ({uid}): side must be 1 or 2, not {side!r:.40}")
        armies[int(side)].append((uid, card))
    return armies


class ActivationMatch(JournalFile[ActivationState]):
    """An open match file of the activation rules (see the module docstring)."""

    SYSTEM: ClassVar[str] = ActivationSystem.SYSTEM
    game: ActivationGame
    system: ActivationSystem

    @classmethod
    def create(
        cls,
        path: Path | str,
        *,
        units: Sequence[Mapping[str, Any]],
        ruleset: str = "activation",
        missions: Sequence[str] | None = None,
        readings: Mapping[str, str] | None = None,
        seed: int | None = None,
        title: str = "",
        settings: Mapping[str, str] | None = None,
    ) -> ActivationMatch:
        """A new match file of the activation rules: ``units`` (mappings with uid, unit --
        a unit or structure card of the ruleset -- and side) are both armies on their
        rosters, ``missions`` those offered for the bans (None: every mission). Everything
        is checked before the file is written; an existing file is never replaced."""
        path = Path(path)
        check_new_match(settings, title, seed, units)
        rules = load_ruleset(ruleset, readings or {})
        if rules.system != cls.SYSTEM:
            raise MatchFileError(
                f"ruleset {rules.id!r} is of the game system {rules.system!r}, not {cls.SYSTEM!r}"
            )
        game = ActivationGame.of(rules)
        armies = _armies(units)
        offered = list(missions) if missions else None
        new_game(game.cards, game.missions, armies, offered)  # refuses what cannot start
        meta: dict[str, Any] = {
            "format_version": FORMAT_VERSION,
            "ruleset": rules.id,
            "readings": dict(readings or {}),
            "seed": seed if seed is not None else Dice().seed,
            "title": title,
            "created": _now(),
            "settings": dict(settings or {}),
            "versions": stamp(rules.id, rules.version),
            "missions": offered,
        }
        rows = [
            {"uid": uid, "card": card, "side": side}
            for side in (1, 2)
            for uid, card in armies[side]
        ]
        cls.write_new(path, meta, {}, rows)
        return cls.open(path)

    @classmethod
    def from_journal(cls, journal: TextJournal, path: Path | str) -> ActivationMatch:
        return cls.create(
            path,
            units=journal.units,
            ruleset=journal.edition or cls.SYSTEM,
            missions=journal.missions or None,
            readings=readings_for(journal.format, journal.readings),
            seed=journal.seed,
        )

    # --- reading the file -------------------------------------------------------------

    def _load(self, meta: Mapping[str, Any], ruleset_version: int) -> None:
        try:
            self.rules = load_ruleset(
                meta["ruleset"],
                readings_for(meta["format_version"], meta.get("readings") or {}),
                ruleset_version,
            )
            self.game = ActivationGame.of(self.rules)
            self.system = ActivationSystem(self.game)
        except RefereeError as exc:
            raise MatchFileError(
                f"{self.path}: cannot be read: {one_line(exc)}", file=self.path
            ) from None

    def _meta_problems(self, meta: Mapping[str, object]) -> list[str]:
        offered = meta.get("missions")
        if offered is None or (
            isinstance(offered, list) and all(isinstance(m, str) for m in offered)
        ):
            return []
        return [f"missions is not a list of mission ids: {offered!r:.40}"]

    def armies(self) -> dict[int, list[ArmyEntry]]:
        """The armies as the file holds them."""
        with _sqlite_errors(self.path), self._reading():
            rows = list(self.conn.execute("SELECT uid, data FROM units ORDER BY position"))
        units = []
        for uid, data in rows:
            raw = _json(data, f"{self.path}: unit {uid!r}")
            if not isinstance(raw, dict) or raw.get("uid") != uid:
                raise MatchFileError(
                    f"{self.path}: damaged: unit {uid!r} of the armies", file=self.path
                )
            units.append(raw)
        try:
            return _armies(units)
        except MatchFileError as exc:
            raise MatchFileError(f"{self.path}: damaged: {exc}", file=self.path) from None

    def initial_state(self) -> ActivationState:
        """Both armies on their rosters, the missions offered left to ban."""
        offered = self.meta.get("missions")
        try:
            return new_game(self.game.cards, self.game.missions, self.armies(), offered)
        except RefereeError as exc:
            raise MatchFileError(
                f"{self.path}: damaged: its armies: {one_line(exc)}", file=self.path
            ) from None

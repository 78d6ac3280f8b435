"""The search index of the clause catalogue and the rulings register, kept fresh.

The catalogue index is an SQLite FTS5 database (porter stemming) in the cache folder,
``<cache_dir>/rules-search.db``. It holds one row per clause *wording* (a clause whose
editions word it alike has one row carrying all of them) and one per ruling, the words of
all of them with how many entries use each (what a typo is read against), and records a
fingerprint of the data files it was built from: when a clause or ruling file changes, or
the file is unreadable, the index is rebuilt. The fingerprint is of the files' content, not of
where they are, so the built app ships an index made at build time
(:func:`referee.paths.prebuilt_dir`) that is copied into the cache at the first search instead
of being built then. Imported rulebooks live apart (:mod:`referee.catalogue.imports_db`);
the search over both is :func:`referee.catalogue.rules_search.search`.

A ruling speaks for the editions of the clauses it cites (every edition when it cites none):
that is the edition a search assumes it belongs to, and the edition filter keeps it out of
other editions as it keeps their clauses out.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
from collections import Counter
from collections.abc import Collection, Iterator, Mapping
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from referee.catalogue.clause_source import (
    ClauseLike,
    ClauseLoader,
    clauses_folder,
    load_clauses,
    wordings,
)
from referee.catalogue.fts_query import title_key
from referee.catalogue.marks import MARK_CLOSE, MARK_OPEN
from referee.catalogue.ranking import Candidate
from referee.catalogue.synonyms import words_of
from referee.errors import RefereeError
from referee.paths import cache_dir, data_dir, prebuilt_dir

if TYPE_CHECKING:  # building only: a search needs neither
    from referee.ruleset.rulings import Ruling

SCHEMA_VERSION = 4
INDEX_FILE = "rules-search.db"
COLUMNS = ("title", "keywords", "ident", "body")
WEIGHTS = (10.0, 4.0, 3.0, 1.0)  # bm25 weight of each column of COLUMNS
SNIPPET_TOKENS = 16


class IndexState(msgspec.Struct, frozen=True):
    """What :meth:`CatalogueIndex.ensure` did: ``reason`` says why it rebuilt (or ``""``)."""

    path: Path
    rebuilt: bool
    reason: str = ""
    corrupt: bool = False


def rulings_folder(data: Path) -> Path:
    return data / "catalogue" / "rulings"


def _ident(entry_id: str) -> str:
    return entry_id.replace(".", " ").replace("-", " ")


def _clause_rows(clause: ClauseLike) -> list[dict[str, Any]]:
    """A row per wording; a clause worded per edition has one more, for its common text
    (``common``: searched unless one edition's wording is asked for, naming no edition)."""
    rows = []
    texts = [(tuple(eds), text, 0) for eds, text in wordings(clause)]
    if clause.editions_text and clause.text not in clause.editions_text.values():
        texts.append(((), clause.text, 1))
    for editions, text, common in texts:
        sources = [clause.source[e] for e in (editions or clause.editions) if e in clause.source]
        rows.append(
            {
                "id": clause.id,
                "kind": "clause",
                "common": common,
                "title": clause.title,
                "section": clause.section,
                "editions": " ".join(e for e in editions if e),
                "keywords": " ".join([*clause.keywords, clause.section]),
                "ident": _ident(clause.id),
                "body": text,
                "source": "; ".join(dict.fromkeys(sources)),
                "all_editions": " ".join(clause.editions),
                "speaks_for": " ".join(clause.editions),
                "keyword_list": "\n".join(clause.keywords),
                "title_key": " ".join(title_key(clause.title)),
                "keyword_keys": "\n".join(" ".join(title_key(k)) for k in clause.keywords),
            }
        )
    return rows


def _ruling_row(ruling: Ruling, clauses: Mapping[str, ClauseLike]) -> dict[str, Any]:
    readings = "\n".join(
        f"{o.id}{' (default)' if o.id == ruling.default else ''}: {o.reading}"
        for o in ruling.options
    )
    return {
        "id": ruling.id,
        "kind": "ruling",
        "common": 0,
        "title": ruling.title,
        "section": "",
        "editions": "",
        "keywords": " ".join([*ruling.clauses, *(o.id for o in ruling.options)]),
        "ident": _ident(ruling.id),
        "body": f"{ruling.unclear}\n{readings}\n"
        f'switch: [rulings] "{ruling.id}" = "<option>", --ruling {ruling.id}=<option>',
        "source": ruling.source.name,
        "all_editions": "",
        "speaks_for": " ".join(cited_editions(ruling, clauses)),
        "keyword_list": "",
        "title_key": " ".join(title_key(ruling.title)),
        "keyword_keys": "",
    }


def cited_editions(ruling: Ruling, clauses: Mapping[str, ClauseLike]) -> list[str]:
    """The editions of the clauses a ruling cites, in catalogue order (none: every edition)."""
    found: dict[str, None] = {}
    for cid in ruling.clauses:
        if cid in clauses:
            found.update(dict.fromkeys(clauses[cid].editions))
    return list(found)


def _vocabulary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every word of the index with the number of entries using it (for reading typos)."""
    entries: dict[str, set[str]] = {}
    for row in rows:
        text = " ".join((row["title"], row["keywords"], row["body"]))
        entries.setdefault(row["id"], set()).update(words_of(text))
    counts = Counter(w for words in entries.values() for w in words)
    return [{"word": w, "entries": n} for w, n in sorted(counts.items())]


class CatalogueIndex:
    """The search index of one data folder, kept fresh in a cache folder."""

    def __init__(
        self,
        data: Path | None = None,
        cache: Path | None = None,
        clause_loader: ClauseLoader = load_clauses,
        prebuilt: Path | None = None,
    ) -> None:
        self.data = data or data_dir()
        self.path = (cache or cache_dir()) / INDEX_FILE
        self.clause_loader = clause_loader
        shipped = prebuilt or prebuilt_dir()
        self.prebuilt = shipped / INDEX_FILE if shipped is not None else None
        self._checked: tuple[object, ...] | None = None
        """The files as they were when the index was last found fresh (name, size and
        time of change of each source and of the index): unchanged, it is not hashed again."""

    def sources(self) -> list[Path]:
        """The data files the index is built from."""
        files = [*clauses_folder(self.data).glob("*.toml")]
        files += rulings_folder(self.data).glob("*.toml")
        return sorted(files)

    def fingerprint(self) -> str:
        """A hash of the schema version and every source file's name and content."""
        digest = hashlib.sha256(f"{SCHEMA_VERSION}\n".encode())
        for path in self.sources():
            digest.update(f"{path.relative_to(self.data)}\n".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        return digest.hexdigest()

    def _stored_fingerprint(self, path: Path | None = None) -> str | None:
        with closing(sqlite3.connect(f"file:{path or self.path}?mode=ro", uri=True)) as conn:
            if (
                conn.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
                ).fetchone()
                is None
            ):
                return None
            row = conn.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
            return str(row[0]) if row else None

    def _stamp(self) -> tuple[object, ...] | None:
        try:
            return tuple(
                (str(p), st.st_size, st.st_mtime_ns, st.st_ino)
                for p in (*self.sources(), self.path)
                for st in (p.stat(),)
            )
        except OSError:
            return None

    def ensure(self) -> IndexState:
        """Rebuild the index when missing, built from other data files, or unreadable.

        A second call finding the same files (names, sizes, times of change) as the last
        fresh one answers at once, without hashing them again."""
        stamp = self._stamp()
        if stamp is not None and stamp == self._checked:
            return IndexState(self.path, rebuilt=False)
        state = self._ensure()
        self._checked = self._stamp()
        return state

    def _ensure(self) -> IndexState:
        fingerprint = self.fingerprint()
        if not self.path.exists():
            if self._copy_prebuilt(fingerprint):
                return IndexState(self.path, rebuilt=False, reason="the index shipped with the app")
            return self._build(fingerprint, "no index yet")
        try:
            stored = self._stored_fingerprint()
        except sqlite3.DatabaseError as exc:
            return self._build(
                fingerprint, f"{self.path}: unreadable search index ({exc}), rebuilt", True
            )
        if stored != fingerprint:
            return self._build(fingerprint, "the clause or ruling files changed")
        return IndexState(self.path, rebuilt=False)

    def _copy_prebuilt(self, fingerprint: str) -> bool:
        """Copy the shipped index into the cache if it was built from these very files."""
        if self.prebuilt is None or not self.prebuilt.is_file():
            return False
        try:
            if self._stored_fingerprint(self.prebuilt) != fingerprint:
                return False
        except sqlite3.DatabaseError:
            return False
        import shutil
        import tempfile

        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".rules-search-", suffix=".db", dir=self.path.parent)
        os.close(fd)
        try:
            shutil.copyfile(self.prebuilt, tmp)
            os.replace(tmp, self.path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        return True

    def rebuild(self, reason: str, corrupt: bool = False) -> IndexState:
        """Build the index again whatever its state (after a read failed half-way)."""
        state = self._build(self.fingerprint(), reason, corrupt)
        self._checked = self._stamp()
        return state

    def _rows(self) -> list[dict[str, Any]]:
        from referee.ruleset.rulings import load_register

        clauses = self.clause_loader(self.data)
        rows = [row for clause in clauses.values() for row in _clause_rows(clause)]
        folder = rulings_folder(self.data)
        if folder.is_dir():
            rows += [_ruling_row(r, clauses) for r in load_register(folder).values()]
        return rows

    def _build(self, fingerprint: str, reason: str, corrupt: bool = False) -> IndexState:
        import tempfile

        rows = self._rows()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".rules-search-", suffix=".db", dir=self.path.parent)
        os.close(fd)
        try:
            from sqlite_utils import Database  # building only: it takes a tenth of a second

            with closing(sqlite3.connect(tmp)) as conn:
                db = Database(conn)
                meta = db.table("meta")
                meta.insert_all(
                    [
                        {"key": "fingerprint", "value": fingerprint},
                        {"key": "schema", "value": str(SCHEMA_VERSION)},
                        {"key": "data", "value": str(self.data)},
                    ],
                    pk="key",
                )
                entries = db.table("entries")
                entries.create(
                    {
                        "id": str,
                        "kind": str,
                        "common": int,
                        "title": str,
                        "section": str,
                        "editions": str,
                        "keywords": str,
                        "ident": str,
                        "body": str,
                        "source": str,
                        "all_editions": str,
                        "speaks_for": str,
                        "keyword_list": str,
                        "title_key": str,
                        "keyword_keys": str,
                    }
                )
                entries.insert_all(rows)
                entries.enable_fts(list(COLUMNS), tokenize="porter", create_triggers=True)
                db.table("vocabulary").insert_all(_vocabulary(rows), pk="word")
                conn.commit()
            os.replace(tmp, self.path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        return IndexState(self.path, rebuilt=True, reason=reason, corrupt=corrupt)

    @contextmanager
    def reader(self, weights: tuple[float, ...] | None = None) -> Iterator[IndexReader]:
        """The index opened for searching (Python's own sqlite3 is enough to search, and
        sqlite-utils' import would be most of a search's time); ``weights``: other bm25
        weights of its columns than WEIGHTS (to measure them)."""
        with closing(sqlite3.connect(self.path)) as conn:
            yield IndexReader(conn, weights or WEIGHTS)


class IndexReader:
    """One open catalogue index, searched part by part (a :class:`~referee.catalogue.
    ranking.Source`)."""

    name = "catalogue"

    def __init__(self, conn: sqlite3.Connection, weights: tuple[float, ...] = ()) -> None:
        self.conn = conn
        self.weights = ", ".join(map(str, weights or WEIGHTS))
        self._size: int | None = None

    def size(self) -> int:
        if self._size is None:
            self._size = int(self.conn.execute("SELECT count(*) FROM entries").fetchone()[0])
        return self._size

    def term_scores(self, term: str) -> dict[int, float]:
        rows = self.conn.execute(
            f"SELECT rowid, bm25(entries_fts, {self.weights}) FROM entries_fts "
            "WHERE entries_fts MATCH ?",
            (term,),
        )
        return {rowid: -rank for rowid, rank in rows}

    def title_rows(self, term: str) -> set[int]:
        """The rows whose title holds one FTS5 string."""
        rows = self.conn.execute(
            "SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?", (f"{{title}} : {term}",)
        )
        return {r[0] for r in rows}

    def candidates(self, rows: Collection[int], edition: str | None) -> dict[int, Candidate]:
        found: dict[int, Candidate] = {}
        marks = ",".join("?" * len(rows))
        for rowid, kind, eid, title, editions, common, speaks_for, key, keys in self.conn.execute(
            "SELECT rowid, kind, id, title, editions, common, speaks_for, title_key, "
            f"keyword_keys FROM entries WHERE rowid IN ({marks})",
            tuple(rows),
        ):
            own, speaks = tuple(editions.split()), tuple(speaks_for.split())
            if edition is not None and (common or edition not in (own or speaks or (edition,))):
                continue  # a wording, or a ruling (of the clauses it cites), of other editions
            found[rowid] = Candidate(
                (self.name, rowid),
                kind,
                eid,
                title,
                tuple(key.split()),
                tuple(tuple(k.split()) for k in keys.splitlines()),
                own,
                speaks,
            )
        return found

    def details(self, rows: Collection[int], expression: str) -> dict[int, dict[str, Any]]:
        """What a hit shows of each row: the title and a snippet with the words of
        ``expression`` marked, the section, editions and source."""
        marks = ",".join("?" * len(rows))
        sql = f"""
            SELECT e.rowid AS rowid, e.title, e.section, e.editions, e.all_editions, e.source,
                   highlight(entries_fts, 0, ?, ?) AS marked_title,
                   snippet(entries_fts, 3, ?, ?, '…', {SNIPPET_TOKENS}) AS marked_snippet
            FROM entries_fts JOIN entries e ON e.rowid = entries_fts.rowid
            WHERE entries_fts MATCH ? AND e.rowid IN ({marks})
        """
        cursor = self.conn.execute(
            sql, (MARK_OPEN, MARK_CLOSE, MARK_OPEN, MARK_CLOSE, expression, *rows)
        )
        names = [c[0] for c in cursor.description]
        return {row[0]: dict(zip(names, row, strict=True)) for row in cursor}

    def known_words(self, words: Collection[str]) -> dict[str, int]:
        """Which of ``words`` the index has, with the number of entries using each."""
        marks = ",".join("?" * len(words))
        rows = self.conn.execute(
            f"SELECT word, entries FROM vocabulary WHERE word IN ({marks})", tuple(words)
        )
        return {w: int(n) for w, n in rows}


def known_editions(data: Path) -> list[str]:
    """The ruleset ids of a data folder: what ``--edition`` accepts."""
    root = data / "rulesets"
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "ruleset.toml").is_file())


class UnknownEdition(RefereeError):
    pass

"""The referee's own rulebooks (house rules, newer drafts), imported for search.

They live in a user database that no rebuild of the catalogue index ever touches:
``imports.db`` in the user data folder (:func:`referee.paths.imports_db_path`:
``$REFEREE_HOME/imports.db``, else ``~/.local/share/referee/imports.db`` on Linux). Each
import is a named book: the file's name, the date of the import and its passages (see
:mod:`referee.catalogue.passages`). Importing under a name already used replaces that book.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Collection, Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from referee.catalogue.fts_query import title_key
from referee.catalogue.marks import MARK_CLOSE, MARK_OPEN
from referee.catalogue.passages import Passage, split_passages
from referee.catalogue.ranking import Candidate
from referee.errors import FileKindError, RefereeError, read_bounded
from referee.limits import IMPORT_MAX_BYTES
from referee.paths import imports_db_path

if TYPE_CHECKING:
    from sqlite_utils import Database

SCHEMA_VERSION = 1
WEIGHTS = (10.0, 3.0, 1.0)  # bm25 weights of heading, section, text
SNIPPET_TOKENS = 16


class ImportsDbError(RefereeError):
    """The imports database cannot be read; it is never deleted or replaced for that."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        super().__init__(
            f"{path}: {problem}; your imported rulebooks are kept in this file, so it was "
            "left untouched (move it away to start a new one)"
        )


class RulebookImportError(RefereeError):
    """A file that cannot be imported, or a name with no import; names the file or name."""


def slug(text: str) -> str:
    """Lower-case words joined by hyphens: "House Rules v2.md" -> "house-rules-v2-md"."""
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")


class ImportedBook(msgspec.Struct, frozen=True):
    name: str
    source: str
    path: str
    imported_at: str
    edition: str | None
    passages: int

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "path": self.path,
            "imported_at": self.imported_at,
            "edition": self.edition,
            "passages": self.passages,
        }


class ImportedPassage(msgspec.Struct, frozen=True):
    id: str
    book: ImportedBook
    heading: str
    section: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "imported",
            "id": self.id,
            "title": self.heading,
            "section": self.section,
            "text": self.text,
            "name": self.book.name,
            "source": self.book.source,
            "imported_at": self.book.imported_at,
            "edition": self.book.edition,
        }


def read_rulebook(path: Path) -> str:
    """The text of a Markdown or text file (UTF-8, else Latin-1); refuses binary files, files
    over the limit and anything that is not a regular file."""
    try:  # a regular file of at most IMPORT_MAX_BYTES: never /dev/zero or a pipe
        data = read_bounded(path, IMPORT_MAX_BYTES, "rulebook")
    except FileKindError as exc:
        raise RulebookImportError(str(exc)) from None
    if b"\x00" in data:
        raise RulebookImportError(f"{path}: not a text file (Markdown or plain text expected)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if not text.strip():
        raise RulebookImportError(f"{path}: the file has no text to import")
    return text


def _passage_ids(name: str, passages: list[Passage]) -> list[str]:
    ids: list[str] = []
    for n, passage in enumerate(passages, start=1):
        base = f"{name}:{slug(passage.heading) or n}"
        candidate, k = base, 2
        while candidate in ids:
            candidate, k = f"{base}-{k}", k + 1
        ids.append(candidate)
    return ids


class ImportsDb:
    """The imports database at ``path`` (default :func:`imports_db_path`)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or imports_db_path()

    @contextmanager
    def _open(self) -> Iterator[Database]:
        from sqlite_utils import Database  # only when a book was imported: it is slow to load

        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(self.path)) as conn:
            try:
                db = Database(conn)
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version == 0 and not db.table("books").exists():
                    self._create(db)
                elif version != SCHEMA_VERSION:
                    raise ImportsDbError(self.path, f"unknown format version {version}")
                yield db
            except sqlite3.OperationalError as exc:
                raise ImportsDbError(self.path, f"cannot be used ({exc})") from None
            except sqlite3.DatabaseError as exc:
                raise ImportsDbError(self.path, f"not a readable SQLite database ({exc})") from None

    @staticmethod
    def _create(db: Database) -> None:
        db.table("books").create(
            {
                "name": str,
                "source": str,
                "path": str,
                "imported_at": str,
                "edition": str,
                "passages": int,
            },
            pk="name",
        )
        passages = db.table("passages")
        passages.create(
            {"id": str, "name": str, "position": int, "heading": str, "section": str, "text": str},
            pk="id",
        )
        passages.create_index(["name"])
        passages.enable_fts(["heading", "section", "text"], tokenize="porter", create_triggers=True)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def import_text(
        self,
        path: Path,
        name: str | None = None,
        edition: str | None = None,
        now: datetime | None = None,
    ) -> ImportedBook:
        """Import a Markdown or text file as the book ``name`` (default: the file's name)."""
        chosen = slug(name if name is not None else path.stem)
        if not chosen:
            raise RulebookImportError(f"--name {name!r}: give a name with letters or digits")
        passages = split_passages(read_rulebook(path))
        when = (now or datetime.now().astimezone()).isoformat(timespec="seconds")
        book = ImportedBook(chosen, path.name, str(path.resolve()), when, edition, len(passages))
        rows = [
            {
                "id": pid,
                "name": chosen,
                "position": n,
                "heading": p.heading,
                "section": p.section,
                "text": p.text,
            }
            for n, (pid, p) in enumerate(zip(_passage_ids(chosen, passages), passages, strict=True))
        ]
        with self._open() as db, db.conn:
            db.execute("DELETE FROM passages WHERE name = ?", [chosen])
            db.execute("DELETE FROM books WHERE name = ?", [chosen])
            db.table("books").insert(book.to_json())
            db.table("passages").insert_all(rows)
        return book

    def _book(self, row: dict[str, Any]) -> ImportedBook:
        return ImportedBook(
            row["name"],
            row["source"],
            row["path"],
            row["imported_at"],
            row["edition"],
            row["passages"],
        )

    def books(self) -> list[ImportedBook]:
        """Every imported book, by name; none when nothing was ever imported."""
        if not self.path.exists():
            return []
        with self._open() as db:
            return [self._book(r) for r in db.query("SELECT * FROM books ORDER BY name")]

    def forget(self, name: str) -> ImportedBook:
        """Remove the book ``name`` and its passages."""
        for book in self.books():
            if book.name == slug(name):
                with self._open() as db, db.conn:
                    db.execute("DELETE FROM passages WHERE name = ?", [book.name])
                    db.execute("DELETE FROM books WHERE name = ?", [book.name])
                return book
        known = ", ".join(b.name for b in self.books()) or "none"
        raise RulebookImportError(f"no imported rulebook named {name!r} (imported: {known})")

    def passage(self, passage_id: str) -> ImportedPassage | None:
        if not self.path.exists():
            return None
        with self._open() as db:
            rows = list(
                db.query(
                    "SELECT p.*, b.source, b.path, b.imported_at, b.edition, b.passages "
                    "FROM passages p JOIN books b ON b.name = p.name WHERE p.id = ?",
                    [passage_id],
                )
            )
        if not rows:
            return None
        row = rows[0]
        return ImportedPassage(
            row["id"], self._book(row), row["heading"], row["section"], row["text"]
        )

    @contextmanager
    def reader(self) -> Iterator[ImportsReader | None]:
        """The imported passages opened for searching, or None when nothing was imported.
        Only Python's own sqlite3 (sqlite-utils is slow to load); read only."""
        if not self.path.exists():
            yield None
            return
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise ImportsDbError(self.path, f"cannot be opened ({exc})") from None
        with closing(conn):
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version == 0:
                    yield None  # created, never written: nothing imported
                    return
                if version != SCHEMA_VERSION:
                    raise ImportsDbError(self.path, f"unknown format version {version}")
                yield ImportsReader(conn, self.path)
            except sqlite3.OperationalError as exc:
                raise ImportsDbError(self.path, f"cannot be used ({exc})") from None
            except sqlite3.DatabaseError as exc:
                raise ImportsDbError(self.path, f"not a readable SQLite database ({exc})") from None


class ImportsReader:
    """The imported passages, searched part by part (a :class:`~referee.catalogue.ranking.
    Source`); an untagged book counts for every edition."""

    name = "imported"

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._size: int | None = None

    def size(self) -> int:
        if self._size is None:
            self._size = int(self.conn.execute("SELECT count(*) FROM passages").fetchone()[0])
        return self._size

    def term_scores(self, term: str) -> dict[int, float]:
        weights = ", ".join(map(str, WEIGHTS))
        rows = self.conn.execute(
            f"SELECT rowid, bm25(passages_fts, {weights}) FROM passages_fts "
            "WHERE passages_fts MATCH ?",
            (term,),
        )
        return {rowid: -rank for rowid, rank in rows}

    def title_rows(self, term: str) -> set[int]:
        """The passages whose heading holds one FTS5 string."""
        rows = self.conn.execute(
            "SELECT rowid FROM passages_fts WHERE passages_fts MATCH ?", (f"{{heading}} : {term}",)
        )
        return {r[0] for r in rows}

    def candidates(self, rows: Collection[int], edition: str | None) -> dict[int, Candidate]:
        marks = ",".join("?" * len(rows))
        found: dict[int, Candidate] = {}
        for rowid, pid, heading, book_edition in self.conn.execute(
            "SELECT p.rowid, p.id, p.heading, b.edition FROM passages p "
            f"JOIN books b ON b.name = p.name WHERE p.rowid IN ({marks})",
            tuple(rows),
        ):
            if edition is not None and book_edition and book_edition != edition:
                continue
            own = (book_edition,) if book_edition else ()
            found[rowid] = Candidate(
                (self.name, rowid), "imported", pid, heading, title_key(heading), (), own, own
            )
        return found

    def details(self, rows: Collection[int], expression: str) -> dict[int, dict[str, Any]]:
        """What a hit shows of each passage (see :meth:`IndexReader.details`)."""
        marks = ",".join("?" * len(rows))
        sql = f"""
            SELECT p.rowid AS rowid, p.heading AS title, p.section, b.source, b.imported_at,
                   b.edition AS editions, b.edition AS all_editions,
                   highlight(passages_fts, 0, ?, ?) AS marked_title,
                   snippet(passages_fts, 2, ?, ?, '…', {SNIPPET_TOKENS}) AS marked_snippet
            FROM passages_fts JOIN passages p ON p.rowid = passages_fts.rowid
            JOIN books b ON b.name = p.name
            WHERE passages_fts MATCH ? AND p.rowid IN ({marks})
        """
        cursor = self.conn.execute(
            sql, (MARK_OPEN, MARK_CLOSE, MARK_OPEN, MARK_CLOSE, expression, *rows)
        )
        names = [c[0] for c in cursor.description]
        out = {}
        for row in cursor:
            d = dict(zip(names, row, strict=True))
            d["editions"] = d["editions"] or ""
            d["all_editions"] = d["all_editions"] or ""
            out[row[0]] = d
        return out

    def known_words(self, words: Collection[str]) -> dict[str, int]:
        return {}

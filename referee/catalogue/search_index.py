"""Full-text search over the clause catalogue, the rulings register and imported rulebooks.

The catalogue index is an SQLite FTS5 database (porter stemming) in the cache folder,
``<cache_dir>/rules-search.db``. It holds one row per clause *wording* (a clause whose
editions word it alike has one row carrying all of them) and one per ruling, and records a
fingerprint of the data files it was built from: when a clause or ruling file changes, or
the file is unreadable, the index is rebuilt. The fingerprint is of the files' content, not of
where they are, so the built app ships an index made at build time
(:func:`referee.paths.prebuilt_dir`) that is copied into the cache at the first search instead
of being built then. Imported rulebooks live apart
(:mod:`referee.catalogue.imports_db`) and are searched beside it.

Ranking: a hit whose title is what was typed comes first, then hits whose title matched,
then the rest, each by bm25 with the title weighing most.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Collection, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.catalogue.clause_source import (
    ClauseLike,
    ClauseLoader,
    clauses_folder,
    load_clauses,
    wordings,
)
from referee.catalogue.fts_query import FtsQuery, build_query
from referee.catalogue.hits import KINDS, MARK_CLOSE, MARK_OPEN, Hit, Kind, title_tier
from referee.catalogue.imports_db import ImportsDb
from referee.catalogue.synonyms import synonyms
from referee.errors import RefereeError, at_most
from referee.limits import QUERY_MAX_CHARS, QUERY_MAX_WORDS
from referee.paths import cache_dir, data_dir, prebuilt_dir
from referee.ruleset.rulings import Ruling, load_register

SCHEMA_VERSION = 2
INDEX_FILE = "rules-search.db"
COLUMNS = ("title", "keywords", "ident", "body")
WEIGHTS = (10.0, 4.0, 3.0, 1.0)  # bm25 weight of each column of COLUMNS
SNIPPET_TOKENS = 16


@dataclass(frozen=True)
class IndexState:
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
    rows = []
    for editions, text in wordings(clause):
        sources = [clause.source[e] for e in editions if e in clause.source]
        rows.append(
            {
                "id": clause.id,
                "kind": "clause",
                "title": clause.title,
                "section": clause.section,
                "editions": " ".join(e for e in editions if e),
                "keywords": " ".join([*clause.keywords, clause.section]),
                "ident": _ident(clause.id),
                "body": text,
                "source": "; ".join(dict.fromkeys(sources)),
                "all_editions": " ".join(clause.editions),
                "keyword_list": "\n".join(clause.keywords),
            }
        )
    return rows


def _ruling_row(ruling: Ruling) -> dict[str, Any]:
    readings = "\n".join(
        f"{o.id}{' (default)' if o.id == ruling.default else ''}: {o.reading}"
        for o in ruling.options
    )
    return {
        "id": ruling.id,
        "kind": "ruling",
        "title": ruling.title,
        "section": "",
        "editions": "",
        "keywords": " ".join([*ruling.clauses, *(o.id for o in ruling.options)]),
        "ident": _ident(ruling.id),
        "body": f"{ruling.unclear}\n{readings}\n"
        f'switch: [rulings] "{ruling.id}" = "<option>", --ruling {ruling.id}=<option>',
        "source": ruling.source.name,
        "all_editions": "",
        "keyword_list": "",
    }


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

    def ensure(self) -> IndexState:
        """Rebuild the index when missing, built from other data files, or unreadable."""
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
        return self._build(self.fingerprint(), reason, corrupt)

    def _rows(self) -> list[dict[str, Any]]:
        clauses = self.clause_loader(self.data)
        rows = [row for clause in clauses.values() for row in _clause_rows(clause)]
        folder = rulings_folder(self.data)
        if folder.is_dir():
            rows += [_ruling_row(r) for r in load_register(folder).values()]
        return rows

    def _build(self, fingerprint: str, reason: str, corrupt: bool = False) -> IndexState:
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
                        "title": str,
                        "section": str,
                        "editions": str,
                        "keywords": str,
                        "ident": str,
                        "body": str,
                        "source": str,
                        "all_editions": str,
                        "keyword_list": str,
                    }
                )
                entries.insert_all(rows)
                entries.enable_fts(list(COLUMNS), tokenize="porter", create_triggers=True)
                conn.commit()
            os.replace(tmp, self.path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        return IndexState(self.path, rebuilt=True, reason=reason, corrupt=corrupt)

    @contextmanager
    def _open(self) -> Iterator[sqlite3.Connection]:
        """The index for reading: rows by column name (Python's own sqlite3 is enough to
        search, and sqlite-utils' import would be most of a search's time)."""
        with closing(sqlite3.connect(self.path)) as conn:
            conn.row_factory = sqlite3.Row
            yield conn

    def search(self, query: FtsQuery, expression: str, edition: str | None) -> list[Hit]:
        """Clauses (of ``edition`` if given) and rulings matching ``expression``."""
        if query.empty:
            return []
        weights = ", ".join(map(str, WEIGHTS))
        sql = f"""
            SELECT e.id, e.kind, e.title, e.section, e.editions, e.all_editions, e.source,
                   e.keyword_list,
                   bm25(entries_fts, {weights}) AS rank,
                   highlight(entries_fts, 0, :open, :close) AS marked_title,
                   snippet(entries_fts, 3, :open, :close, '…', {SNIPPET_TOKENS})
                       AS marked_snippet
            FROM entries_fts JOIN entries e ON e.rowid = entries_fts.rowid
            WHERE entries_fts MATCH :match
              AND (:edition IS NULL OR e.editions = ''
                   OR instr(' ' || e.editions || ' ', ' ' || :edition || ' ') > 0)
        """
        params = {"open": MARK_OPEN, "close": MARK_CLOSE, "edition": edition}
        with self._open() as db:
            rows = list(db.execute(sql, params | {"match": expression}))
            title_match = query.in_columns(("title",), expression)
            in_title = {
                (r["id"], r["editions"]) for r in db.execute(sql, params | {"match": title_match})
            }
        hits = []
        for r in rows:
            editions = tuple(r["editions"].split())
            order = r["all_editions"].split()
            kind: Kind = "clause" if r["kind"] == "clause" else "ruling"
            hits.append(
                Hit(
                    id=r["id"],
                    kind=kind,
                    title=r["title"],
                    marked_title=r["marked_title"],
                    marked_snippet=r["marked_snippet"],
                    editions=editions,
                    edition=edition if edition in editions else next(iter(editions), None),
                    edition_order=tuple(order),
                    section=r["section"],
                    source=r["source"],
                    imported_at=None,
                    tier=title_tier(
                        query,
                        r["title"],
                        (r["id"], r["editions"]) in in_title,
                        r["keyword_list"].splitlines(),
                    ),
                    rank=r["rank"],
                )
            )
        return hits


def known_editions(data: Path) -> list[str]:
    """The ruleset ids of a data folder: what ``--edition`` accepts."""
    root = data / "rulesets"
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "ruleset.toml").is_file())


class UnknownEdition(RefereeError):
    pass


@dataclass(frozen=True)
class SearchResult:
    """The hits, best first, and what happened to the index on the way."""

    query: str
    hits: tuple[Hit, ...]
    index: IndexState
    matched_all: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"hits": [h.to_json() for h in self.hits]}


def _best_per_entry(hits: list[Hit], edition: str | None) -> list[Hit]:
    """One hit per entry: its best row, naming every edition whose wording matched."""
    best: dict[tuple[str, str], Hit] = {}
    for hit in sorted(hits, key=Hit.sort_key):
        key = (hit.kind, hit.id)
        best[key] = best[key].with_editions(hit.editions, edition) if key in best else hit
    return list(best.values())


def search(
    text: str,
    *,
    edition: str | None = None,
    kinds: Collection[Kind] = KINDS,
    limit: int | None = 20,
    index: CatalogueIndex | None = None,
    imports: ImportsDb | None = None,
) -> SearchResult:
    """Search the catalogue and the imported rulebooks; best hit first, one per entry.

    Every word must match (a synonym counts as its word); if nothing matches them all,
    any word may match and ``matched_all`` is False.
    """
    index = index or CatalogueIndex()
    if edition is not None and edition not in known_editions(index.data):
        known = ", ".join(known_editions(index.data))
        raise UnknownEdition(f"--edition {edition!r}: no such edition (known: {known})")
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise UnknownEdition(f"--kind {sorted(unknown)[0]!r}: expected one of {', '.join(KINDS)}")
    at_most("query length in characters", len(text), QUERY_MAX_CHARS)
    at_most("query length in words", len(text.split()), QUERY_MAX_WORDS)
    query = build_query(text, synonyms(index.data))
    state = index.ensure() if {"clause", "ruling"} & set(kinds) else IndexState(index.path, False)
    imports = imports or ImportsDb()

    def catalogue_hits(expression: str) -> list[Hit]:
        nonlocal state
        try:
            return index.search(query, expression, edition)
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "fts5" in str(exc):
                raise  # a query the escaping should have prevented: a bug, not a bad file
            state = index.rebuild(f"{index.path}: unreadable search index ({exc}), rebuilt", True)
            return index.search(query, expression, edition)

    def run(expression: str) -> list[Hit]:
        found: list[Hit] = []
        if {"clause", "ruling"} & set(kinds):
            found += [h for h in catalogue_hits(expression) if h.kind in kinds]
        if "imported" in kinds:
            found += imports.search(query, expression, edition)
        return _best_per_entry(found, edition)

    hits = run(query.match_all()) if not query.empty else []
    matched_all = True
    if not hits and len(query.groups) > 1:
        hits, matched_all = run(query.match_any()), False
    return SearchResult(text, tuple(hits[:limit] if limit else hits), state, matched_all)

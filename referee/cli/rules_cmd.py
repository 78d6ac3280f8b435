"""``referee rules``: search the rules, show a clause or ruling whole, import a rulebook.

referee rules search "QUERY" [--edition E] [--context E | --match FILE] [--kind K] [--limit N]
    [--json]
referee rules show ID [--json]
referee rules import FILE [--name NAME] [--edition E] [--json]
referee rules imports [--json]
referee rules forget NAME [--json]
referee rules check [RULESET...] [--json]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.catalogue.hits import Hit
    from referee.catalogue.imports_db import ImportedBook, ImportedPassage
    from referee.catalogue.lookup import ClauseDetail, Reference, RulingDetail
    from referee.catalogue.rules_search import SearchResult

BOLD, PLAIN = "\x1b[1m", "\x1b[0m"
MAX_WIDTH = 120
MIN_COLUMN = 28


def add_parser(sub: Any) -> None:
    p = sub.add_parser("rules", help="search the rules, show a clause or ruling, import a rulebook")
    rsub = p.add_subparsers(dest="rules_command", metavar="ACTION")

    s = rsub.add_parser("search", help="full-text search over clauses, rulings and imports")
    s.add_argument("query", metavar="QUERY", help='words or "a phrase"; synonyms count (LOS)')
    s.add_argument(
        "--edition",
        help="only clauses and rulings of this edition (current, first-draft, ...); a clause "
        "or ruling id typed exactly shows whatever its edition",
    )
    asker = s.add_mutually_exclusive_group()
    asker.add_argument(
        "--context",
        metavar="EDITION",
        help="the game and edition you play: its rules rank first (default: current; a "
        "question naming another, 'in the activation game', is about that one)",
    )
    asker.add_argument(
        "--match", metavar="FILE", help="ask as in this match: its edition is the context"
    )
    s.add_argument(
        "--kind",
        action="append",
        choices=("clause", "ruling", "imported"),
        help="only hits of this kind (repeat for several)",
    )
    s.add_argument("--limit", type=int, default=10, help="at most N hits (default 10; 0 = all)")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.set_defaults(run=run_search)

    show = rsub.add_parser("show", help="a clause or ruling whole, with its other editions")
    show.add_argument("id", metavar="ID", help="a clause, ruling or imported passage id")
    show.add_argument("--json", action="store_true", help="print JSON")
    show.set_defaults(run=run_show)

    imp = rsub.add_parser("import", help="import your own rulebook (Markdown or text) for search")
    imp.add_argument("file", metavar="FILE", help="a .md or .txt file")
    imp.add_argument("--name", help="name of the import (default: the file's name)")
    imp.add_argument("--edition", help="tag the passages with an edition (default: none)")
    imp.add_argument("--json", action="store_true", help="print JSON")
    imp.set_defaults(run=run_import)

    lst = rsub.add_parser("imports", help="list the imported rulebooks")
    lst.add_argument("--json", action="store_true", help="print JSON")
    lst.set_defaults(run=run_imports)

    forget = rsub.add_parser("forget", help="remove an imported rulebook")
    forget.add_argument("name", metavar="NAME")
    forget.add_argument("--json", action="store_true", help="print JSON")
    forget.set_defaults(run=run_forget)

    check = rsub.add_parser(
        "check",
        help="read every table of the shipped rulesets (and their kept versions) now, "
        "naming every problem of every file",
    )
    check.add_argument(
        "ruleset",
        metavar="RULESET",
        nargs="*",
        help="only these rulesets (default: every shipped one)",
    )
    check.add_argument("--json", action="store_true", help="print JSON")
    check.set_defaults(run=run_check)


def _marks() -> tuple[str, str]:
    """ANSI bold on a terminal (unless NO_COLOR is set), else [brackets]."""
    if sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        return BOLD, PLAIN
    return "[", "]"


def _width() -> int:
    return min(shutil.get_terminal_size((100, 24)).columns, MAX_WIDTH)


def _wrap(text: str, indent: str = "  ", width: int | None = None) -> list[str]:
    width = width or _width()
    lines: list[str] = []
    for para in text.splitlines() or [""]:
        lines += textwrap.wrap(
            para, width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False
        ) or [""]
    return lines


def _where(hit: Hit) -> str:
    if hit.kind == "imported":
        return f"imported from {hit.source} on {(hit.imported_at or '')[:10]}"

    parts: list[str] = [hit.kind]
    if hit.editions:
        parts.append(", ".join(hit.editions))
    parts.append(hit.section if hit.kind == "clause" else hit.source)
    return " · ".join(p for p in parts if p)


DEFAULT_CONTEXT = "current"
"""The edition assumed when neither --context nor --match says: the product's own."""


def _context(args: argparse.Namespace) -> tuple[str | None, str]:
    """The edition the asker plays, and why: --context, --match's ruleset, else current."""
    if args.context is not None:
        return args.context, "the edition given (--context)"
    if args.match is not None:
        from referee.match.games.systems import open_match

        match = open_match(args.match)
        try:
            return str(match.meta["ruleset"]), f"the match's ({args.match})"
        finally:
            match.close()
    from referee.catalogue.search_index import known_editions
    from referee.paths import data_dir

    if DEFAULT_CONTEXT in known_editions(data_dir()):
        return DEFAULT_CONTEXT, "no match given: the current edition (--context to change)"
    return None, "no edition given: every edition alike"


def _reading(result: Any) -> str:
    """What the search read: the words searched, those dropped and corrected, the mode."""
    parts = [f"searched: {', '.join(result.searched) or '-'}"]
    if result.dropped:
        parts.append(f"left out: {', '.join(result.dropped)}")
    for c in result.corrections:
        parts.append(f"read {c.typed!r} as {c.read!r}")
    parts.append(
        {
            "all words": "the best hit has every word",
            "any word": "no entry has every word: ranked by the words each has",
            "fuzzy": "a word was read as the known word nearest it",
        }[result.mode]
    )
    edition = result.assumed.edition
    parts.append(f"assumed {edition or 'no edition'}: {result.assumed.reason}")
    return "(" + "; ".join(parts) + ")"


def _elsewhere(edition: str | None, result: SearchResult) -> str:
    """After "no match": the entries of other editions that --edition kept out, if any."""
    n = result.other_editions
    if not n:
        return ""
    entries = (
        "1 entry of other editions matches" if n == 1 else f"{n} entries of other editions match"
    )
    return f" in the {edition} edition ({entries}: search without --edition)"


def run_search(args: argparse.Namespace) -> int:
    from referee.catalogue.hits import KINDS
    from referee.catalogue.rules_search import search
    from referee.cli.main import CommandError
    from referee.cli.output import print_json

    if args.limit < 0:
        raise CommandError(f"--limit {args.limit}: expected 0 (all) or more")
    context, why = _context(args)
    result = search(
        args.query,
        edition=args.edition,
        context=context,
        context_reason=why,
        kinds=args.kind or KINDS,
        limit=args.limit or None,
    )
    if result.index.corrupt:
        print(f"referee: {result.index.reason}", file=sys.stderr)
    if args.json:
        print_json(result.to_json())
        return 0
    if not result.hits:
        print(f"no match for {args.query!r}{_elsewhere(result.assumed.edition, result)}")
        return 0
    opening, closing = _marks()
    for n, hit in enumerate(result.hits, start=1):
        print(f"{n}. {hit.id}  {hit.title}  ({_where(hit)})")
        for line in _wrap(hit.snippet(opening, closing), "   "):
            print(line)
        for line in _wrap(f"why: {hit.reason()} (score {hit.score:g})", "   "):
            print(line)
    for line in _wrap(_reading(result), ""):
        print(line)
    return 0


def _side_by_side(columns: list[tuple[str, str]]) -> list[str]:
    """The editions' wordings in columns when they fit, else one after another."""
    width = _width()
    gap = 3
    col = (width - gap * (len(columns) - 1)) // max(len(columns), 1)
    if len(columns) < 2 or col < MIN_COLUMN:
        out: list[str] = []
        for head, text in columns:
            out += [f"{head}:", *_wrap(text)]
        return out
    wrapped = [[head, "-" * len(head), *_wrap(text, "", col)] for head, text in columns]
    depth = max(len(w) for w in wrapped)
    return [
        (" " * gap).join((w[i] if i < len(w) else "").ljust(col) for w in wrapped).rstrip()
        for i in range(depth)
    ]


def _ref(ref: Reference) -> str:
    return f"{ref.id} ({ref.title})" if ref.title else f"{ref.id} (no such clause)"


def _labelled(label: str, items: list[str], sep: str = ", ") -> None:
    """``Label: a, b, c`` wrapped to the terminal, continuation lines indented."""
    text = f"{label}: " + sep.join(items)
    print("\n".join(textwrap.wrap(text, _width(), subsequent_indent="  ", break_on_hyphens=False)))


def _print_clause(detail: ClauseDetail) -> None:
    c = detail.clause
    print(f"{c.id} — {c.title}  (clause)")
    print(f"Section: {c.section} · editions: {', '.join(c.editions) or '-'}")
    texts = detail.editions_text()
    if len(set(texts.values())) <= 1:
        print(f"\nIn every edition ({', '.join(texts) or '-'}):")
        for line in _wrap(c.text):
            print(line)
    else:
        print()
        for line in _side_by_side(list(texts.items())):
            print(line)
    if c.difference:
        print("\nDifference:")
        for line in _wrap(c.difference):
            print(line)
    if c.source:
        print()
        _labelled("Source", [f"{e}: {s}" for e, s in c.source.items()], "; ")
    if detail.related:
        _labelled("Related", [_ref(r) for r in detail.related])
    if detail.rulings:
        print("Rulings citing it:")
        for r in detail.rulings:
            print(f"  {r.id} — {r.title}")


def _print_ruling(detail: RulingDetail) -> None:
    from referee.catalogue.lookup import switch_lines

    r = detail.ruling
    print(f"{r.id} — {r.title}  (ruling, {r.source.name})")
    if detail.clauses:
        _labelled("Clauses", [_ref(c) for c in detail.clauses])
    print("\nUnclear:")
    for line in _wrap(r.unclear):
        print(line)
    print("\nReadings:")
    for o in r.options:
        default = o.id == r.default
        lines = _wrap(f"{o.id}{' (default)' if default else ''}: {o.reading}", "    ")
        lines[0] = ("  * " if default else "    ") + lines[0][4:]
        print("\n".join(lines))
    if detail.rulesets:
        print("\nShipped rulesets:")
        for x in detail.rulesets:
            if not x.applies:  # a ruling of another game or edition
                print(f"  {x.ruleset}: does not apply (a ruling of {', '.join(detail.editions)})")
                continue
            how = "set in its ruleset.toml" if x.chosen else "the default"
            print(f"  {x.ruleset}: {x.option} ({how})")
    other = next((o.id for o in r.options if o.id != r.default), r.default)
    switch = switch_lines(r.id, other)
    print(f"\nTo take another reading (e.g. {other}):")
    print(f"  in the ruleset's ruleset.toml:  {switch['ruleset_toml']}")
    print(f"  for one command:                {switch['command_line']}")


def _print_passage(p: ImportedPassage) -> None:
    print(f"{p.id} — {p.heading}  (imported from {p.book.source}, {p.book.imported_at})")
    if p.section:
        print(f"Section: {p.section}")
    print()
    for line in _wrap(p.text):
        print(line)


def run_show(args: argparse.Namespace) -> int:
    from referee.catalogue.imports_db import ImportedPassage
    from referee.catalogue.lookup import ClauseDetail, RulingDetail, find_entries
    from referee.cli.output import print_json

    entries = find_entries(args.id)
    if args.json:
        data = [e.to_json() for e in entries]
        print_json(data[0] if len(data) == 1 else {"entries": data})
        return 0
    for n, entry in enumerate(entries):
        if n:
            print()
        if isinstance(entry, ClauseDetail):
            _print_clause(entry)
        elif isinstance(entry, RulingDetail):
            _print_ruling(entry)
        elif isinstance(entry, ImportedPassage):
            _print_passage(entry)
    return 0


def _book_line(book: ImportedBook) -> str:
    tag = f", edition {book.edition}" if book.edition else ""
    return (
        f"{book.name}: {book.passages} passages from {book.source}, "
        f"imported {book.imported_at}{tag}"
    )


def run_import(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.catalogue.imports_db import ImportsDb
    from referee.catalogue.search_index import known_editions
    from referee.cli.main import CommandError
    from referee.cli.output import print_json
    from referee.paths import data_dir

    known = known_editions(data_dir())
    if args.edition is not None and args.edition not in known:
        raise CommandError(
            f"--edition {args.edition!r}: no such edition (known: {', '.join(known)})"
        )
    db = ImportsDb()
    book = db.import_text(Path(args.file), name=args.name, edition=args.edition)
    if args.json:
        print_json(book.to_json())
    else:
        print(f"imported {_book_line(book)}")
        print(f"  kept in {db.path}")
    return 0


def run_imports(args: argparse.Namespace) -> int:
    from referee.catalogue.imports_db import ImportsDb
    from referee.cli.output import print_json

    db = ImportsDb()
    books = db.books()
    if args.json:
        print_json({"imports": [b.to_json() for b in books], "file": str(db.path)})
        return 0
    if not books:
        print(f"no imported rulebook (they would be kept in {db.path})")
    for book in books:
        print(_book_line(book))
    return 0


def run_forget(args: argparse.Namespace) -> int:
    from referee.catalogue.imports_db import ImportsDb
    from referee.cli.output import print_json

    book = ImportsDb().forget(args.name)
    if args.json:
        print_json({"forgotten": book.to_json()})
    else:
        print(f"forgot {book.name} ({book.passages} passages from {book.source})")
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Every table of each ruleset read now (a command reads only the tables it uses, when it
    first uses them): exit status 0 when all read, 1 with every problem named."""
    from referee.cli.output import print_json
    from referee.errors import RefereeError, one_line, whole_number
    from referee.paths import data_dir
    from referee.ruleset.shipped import available_rulesets, check_ruleset
    from referee.versions import HISTORY

    checked: list[dict[str, Any]] = []
    for rid in args.ruleset or available_rulesets():
        kept = sorted(
            (
                int(p.parent.name)
                for p in (data_dir() / "rulesets" / rid / HISTORY).glob("*/ruleset.toml")
                if whole_number(p.parent.name) is not None
            ),
            reverse=True,
        )
        for version in (None, *kept):
            entry: dict[str, Any] = {"ruleset": rid, "version": version}
            try:
                rules = check_ruleset(rid, version=version)
            except RefereeError as exc:
                entry.update(tables=[], problems=[one_line(exc)])
            else:
                entry.update(version=rules.version, tables=list(rules.tables), problems=[])
            checked.append(entry)
    ok = not any(e["problems"] for e in checked)
    if args.json:
        print_json({"ok": ok, "rulesets": checked})
        return 0 if ok else 1
    for e in checked:
        name = f"{e['ruleset']} version {e['version']}" if e["version"] else e["ruleset"]
        if e["problems"]:
            print(f"{name}: {'; '.join(e['problems'])}")
        else:
            print(f"{name}: {len(e['tables'])} tables read, no problem")
    return 0 if ok else 1

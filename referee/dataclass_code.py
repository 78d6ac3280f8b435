"""Dataclasses built quicker: the compiled code of their generated methods kept between runs.

**Why.** On Python 3.11 and 3.12, making a dataclass writes the source of each method it
generates (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, a frozen class's
``__setattr__`` and ``__delattr__``) and compiles it with ``exec``: about half a millisecond a
frozen class on the reference machine, and a command makes 90 (``referee shot``) to 260
(``referee match check``) of them, the largest single part of its start.
Python keeps the compiled code of modules (``__pycache__``) but not of these methods.

**What.** :func:`install` (run by ``referee/__init__.py``) keeps, in the user cache folder
(:func:`referee.paths.cache_dir`, ``dataclass-code/``), the code object ``compile`` gives for
each exact source text dataclasses generate, in one file per Python build (its version, and
the optimisation level), in one part per module of the classes, each part read only when
that module makes its first class (a command reads the code of the modules it imports). A
text found there gives the very code object that compiling it gives (marshal keeps code
objects exactly, as ``.pyc`` files do), so a class built through the cache is the class
plain dataclasses build (tests/test_dataclass_code.py compares them). Texts not found are
compiled as usual, and written with the others when the process ends.

**How.** dataclasses' ``_create_fn`` calls the built-in ``exec(text, globals, locals)``;
:func:`install` gives the dataclasses module a global named ``exec`` (:func:`_exec`) that
looks the text up first. It is installed only where ``dataclasses._create_fn`` has the shape
it was written against (the arguments and the ``exec`` call of 3.11 and 3.12, checked on the
function itself, not on the version number); Python 3.13 builds a class's methods otherwise
(no ``_create_fn``), and there dataclasses work as they are, uncached.

**String annotations.** dataclasses tell a ``ClassVar``, ``InitVar`` or ``KW_ONLY`` field
written as text (every module here has ``from __future__ import annotations``) by matching a
pattern against the text, two or three times a field (some 3,800 matches, about 2 ms, in a
``referee match check``). :func:`install` gives dataclasses the same pattern whose ``match``
remembers its answer for each text (:class:`_AnnotationMatches`): the very match object,
found again in a dict; the rest of the test (the names looked up in the class's module) runs
as before, every time.

**Never in the way.** The file is written to a temporary name and moved into place; a
missing, unreadable, truncated or damaged file (a checksum guards its index and each part),
or a folder that cannot be written, only means compiling as usual: nothing is raised and the
file is rebuilt next time. ``REFEREE_NO_CODE_CACHE=1`` switches the cache off (plain
dataclasses).

**Decision (issue 15).** Measured on the 2-core reference machine (CPU ms, medians of
fresh processes): the 208 dataclasses made by ``import referee.match.systems,
referee.cli.main`` cost about 115 ms plain and 27 ms through the cache (the rest of their
making: fields, defaults, slots), that import (after Python's start and dataclasses' own)
about 160 -> 70 ms. The alternatives: fewer classes at start (a ruleset imports a table's
parser only when it reads the table: done, :mod:`referee.ruleset.table_set`; the classes left
on a command's path are the ones its work uses), and fewer generated methods (``eq=False``,
``repr=False``: each method dropped saves its compile, about a sixth of a frozen class's, but
changes what the class does, class by class in modules every engineer edits). The cache keeps
every class exactly as written. Its price is the first run on an empty cache folder, which
compiles as before and writes the file: the benches report it (``*_cold_cpu_ms``).
"""

from __future__ import annotations

import builtins
import marshal
import os
import re
import sys
import zlib
from pathlib import Path
from types import CodeType
from typing import Any

FOLDER = "dataclass-code"
MAX_BYTES = 32 * 2**20
"""Past this size the file starts afresh with this process's own parts (it never grows
without bound, whatever classes a program makes)."""

_HEADER = f"referee dataclass code 2\n{sys.version}\n".encode()
_WORD = 4  # bytes of each length and checksum, little-endian

Part = dict[str, CodeType]
"""The code of one module's classes, by the exact text compiled."""

_ANNOTATION_START = r"^(?:\s*(\w+)\s*\.)?\s*(\w+)"
"""dataclasses' pattern for the module and name a string annotation starts with."""

_parts: dict[str, Part] = {}  # the parts read or made by this process, by module
_changed: set[str] = set()  # the modules whose part this process added to
_state: dict[str, Any] = {"file": None, "kept": None, "added": 0}


def expected_shape() -> bool:
    """Whether ``dataclasses._create_fn`` is the one this module was written against: its
    arguments ``(name, args, body, *, globals, locals, return_type)``, its call of the
    built-in ``exec``, and no ``exec`` of the module's own yet."""
    import dataclasses

    fn = getattr(dataclasses, "_create_fn", None)
    code = getattr(fn, "__code__", None)
    if not isinstance(code, CodeType):
        return False
    named = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    return (
        named == ("name", "args", "body", "globals", "locals", "return_type")
        and code.co_argcount == 3
        and "exec" in code.co_names
        and "exec" not in vars(dataclasses)
    )


def cache_file(folder: Path) -> Path:
    """The file of this Python build in the cache ``folder``."""
    tag = f"{sys.implementation.cache_tag}-{sys.hexversion:08x}-o{sys.flags.optimize}"
    return folder / FOLDER / f"{tag}.marshal"


def install() -> bool:
    """Build dataclasses through the cache from now on, in this process; False (and plain
    dataclasses) where this Python's dataclasses are not the expected shape, or when
    ``REFEREE_NO_CODE_CACHE`` is set."""
    import dataclasses

    if os.environ.get("REFEREE_NO_CODE_CACHE") or not expected_shape():
        return False
    from referee.paths import cache_dir

    try:
        file = cache_file(cache_dir())
    except (OSError, RuntimeError, ValueError):  # no home folder to find a cache folder in
        return False
    _state["file"] = file
    _state["kept"] = Kept.read(file)
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    _remember_annotation_matches(dataclasses)
    import atexit

    atexit.register(save)
    return True


def compiled() -> int:
    """How many texts this process compiled itself (found in no cache) since the last save."""
    return int(_state["added"])


def cache_file_in_use() -> Path | None:
    """The file this process reads and writes (None: the cache is not installed)."""
    file: Path | None = _state["file"]
    return file


def uninstall() -> None:
    """Plain dataclasses again (what was compiled stays in memory until :func:`save`)."""
    import dataclasses

    if vars(dataclasses).get("exec") is _exec:
        del dataclasses.exec  # type: ignore[attr-defined]
    remembered = vars(dataclasses).get("_MODULE_IDENTIFIER_RE")
    if isinstance(remembered, _AnnotationMatches):
        dataclasses._MODULE_IDENTIFIER_RE = remembered.pattern  # type: ignore[attr-defined]


class _AnnotationMatches:
    """dataclasses' pattern for the start of a string annotation (``_MODULE_IDENTIFIER_RE``,
    which ``_is_type`` matches against every string annotation, twice or three times a field,
    to tell a ``ClassVar``, ``InitVar`` or ``KW_ONLY``), its ``match`` remembering its answer
    for each text: the very match object the pattern gives (immutable), looked up in a dict.
    Only ``match`` is asked of it; the pattern itself is kept in ``pattern``."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        found: dict[str, re.Match[str] | None] = {}

        def match(text: str) -> re.Match[str] | None:
            try:
                return found[text]
            except KeyError:
                answer = found[text] = pattern.match(text)
                return answer

        self.match = match


def _remember_annotation_matches(dataclasses: Any) -> None:
    """Remember the matches of dataclasses' annotation pattern (:class:`_AnnotationMatches`)
    where it is the compiled pattern that ``_is_type`` of 3.11 and 3.12 matches with."""
    pattern = vars(dataclasses).get("_MODULE_IDENTIFIER_RE")
    if isinstance(pattern, re.Pattern) and pattern.pattern == _ANNOTATION_START:
        dataclasses._MODULE_IDENTIFIER_RE = _AnnotationMatches(pattern)


def _part(module: str) -> Part:
    part = _parts.get(module)
    if part is None:
        kept: Kept | None = _state["kept"]
        part = _parts[module] = kept.part(module) if kept is not None else {}
    return part


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` as dataclasses call it, with a generated method's text looked up first."""
    if type(source) is str and type(globals) is dict and type(locals) is dict:
        module = str(globals.get("__name__", ""))
        part = _part(module)
        code = part.get(source)
        if code is None:
            # dont_inherit: the flags of dataclasses' own exec (no future import), not this
            # module's (``from __future__ import annotations`` would turn the generated
            # ``-> return type`` annotations into strings)
            code = compile(source, "<string>", "exec", dont_inherit=True)
            part[source] = code
            _changed.add(module)
            _state["added"] += 1
        builtins.exec(code, globals, locals)
        return
    # anything else: exactly the built-in, in the caller's namespaces
    caller = sys._getframe(1)
    if globals is None:
        globals = caller.f_globals
        locals = caller.f_locals if locals is None else locals
    builtins.exec(source, globals, globals if locals is None else locals)


def _word(data: bytes, at: int) -> int:
    return int.from_bytes(data[at : at + _WORD], "little")


class Kept:
    """A cache file as read: its index (each module's part: where it starts, its length and
    checksum) and its bytes; a part is unpacked when first asked for."""

    def __init__(self, index: dict[str, tuple[int, int, int]], data: bytes, start: int) -> None:
        self.index = index
        self.data = data
        self.start = start

    @classmethod
    def read(cls, file: Path) -> Kept | None:
        """The file's index; None when it is missing, unreadable, of another Python build,
        or its index is damaged."""
        try:
            data = file.read_bytes()
        except OSError:
            return None
        at = len(_HEADER)
        if not data.startswith(_HEADER) or len(data) < at + 2 * _WORD:
            return None
        size, crc = _word(data, at), _word(data, at + _WORD)
        raw = data[at + 2 * _WORD : at + 2 * _WORD + size]
        if len(raw) != size or zlib.crc32(raw) != crc:
            return None
        try:
            index = marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            return None
        if not isinstance(index, dict) or not all(
            type(m) is str and type(v) is tuple and len(v) == 3 and all(type(n) is int for n in v)
            for m, v in index.items()
        ):
            return None
        return cls(index, data, at + 2 * _WORD + size)

    def blob(self, module: str) -> bytes | None:
        """The packed part of ``module`` as kept, None when it has none or it is damaged."""
        where = self.index.get(module)
        if where is None:
            return None
        offset, size, crc = where
        raw = self.data[self.start + offset : self.start + offset + size]
        return raw if len(raw) == size and zlib.crc32(raw) == crc else None

    def part(self, module: str) -> Part:
        """The part of ``module`` (empty when it has none or it is damaged)."""
        raw = self.blob(module)
        if raw is None:
            return {}
        try:
            part = marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            return {}
        if not isinstance(part, dict) or not all(
            type(k) is str and type(v) is CodeType for k, v in part.items()
        ):
            return {}
        return part


def read(file: Path) -> Part:
    """Every text and its code kept in ``file``, whatever its module (empty when it is
    missing, unreadable, of another Python build or damaged)."""
    kept = Kept.read(file)
    found: Part = {}
    if kept is not None:
        for module in kept.index:
            found.update(kept.part(module))
    return found


def save() -> bool:
    """Write what this process compiled into the file, with what the file holds already
    (another process may have added to it since), to a temporary file moved into place;
    False when there was nothing new or the folder cannot be written (never raised)."""
    file = _state["file"]
    if file is None or not _state["added"]:
        return False
    now = Kept.read(file)
    blobs: dict[str, bytes] = {}
    if now is not None:
        for module in now.index:
            raw = now.blob(module)
            if raw is not None and module not in _changed:
                blobs[module] = raw
    for module in _changed:
        merged = {**(now.part(module) if now is not None else {}), **_parts[module]}
        blobs[module] = marshal.dumps(merged)
    if sum(len(b) for b in blobs.values()) > MAX_BYTES:
        blobs = {m: marshal.dumps(_parts[m]) for m in _changed}  # start afresh
    index: dict[str, tuple[int, int, int]] = {}
    offset = 0
    for module, raw in blobs.items():
        index[module] = (offset, len(raw), zlib.crc32(raw))
        offset += len(raw)
    head = marshal.dumps(index)
    tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as out:
            out.write(
                _HEADER
                + len(head).to_bytes(_WORD, "little")
                + zlib.crc32(head).to_bytes(_WORD, "little")
                + head
            )
            for raw in blobs.values():
                out.write(raw)
        os.replace(tmp, file)
    except OSError:
        import contextlib

        with contextlib.suppress(OSError):  # a folder that cannot be written: nothing to remove
            tmp.unlink()
        return False
    _changed.clear()
    _state["added"] = 0
    return True

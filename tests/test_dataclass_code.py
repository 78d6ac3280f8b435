"""The dataclass code cache (referee/dataclass_code.py): a class built through it is exactly
the class plain dataclasses build (the same code objects, the same behaviour: equality,
hashing, repr, frozen, defaults, default factories, __post_init__), a second run compiles
nothing, and a damaged, foreign or unwritable cache never fails a run: it is ignored and
rebuilt."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from referee import dataclass_code

needs_shape = pytest.mark.skipif(
    not dataclass_code.expected_shape() and "exec" not in vars(__import__("dataclasses")),
    reason="this Python builds dataclasses without _create_fn (3.13+): plain dataclasses",
)

# Classes of every kind the project writes, defined in a fresh process, with what a user of
# each sees printed as JSON.
CLASSES = textwrap.dedent("""
    import dataclasses, json, sys
    from dataclasses import InitVar, dataclass, field
    from typing import ClassVar
    import referee
    from referee import dataclass_code

    @dataclass(frozen=True)
    class Point:
        x: int
        y: int = 2
        tags: tuple[str, ...] = ()

    @dataclass(frozen=True, slots=True, order=True)
    class Slotted:
        a: int
        b: str = "b"

    @dataclass
    class Mutable:
        items: list[int] = field(default_factory=list)
        hidden: int = field(default=7, repr=False, compare=False)
        total: int = field(init=False, default=0)
        scale: InitVar[int] = 1
        KIND: ClassVar[str] = "k"

        def __post_init__(self, scale: int) -> None:
            self.total = sum(self.items) * scale

    @dataclass(unsafe_hash=True, kw_only=True)
    class Keyed:
        name: str
        n: int = 0

    seen = {}
    p, q = Point(1), Point(1, 2, ())
    seen["point"] = [repr(p), p == q, hash(p) == hash(q), p != Point(2)]
    try:
        p.x = 5
    except dataclasses.FrozenInstanceError as exc:
        seen["frozen"] = type(exc).__name__
    s = Slotted(1)
    seen["slotted"] = [repr(s), s < Slotted(2), hasattr(s, "__dict__"), Slotted.__slots__]
    m1, m2 = Mutable([1, 2], scale=3), Mutable()
    m2.items.append(5)
    seen["mutable"] = [repr(m1), m1.total, Mutable().items, m1 == Mutable([1, 2], 99, scale=3),
                       Mutable.__hash__ is None]
    k = Keyed(name="a")
    seen["keyed"] = [repr(k), hash(k) == hash(Keyed(name="a", n=0))]
    try:
        Keyed("a")
    except TypeError as exc:
        seen["keyed_positional"] = str(exc)
    seen["annotations"] = repr(Point.__init__.__annotations__)
    seen["code"] = [marshal_hex(c) for c in (Point, Slotted, Mutable, Keyed)]
    seen["installed"] = vars(dataclasses).get("exec") is not None
    seen["compiled"] = dataclass_code.compiled()
    print(json.dumps(seen))
""")

CODE_OF = textwrap.dedent("""
    import marshal
    def marshal_hex(cls):
        methods = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__",
                   "__lt__")
        return {m: marshal.dumps(vars(cls)[m].__code__).hex() for m in methods
                if m in vars(cls) and hasattr(vars(cls)[m], "__code__")}
""")


def run_classes(cache: Path, **env: str) -> dict:
    """The classes above made in a fresh process whose cache folder is ``cache``."""
    done = subprocess.run(
        [sys.executable, "-c", CODE_OF + CLASSES],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "REFEREE_CACHE": str(cache), **env},
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return json.loads(done.stdout)


def same_classes(a: dict, b: dict) -> None:
    for key in (
        "point",
        "frozen",
        "slotted",
        "mutable",
        "keyed",
        "keyed_positional",
        "annotations",
        "code",
    ):
        assert a[key] == b[key], key


@needs_shape
def test_a_class_built_through_the_cache_is_the_plain_class(tmp_path: Path) -> None:
    plain = run_classes(tmp_path / "plain", REFEREE_NO_CODE_CACHE="1")
    assert plain["installed"] is False
    cold = run_classes(tmp_path / "cache")  # compiles, and keeps the code
    warm = run_classes(tmp_path / "cache")  # finds it all
    assert cold["installed"] and warm["installed"]
    assert cold["compiled"] > 0 and warm["compiled"] == 0
    same_classes(plain, cold)
    same_classes(plain, warm)
    # what a user of the classes sees, by hand from the dataclasses docs
    assert plain["point"] == ["Point(x=1, y=2, tags=())", True, True, True]
    assert plain["frozen"] == "FrozenInstanceError"
    assert plain["mutable"] == ["Mutable(items=[1, 2], total=9)", 9, [], True, True]
    assert plain["annotations"] == (
        "{'x': <class 'int'>, 'y': <class 'int'>, 'tags': tuple[str, ...], 'return': None}"
    )


# String annotations (``from __future__ import annotations``, as every module of the project
# writes): dataclasses tell a ClassVar, an InitVar and KW_ONLY by matching the text.
STRING_ANNOTATED = textwrap.dedent("""
    from __future__ import annotations
    import dataclasses, json, typing
    from dataclasses import KW_ONLY, InitVar, dataclass, field
    from typing import ClassVar
    import referee

    @dataclass(frozen=True)
    class Noted:
        a: int
        KIND: ClassVar[str] = "k"
        OTHER: typing.ClassVar[int] = 1
        scale: InitVar[int] = 2
        again: dataclasses.InitVar[int] = 3
        _: KW_ONLY
        b: str = "b"
        c: ClassVarLike = 0

        def __post_init__(self, scale: int, again: int) -> None:
            pass

    ClassVarLike = int
    print(json.dumps({
        "fields": [[f.name, f.kw_only] for f in dataclasses.fields(Noted)],
        "repr": repr(Noted(1, 5, 6, b="x")),
        "installed": isinstance(vars(dataclasses).get("_MODULE_IDENTIFIER_RE"),
                                referee.dataclass_code._AnnotationMatches),
    }))
""")


@needs_shape
def test_string_annotations_name_class_and_init_variables_as_plain_dataclasses_read_them(
    tmp_path: Path,
) -> None:
    def run(**env: str) -> dict:
        done = subprocess.run(
            [sys.executable, "-c", STRING_ANNOTATED],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "REFEREE_CACHE": str(tmp_path), **env},
            check=False,
        )
        assert done.returncode == 0 and done.stderr == "", done.stderr
        return json.loads(done.stdout)

    plain = run(REFEREE_NO_CODE_CACHE="1")
    cached, warm = run(), run()
    assert not plain["installed"] and cached["installed"]
    for seen in (cached, warm):
        assert seen["fields"] == plain["fields"] and seen["repr"] == plain["repr"]
    # by hand from the dataclasses docs: the ClassVars and InitVars are no fields, the fields
    # after KW_ONLY are keyword-only
    assert plain["fields"] == [["a", False], ["b", True], ["c", True]]
    assert plain["repr"] == "Noted(a=1, b='x', c=0)"


@needs_shape
def test_a_damaged_cache_is_ignored_and_rebuilt(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    run_classes(cache)
    (kept,) = (cache / dataclass_code.FOLDER).iterdir()
    good = kept.read_bytes()
    for damaged in (
        good[: len(good) // 2],
        good[:-1] + bytes([good[-1] ^ 0xFF]),
        b"",
        b"\x00garbage",
        marshal.dumps({"def f(): pass": 1}),
    ):
        kept.write_bytes(damaged)
        again = run_classes(cache)
        assert again["compiled"] > 0  # nothing trusted from the damaged file...
        assert dataclass_code.read(kept)  # ...and a good one written in its place
    # a file of another Python build is not read
    kept.write_bytes(good.replace(sys.version.encode(), b"2.7.18 (other)"))
    assert dataclass_code.read(kept) == {}


@needs_shape
def test_a_cache_folder_that_cannot_be_written_fails_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    seen = run_classes(blocker / "cache")  # the folder cannot be made under a file
    assert seen["installed"] and seen["compiled"] > 0
    assert blocker.read_text() == "not a folder"
    assert not list(tmp_path.glob("**/*.tmp"))


def test_it_is_installed_only_on_the_dataclasses_it_was_written_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dataclasses

    def _create_fn(name, args, body):  # another shape (a future Python's)
        return exec("pass")

    monkeypatch.setattr(dataclasses, "_create_fn", _create_fn)
    assert not dataclass_code.expected_shape()
    monkeypatch.delattr(dataclasses, "_create_fn")  # Python 3.13 has none
    assert not dataclass_code.expected_shape()


def test_the_test_run_keeps_its_cache_out_of_the_users_folder() -> None:
    file = dataclass_code.cache_file_in_use()
    if file is not None:
        home_cache = Path.home() / ".cache"
        assert not file.is_relative_to(home_cache), file

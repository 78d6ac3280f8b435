"""Hostile inputs: good documents with parts replaced by values of the wrong type, size or
shape, and texts with lines dropped, doubled or garbled.

A document is mutated where it lives: a key of any table (at any depth) gets a value of
another kind, is dropped, or an unknown key is added; a list gets an item of another kind.
The TOML writer here is small and knows only what these documents hold.
"""

from __future__ import annotations

import json
import math
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from referee.paths import data_dir

# --- values of every kind, including the awkward ones -----------------------------------------

EDGE_INTS = st.sampled_from(
    [0, -1, 1, 2, 6, 7, 199, 200, 201, 702, 703, 10_000, 2**31, 2**63 - 1, -(2**63)]
)
WORDS = st.sampled_from(
    [
        "",
        " ",
        "9",
        "two",
        "d6",
        "d7",
        "2d6+1",
        "100d6",
        "99999999d6",
        "5+",
        "A1",
        "ZZZ999",
        "<b>bold</b>",
        "'; DROP TABLE steps; --",
        "\u202e",
        "x" * 300,
        "standard-tank",
        "slow",
        "F + F + -",
        "Fire",
        "*/-/-/-",
        "current",
        "first-draft",
        "nope",
        "\x00",
        "é",
        "🎲",
    ]
)
SCALARS = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    EDGE_INTS,
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    WORDS,
    st.text(max_size=12),
)
VALUES: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["a", "id", "at", "name", "rows", "x"]), inner, max_size=3),
    ),
    max_leaves=8,
)


def retyped(value: Any, draw: Any) -> Any:
    """``value`` as another type: in a list, as text, in a table, a number for text."""
    choices = [[value], {"a": value}, str(value), None]
    if isinstance(value, str):
        choices += [len(value), value * 3, value.upper()]
    if isinstance(value, int):
        choices += [-value, value * 10**6, float(value), bool(value)]
    picked = draw(st.sampled_from(choices))
    return draw(VALUES) if picked is None else picked


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indexes) of every part of ``doc``, ``doc`` itself first."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, (*prefix, i))
    return out


def _changed(value: Any, draw: Any) -> Any:
    action = draw(st.sampled_from(["replace", "retype", "retype", "drop", "add", "double"]))
    if action == "replace":
        return draw(VALUES)
    if action == "retype":
        return retyped(value, draw)
    if isinstance(value, dict) and action in ("drop", "add"):
        out = dict(value)
        if action == "drop" and out:
            del out[draw(st.sampled_from(sorted(out)))]
        else:
            out[draw(st.sampled_from(["extra", "rows", "side", "id", "models", "at"]))] = draw(
                VALUES
            )
        return out
    if isinstance(value, list) and value:
        out_list = list(value)
        i = draw(st.integers(0, len(out_list) - 1))
        if action == "drop":
            del out_list[i]
        else:
            out_list.insert(i, out_list[i])
        return out_list
    return retyped(value, draw)


def mutated(doc: Any, draw: Any) -> Any:
    """``doc`` with one to three parts, picked anywhere in it, changed: replaced by a value
    of any kind, given another type, a key dropped or added, an item dropped or doubled."""
    import copy

    out = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(out)))
        if not path:
            continue
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = _changed(parent[path[-1]], draw)
    return out


# --- a small TOML writer ----------------------------------------------------------------------


def _string(s: str) -> str:
    text = json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")
    # a lone surrogate cannot be written in TOML: the text of the test says what it was
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_string(str(k))} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def toml_text(doc: dict[str, Any]) -> str:
    """``doc`` as TOML: scalars, lists and inline tables at the top, then ``[table]`` and
    ``[[array of tables]]`` sections (one level deep, as the data files are written)."""
    head, tail = [], []
    for key, v in doc.items():
        k = _string(str(key))
        if (
            isinstance(v, dict)
            and v
            and all(not isinstance(x, dict | list) or x == [] for x in v.values())
        ):
            tail.append(f"[{k}]")
            tail += [f"{_string(str(kk))} = {_value(x)}" for kk, x in v.items()]
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for item in v:
                tail.append(f"[[{k}]]")
                tail += [f"{_string(str(kk))} = {_value(x)}" for kk, x in item.items()]
        else:
            head.append(f"{k} = {_value(v)}")
    return "\n".join(head + tail) + "\n"


def shipped(relative: str) -> dict[str, Any]:
    """A shipped data file, parsed: the good document the mutations start from."""
    with open(data_dir() / relative, "rb") as fh:
        return tomllib.load(fh)


def garbled(text: str, draw: Any) -> str:
    """``text`` with lines dropped, doubled, swapped, cut short or replaced."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            lines = [draw(st.text(max_size=40))]
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "double", "cut", "replace", "swap", "noise"]))
        if action == "drop":
            del lines[i]
        elif action == "double":
            lines.insert(i, lines[i])
        elif action == "cut":
            lines[i] = lines[i][: draw(st.integers(0, max(0, len(lines[i]) - 1)))]
        elif action == "replace":
            lines[i] = draw(st.one_of(WORDS, st.text(max_size=40)))
        elif action == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            pos = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:pos] + draw(WORDS) + lines[i][pos:]
    return "\n".join(lines) + "\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path

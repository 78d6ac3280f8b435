"""Any command line: the command works, or says in one line what is wrong (exit 2, or the
status the command documents), within a bound, leaving every file as it was (issue 11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hostile_data import WORDS
from hostile_harness import HOSTILE, own_folders, run_cli  # noqa: F401 (autouse fixture)
from hypothesis import given
from hypothesis import strategies as st

NUMBERS = st.one_of(
    st.integers(-3, 12),
    st.sampled_from([0, -1, 1000, 1001, 10**6, 10**30, -(10**30), 2**63]),
).map(str) | st.sampled_from(["two", "", "1.5", "1e9", "-", "0x10", "\u0661"])
HEXES = st.sampled_from(
    ["A1", "C2", "E6", "G9", "Z99", "a1", "", "C", "2", "AAA1", "C2,D5", "GR200"]
)
MAPS = st.sampled_from(
    [
        "standard",
        "entrenched",
        "activation",
        "nope",
        "/dev/zero",
        "/",
        "{folder}/map.toml",
        "{folder}/binary.bin",
        "{folder}/m.referee",
    ]
)
PATHS = st.sampled_from(
    [
        "/dev/zero",
        "/dev/urandom",
        "/dev/null",
        "/",
        "{folder}/missing",
        "{folder}/binary.bin",
        "{folder}/big.md",
        "{folder}/rules.md",
        "{folder}/m.referee",
        "{folder}/map.toml",
    ]
)
RULINGS = st.sampled_from(
    [
        "los.edge-run=blocks",
        "los.edge-run=nope",
        "nope=x",
        "=",
        "x",
        "fire.natural-one=always-misses",
    ]
)
UNITS = st.sampled_from(["standard-tank", "ork-grunts", "nope", "", "e34"])


def option(name: str, values: Any) -> Any:
    return st.tuples(st.just(name), values).map(list)


@st.composite
def command_lines(draw: Any) -> list[str]:
    kind = draw(
        st.sampled_from(
            [
                "los",
                "visible",
                "map",
                "units",
                "shot",
                "hit",
                "odds",
                "rules",
                "orders",
                "match",
                "replay",
            ]
        )
    )
    opts: list[Any] = [
        option("--edition", st.sampled_from(["current", "first-draft", "x"])),
        option("--ruling", RULINGS),
        st.just(["--json"]),
    ]
    if kind == "los":
        argv = ["los", draw(MAPS), draw(HEXES), draw(HEXES)]
        opts += [
            option("--from-level", NUMBERS),
            option("--to-level", NUMBERS),
            option("--smoke", HEXES),
        ]
    elif kind == "visible":
        argv = ["visible", draw(st.sampled_from(["standard", "entrenched", "nope"])), draw(HEXES)]
        opts += [option("--level", NUMBERS)]
    elif kind == "map":
        argv = ["map", "check", draw(MAPS)]
    elif kind == "units":
        argv = draw(
            st.sampled_from(
                [
                    ["units", "list"],
                    ["units", "show", "standard-tank"],
                    ["units", "show", "nope"],
                    ["units", "check"],
                ]
            )
        )
        if argv[-1] == "check":
            argv.append(draw(PATHS))
        opts += [option("--nation", st.sampled_from(["ork", "nope", ""]))]
    elif kind == "shot":
        argv = ["shot", draw(MAPS), f"{draw(UNITS)}@{draw(HEXES)}", f"{draw(UNITS)}@{draw(HEXES)}"]
        opts += [
            option("--weapon", WORDS),
            option("--tokens", NUMBERS),
            option("--alive", NUMBERS),
            option("--shooter-facing", NUMBERS),
            option("--smoke", HEXES),
            st.just(["--aim"]),
        ]
    elif kind == "hit":
        argv = ["hit", draw(MAPS), draw(HEXES), draw(HEXES), "--weapon-range", draw(NUMBERS)]
        opts += [
            option("--arc", WORDS),
            option("--shooter-speed", WORDS),
            option("--shooter-ability", WORDS),
            option("--smoke", HEXES),
        ]
    elif kind == "odds":
        what = draw(st.sampled_from(["open-ended", "hit", "armor", "damage"]))
        argv = ["odds", what]
        if what == "open-ended":
            opts += [option("--sides", NUMBERS), option("--tail", WORDS | NUMBERS)]
        elif what == "hit":
            argv += ["--need", draw(NUMBERS)]
            opts += [option("--sides", NUMBERS)]
        else:
            argv += ["--armor", draw(NUMBERS | st.just("none")), "--ap", draw(NUMBERS)]
            opts += [
                option("--distance", NUMBERS),
                option("--range", st.sampled_from(["normal", "long", "far"])),
            ]
            if what == "damage":
                argv += ["--dice", draw(WORDS)]
                opts += [
                    option(o, NUMBERS)
                    for o in ("--tokens", "--resistance", "--bonus", "--support", "--need")
                ]
    elif kind == "rules":
        what = draw(st.sampled_from(["search", "show", "import", "imports", "forget"]))
        argv = ["rules", what]
        if what == "search":
            argv.append(draw(WORDS | st.text(max_size=30) | st.just("los " * 2000)))
            opts += [
                option("--limit", NUMBERS),
                option("--kind", st.sampled_from(["clause", "ruling", "x"])),
            ]
        elif what == "show":
            argv.append(draw(WORDS | st.sampled_from(["los.edge-run", "fire.to-hit"])))
        elif what == "import":
            argv.append(draw(PATHS))
            opts += [option("--name", WORDS)]
        elif what == "forget":
            argv.append(draw(WORDS))
    elif kind == "orders":
        what = draw(st.sampled_from(["parse", "check"]))
        argv = ["orders", what, draw(WORDS | st.text(max_size=20))]
        opts += [option("--kind", st.sampled_from(["movement", "gunnery", "x"]))]
        if what == "check":
            argv += ["--unit", draw(UNITS), "--speed", draw(WORDS)]
            opts += [option("--end-speed", WORDS), st.just(["--shaken"])]
    elif kind == "match":
        what = draw(st.sampled_from(["new", "show", "undo", "redo", "report", "check"]))
        if what == "new":
            argv = [
                "match",
                "new",
                "{folder}/new.referee",
                "--map",
                draw(MAPS),
                "--unit",
                f"t {draw(UNITS)} side={draw(NUMBERS)} hex={draw(HEXES)}",
            ]
            opts += [option("--seed", NUMBERS), option("--title", WORDS), option("--unit", WORDS)]
        else:
            argv = ["match", what, draw(PATHS)]
            if what == "report":
                opts += [option("-o", PATHS), st.just(["--force"])]
    else:
        argv = ["replay", draw(PATHS)]
    for extra in draw(st.lists(st.sampled_from(opts), max_size=3)):
        argv += draw(extra)
    return argv


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files a hostile command line may name: a binary file, a big text, a rulebook,
    a map and a real match."""
    return build_files(tmp_path_factory.mktemp("files"))


def build_files(folder: Path) -> Path:
    from referee.match.games.orders_file import MatchFile

    (folder / "binary.bin").write_bytes(bytes(range(256)) * 64)
    (folder / "big.md").write_text("# big\n" + "word " * 2_000_000, encoding="utf-8")
    (folder / "rules.md").write_text(
        "# House rules\n\n## Smoke\nSmoke blocks sight.\n", encoding="utf-8"
    )
    (folder / "map.toml").write_text(
        'name = "m"\nshape = "rectangle"\ncolumns = 3\nrows = 3\n', encoding="utf-8"
    )
    MatchFile.create(
        folder / "m.referee",
        map_name="entrenched",
        seed=1,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2"},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ).close()
    return folder


@HOSTILE
@given(argv=command_lines())
def test_any_command_line_works_or_says_what_is_wrong(tmp_path_factory, files, argv):
    import shutil

    folder = tmp_path_factory.mktemp("cli")
    for f in files.iterdir():
        shutil.copyfile(f, folder / f.name)
    run_cli([a.replace("{folder}", str(folder)) for a in argv], "command lines", watch=folder)

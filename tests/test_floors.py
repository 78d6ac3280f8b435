"""Floors: each package of referee sits on a floor and imports only from floors below its own
(or from its own package). Every import counts: at the top, inside a function and under
``TYPE_CHECKING``. When a low package seems to need something from above, the design is
asking for an argument.

No package imports from a floor above its own, and no two packages of one floor import each
other (directly or round a longer cycle). Inside a package, no module imports itself round a
cycle of its package's modules either: an import moved into a function (or under
``TYPE_CHECKING``) only hides such a cycle; the piece both sides need moves down into a
module of its own, or is passed as an argument. ``FLOORS`` names exactly the packages there
are.
"""

from __future__ import annotations

import ast
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).parent

# Lower numbers are lower floors. A package may import its own floor's packages only where
# no cycle results (checked below), and any lower floor.
FLOORS: dict[str, int] = {
    # the ground: the version, errors, paths, limits and the ruleset loader
    "__init__": 0,
    "errors": 0,
    "paths": 0,
    "versions": 0,
    "limits": 0,
    "ruleset": 0,
    "sqlite_files": 0,
    "writing": 0,
    # the board, the units, the dice, the clause catalogue
    "board": 1,
    "units": 1,
    "dice": 1,
    "catalogue": 1,
    # the rules of each phase, armies, scenarios and setup
    "rules": 2,
    "army": 2,
    "scenarios": 2,
    # the match: state, commands, the match file
    "match": 3,
    # what works over matches: the tournament desk, benchmarks
    "tournament": 4,
    "bench": 4,
    # the front ends
    "cli": 5,
    "app": 5,
    "__main__": 5,
}


def _package_of(rel: Path) -> str:
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _referee_imports(path: Path) -> list[str]:
    """Every ``referee.*`` module imported anywhere in ``path`` (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(PACKAGE)
    here = ["referee", *rel.parts[:-1]]
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("referee.")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if module == "referee":
                for a in node.names:
                    is_module = (PACKAGE / a.name).is_dir() or (PACKAGE / f"{a.name}.py").is_file()
                    found.append(f"referee.{a.name}" if is_module else "referee.__init__")
            elif module.startswith("referee."):
                found.append(module)
    return found


def _edges() -> list[tuple[str, str, str, str]]:
    """(file, imported module, importing package, imported package) for every import
    between two different packages of referee."""
    edges = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        src = _package_of(rel)
        for module in _referee_imports(path):
            dst = module.split(".")[1]
            if dst != src:
                edges.append((rel.as_posix(), module, src, dst))
    return edges


def _packages() -> set[str]:
    return {_package_of(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")}


def test_every_package_has_a_floor() -> None:
    assert sorted(_packages() - FLOORS.keys()) == [], "add the new package to FLOORS"


def test_floors_names_only_packages_that_exist() -> None:
    assert sorted(FLOORS.keys() - _packages()) == [], "a name in FLOORS that is no package"


def test_no_import_points_up() -> None:
    upward = {
        (file, module)
        for file, module, src, dst in _edges()
        if FLOORS.get(dst, 99) > FLOORS.get(src, -1)
    }
    assert sorted(upward) == [], "imports from a higher floor: pass what is needed as an argument"


def test_no_cycle_between_packages_of_one_floor() -> None:
    import networkx as nx

    graph: nx.DiGraph[str] = nx.DiGraph()
    for _file, _module, src, dst in _edges():
        if FLOORS.get(src) == FLOORS.get(dst):
            graph.add_edge(src, dst)
    assert list(nx.simple_cycles(graph)) == []


def test_the_floor_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    sample = PACKAGE / "board" / "_floor_probe_tmp.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from referee.match.state import MatchState\n"
        "def f():\n    from referee.app import main_window\n"
    )
    try:
        assert _referee_imports(sample) == ["referee.match.state", "referee.app"]
    finally:
        sample.unlink()


def _module_of(root: Path, path: Path) -> str:
    """The dotted name of the module at ``path`` (a package's ``__init__.py``: the package)."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` and the modules of that package it imports
    anywhere (at the top, in a function, under ``TYPE_CHECKING``): ``from a.b import c``
    imports the module ``a.b.c`` when there is one, else ``a.b``."""
    modules = {_module_of(root, p): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = here[: len(here) - (node.level - 1)] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                found = [
                    f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module
                    for a in node.names
                ]
            else:
                continue
            graph[name].update(m for m in found if m in modules and m != name)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other round a cycle, a group per cycle (each group sorted)
    with the package they are in: the modules of a package and their imports inside it."""
    import networkx as nx

    inside: nx.DiGraph[str] = nx.DiGraph()
    for src, targets in graph.items():
        inside.add_node(src)
        for dst in targets:
            if src.split(".")[:2] == dst.split(".")[:2]:  # the same package of referee
                inside.add_edge(src, dst)
    return sorted(sorted(c) for c in nx.strongly_connected_components(inside) if len(c) > 1)


def test_no_import_cycle_inside_a_package() -> None:
    assert _cycles(_module_graph(PACKAGE)) == [], (
        "modules that import each other round a cycle: move what both need into a module "
        "of its own below them, or pass it as an argument"
    )


def test_the_cycle_check_sees_a_cycle_an_import_in_a_function_hides(tmp_path: Path) -> None:
    root = tmp_path / "referee"
    (root / "match").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "match" / "__init__.py").write_text("")
    (root / "match" / "state.py").write_text(
        "def agenda():\n    from referee.match.advance import step_work\n"
    )
    (root / "match" / "advance.py").write_text("from referee.match.state import agenda\n")
    (root / "match" / "report.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from referee.match import page\n"
    )
    (root / "match" / "page.py").write_text("from . import report\n")
    (root / "match" / "alone.py").write_text("import referee.match.state\n")
    assert _cycles(_module_graph(root)) == [
        ["referee.match.advance", "referee.match.state"],
        ["referee.match.page", "referee.match.report"],
    ]

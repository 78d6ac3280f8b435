"""The window's code keeps text from files plain (issue 23), read from its source: Qt draws a
tooltip, a message box, a wizard page's title and an AutoText label as HTML when the text
looks like HTML, and an ``<img src=...>`` in it makes Qt open the local file it names. So in
``referee/app``:

- every tooltip that is not a literal goes through ``plain_tip``;
- a message box made by QMessageBox's static functions (AutoText) is given a literal or
  ``plain_tip``'s text; one made otherwise says its text format;
- every wizard shows its pages' titles as plain text (``plain_titles``);
- every label whose text is not a literal says its text format (``PlainText``, or
  ``RichText`` where the HTML is built on purpose, each name in it escaped).

The windows themselves are walked with hostile names in tests/app/test_app_rich_text.py."""

from __future__ import annotations

import ast
from pathlib import Path

import referee

APP = Path(referee.__file__).parent / "app"
PARENT_NAMES = {"self", "body", "parent", "box", "dock", "page", "widget", "holder"}
"""A QLabel's first argument with one of these names is its parent, not its text."""
OWN_WORDS = {("tournament/result_entry.py", "kind.upper()")}
"""Labels whose text is the program's own words (the kinds of points: IP, MP, CP, XP)."""


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(APP.rglob("*.py"))]


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(APP)}:{getattr(node, 'lineno', 0)}"


def _is_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _call_name(node: ast.Call) -> str:
    return ast.unparse(node.func)


def test_every_tooltip_that_is_not_a_literal_goes_through_plain_tip():
    bad = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "setToolTip"
                and node.args
                and not _is_literal(node.args[0])
                and not (
                    isinstance(node.args[0], ast.Call) and _call_name(node.args[0]) == "plain_tip"
                )
            ):
                bad.append(_where(path, node))
    assert bad == [], "\n".join(bad)


STATIC_BOXES = (
    "QMessageBox.warning",
    "QMessageBox.information",
    "QMessageBox.critical",
    "QMessageBox.question",
    "QMessageBox.about",
)


def test_no_message_box_renders_its_text_as_it_looks():
    bad = []
    for path, tree in _sources():
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef):
                continue
            calls = [n for n in ast.walk(func) if isinstance(n, ast.Call)]
            names = [_call_name(c) for c in calls]
            for c, name in zip(calls, names, strict=True):
                text = c.args[2] if len(c.args) > 2 else None
                plain = text is not None and (
                    _is_literal(text)
                    or (isinstance(text, ast.Call) and _call_name(text) == "plain_tip")
                )
                if name in STATIC_BOXES and not plain:
                    bad.append(f"{_where(path, c)} {name}")
            if "QMessageBox" in names and not any(n.endswith(".setTextFormat") for n in names):
                bad.append(f"{_where(path, func)} QMessageBox without setTextFormat")
    assert bad == [], "\n".join(bad)


def test_every_wizard_shows_its_titles_as_plain_text():
    bad = []
    for path, tree in _sources():
        for cls in ast.walk(tree):
            if isinstance(cls, ast.ClassDef) and any(
                ast.unparse(b) == "QWizard" for b in cls.bases
            ):
                called = {_call_name(n) for n in ast.walk(cls) if isinstance(n, ast.Call)}
                if "plain_titles" not in called:
                    bad.append(f"{_where(path, cls)} {cls.name}")
    assert bad == [], "\n".join(bad)


def test_every_label_whose_text_is_not_a_literal_says_its_text_format():
    bad = []
    for path, tree in _sources():
        labels: dict[str, ast.AST] = {}
        formatted: set[str] = set()
        dynamic: set[str] = set()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and _call_name(node.value) == "QLabel"
            ):
                name = ast.unparse(node.targets[0])
                labels[name] = node
                args = node.value.args
                if args and not _is_literal(args[0]) and ast.unparse(args[0]) not in PARENT_NAMES:
                    dynamic.add(name)
            if isinstance(node, ast.For):  # for label in (self.a, self.b): label.setTextFormat
                target = node.target.elts[0] if isinstance(node.target, ast.Tuple) else node.target
                looped = ast.unparse(target)
                sets = any(
                    isinstance(n, ast.Call) and ast.unparse(n.func) == f"{looped}.setTextFormat"
                    for n in ast.walk(node)
                )
                if sets and isinstance(node.iter, ast.Tuple | ast.List):
                    for item in node.iter.elts:
                        first = item.elts[0] if isinstance(item, ast.Tuple) else item
                        formatted.add(ast.unparse(first))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = ast.unparse(node.func.value)
                if node.func.attr == "setTextFormat":
                    formatted.add(owner)
                elif node.func.attr == "setText" and node.args and not _is_literal(node.args[0]):
                    dynamic.add(owner)
        for name in sorted(dynamic & labels.keys() - formatted):
            bad.append(f"{_where(path, labels[name])} {name}")
        # a label made and placed at once, its text not a literal
        assigned = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Assign)}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and _call_name(node) == "QLabel"
                and id(node) not in assigned
                and node.args
                and not _is_literal(node.args[0])
                and ast.unparse(node.args[0]) not in PARENT_NAMES
                and (str(path.relative_to(APP)), ast.unparse(node.args[0])) not in OWN_WORDS
            ):
                bad.append(f"{_where(path, node)} QLabel({ast.unparse(node.args[0])[:40]})")
    assert bad == [], "\n".join(bad)

"""The checksum identifies an army's content, not its formatting (issue 12): comments,
spacing, the order of keys (and of the entries, and the way a count or an upgrade is written)
do not change it; a unit, a count or an upgrade does. Property-tested with hypothesis."""

from __future__ import annotations

import json
import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.army import Army, ArmyEntry, UpgradeChoice
from referee.army.load import parse_army

UNITS = ["hoplite-phalanx", "standard-tank", "talos", "peltast-skirmishers", "companion-cavalry"]
UPGRADES = ["veteran", "long-rifle", "hand-cannon", "hoplon", "grenades", "gas-masks"]

choices = st.lists(
    st.builds(UpgradeChoice, st.sampled_from(UPGRADES), st.integers(1, 3)),
    max_size=3,
    unique_by=lambda c: c.id,
)
entries = st.builds(
    ArmyEntry, st.sampled_from(UNITS), st.integers(1, 5), choices.map(tuple), st.just(())
)
armies = st.builds(
    Army,
    name=st.text(
        st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=20
    )
    .map(str.strip)
    .filter(bool),
    nation=st.just("spartan"),
    game=st.sampled_from(["standard", "asymmetric", "infantry"]),
    entries=st.lists(entries, min_size=1, max_size=4).map(tuple),
    allowance=st.sampled_from([None, "industry", "manpower"]),
    advanced=st.booleans(),
)


def _value(v: object) -> str:
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, bool) else str(v).lower()


@st.composite
def written(draw: st.DrawFn, army: Army) -> str:
    """``army`` as the text of a file, in one of many ways of writing it."""
    space = draw(st.sampled_from([" ", "   ", "\t"]))
    comment = draw(st.sampled_from(["", "  # a note", "\t#x"]))
    lines = [draw(st.sampled_from(["", "# An army list\n", "\n\n"]))]
    top: list[tuple[str, object]] = [
        ("name", army.name),
        ("nation", army.nation),
        ("game", army.game),
    ]
    if army.allowance is not None:
        top.append(("allowance", army.allowance))
    if army.advanced or draw(st.booleans()):
        top.append(("advanced", army.advanced))
    for key, value in draw(st.permutations(top)):
        lines.append(f"{key}{space}={space}{_value(value)}{comment}")
    for e in draw(st.permutations(list(army.entries))):
        lines.append(draw(st.sampled_from(["[[unit]]", "[[ unit ]]"])))
        keys: list[str] = [f"type = {_value(e.type)}"]
        if e.count != 1 or draw(st.booleans()):
            keys.append(f"count={e.count}")
        items = []
        for c in e.upgrades:
            if c.count == 1 and draw(st.booleans()):
                items.append(_value(c.id))
            elif draw(st.booleans()) and c.count <= 3:
                items += [_value(c.id)] * c.count  # an upgrade named as often as it is paid
            else:
                items.append(f"{{ count = {c.count}, id = {_value(c.id)} }}")
        if items or draw(st.booleans()):
            keys.append(f"upgrades = [ {', '.join(items)} ]")
        lines += [f"{k}{comment}" for k in draw(st.permutations(keys))]
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None)
@given(st.data(), armies)
def test_the_way_a_file_is_written_does_not_change_the_checksum(data, army):
    text = data.draw(written(army))
    read = parse_army(tomllib.loads(text))
    assert read.checksum() == army.checksum()


@settings(max_examples=100, deadline=None)
@given(armies, st.data())
def test_a_unit_a_count_or_an_upgrade_changes_the_checksum(army, data):
    i = data.draw(st.integers(0, len(army.entries) - 1))
    e = army.entries[i]
    change = data.draw(st.sampled_from(["unit", "count", "upgrade", "entry"]))
    if change == "unit":
        other = data.draw(st.sampled_from([u for u in UNITS if u != e.type]))
        new = ArmyEntry(other, e.count, e.upgrades)
    elif change == "count":
        new = ArmyEntry(e.type, e.count + data.draw(st.integers(1, 3)), e.upgrades)
    elif change == "upgrade":
        have = {c.id for c in e.upgrades}
        extra = [u for u in UPGRADES if u not in have]
        new = ArmyEntry(e.type, e.count, (*e.upgrades, UpgradeChoice(extra[0])))
    else:
        changed = army.with_(entries=(*army.entries, ArmyEntry("standard-tank")))
        assert changed.checksum() != army.checksum()
        return
    changed = army.with_(entries=(*army.entries[:i], new, *army.entries[i + 1 :]))
    assert changed.checksum() != army.checksum()


def test_a_checksum_is_sha256_hex():
    army = Army("A", "spartan", "standard", (ArmyEntry("standard-tank"),))
    assert len(army.checksum()) == 64 and int(army.checksum(), 16) >= 0

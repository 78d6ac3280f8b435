# ruff: noqa: E501  (TOML test data: one clause text per line)
"""A small data folder for the rules-search tests: clauses, one ruling, two rulesets.

The texts are written for the tests (the shipped catalogue is tested separately); the
synonyms (the players' glossary) and the search words are the shipped files, since they are
what search promises a player.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.paths import data_dir

CLAUSES = """
[[clause]]
id = "los.line-of-sight"
title = "Line of sight"
section = "Terrain"
editions = ["current", "first-draft"]
text = "Draw a straight line from the centre of one hex to the centre of the other; blocking terrain between them stops it."

[[clause]]
id = "los.ground-level"
title = "Line of sight, both hexes at ground level"
section = "Terrain"
editions = ["current", "first-draft"]
related = ["los.line-of-sight"]
text = "With both ends at level 0, any blocking terrain crossed stops the line."

[[clause]]
id = "los.blind-hexes"
title = "Blind hexes"
section = "Terrain"
editions = ["current", "first-draft"]
text = "Seen from a higher level, level-1 blocking terrain leaves two blind hexes behind it."

[[clause]]
id = "terrain.smoke"
title = "Smoke"
section = "Terrain"
editions = ["current", "first-draft"]
related = ["los.line-of-sight"]
text = "A smoke marker blocks line of sight. Two markers are placed; one is removed in each aftermath."
difference = "The first draft also charges one more movement point to enter."
source = { current = "draft 004, Terrain", first-draft = "draft 000, Terrain" }
[clause.editions_text]
current = "A smoke marker blocks line of sight. Two markers are placed; one is removed in each aftermath."
first-draft = "A smoke marker blocks line of sight and costs one more movement point to enter."

[[clause]]
id = "fire.grenades"
title = "Grenades"
section = "Fire"
editions = ["current"]
text = "A grenade fills the target hex with smoke: the smoke stays until the aftermath, and smoke blocks nothing else."

[[clause]]
id = "fire.to-hit"
title = "To-hit roll"
section = "Fire"
editions = ["current", "first-draft"]
text = "Roll a d6 for each shot and add the modifiers; a 4 or more hits."

[[clause]]
id = "conditions.shaken"
title = "Shaken"
section = "Unit abilities and conditions"
editions = ["current", "first-draft"]
text = "A unit that becomes shaken takes two shaken tokens, or one more if it already has some; a shaken unit takes no firing action."
difference = "The current edition gives two tokens at once and forbids every firing action."
[clause.editions_text]
current = "A unit that becomes shaken takes two shaken tokens, or one more if it already has some; a shaken unit takes no firing action."
first-draft = "A unit that becomes shaken takes a shaken token; it cannot shoot."

[[clause]]
id = "assault.advantage"
title = "Advantage"
section = "Assault"
editions = ["current"]
text = "Both sides roll their assault dice; the side with more successes has the advantage."

[[clause]]
id = "abilities.evasion"
title = "Evasion[N+]"
section = "Unit abilities and conditions"
editions = ["current"]
keywords = ["Evation[N+]", "dodge"]
text = "Roll a d6 for each hit taken; on N or more the hit is negated."

[[clause]]
id = "abilities.improve-evasion"
title = "Improve Evasion[+N]"
section = "Unit abilities and conditions"
editions = ["current"]
keywords = ["Improve Evation[+N]", "improve evation", "evation", "better evasion"]
text = "Improves the unit's evasion by N, to at best 2+."

[[clause]]
id = "setup.six-steps"
title = "Six-step setup"
section = "Setup"
editions = ["first-draft"]
text = "Huge units are placed first, then scouts, then the rest, then hidden tokens."
"""

RULINGS = """
[[ruling]]
id = "test.smoke-height"
title = "Smoke and height levels"
clauses = ["terrain.smoke", "los.line-of-sight"]
unclear = "Smoke blocks line of sight without a height level."
default = "blocks-always"
  [[ruling.option]]
  id = "blocks-always"
  value = "block"
  reading = "A smoke marker blocks whatever the levels of the two ends."
  [[ruling.option]]
  id = "level-0"
  value = "like 0"
  reading = "A smoke marker blocks as level-0 blocking terrain."
"""

RULESETS = {
    "current": 'id = "current"\n[rulings]\n"test.smoke-height" = "level-0"\n',
    "first-draft": 'id = "first-draft"\n[rulings]\n',
}


def make_data(root: Path) -> Path:
    """Write the test data folder under ``root``; returns it."""
    data = root / "data"
    (data / "catalogue" / "clauses").mkdir(parents=True)
    (data / "catalogue" / "rulings").mkdir()
    (data / "catalogue" / "clauses" / "rules.toml").write_text(CLAUSES, encoding="utf-8")
    (data / "catalogue" / "rulings" / "test.toml").write_text(RULINGS, encoding="utf-8")
    for name in ("synonyms.toml", "search.toml"):
        shutil.copy(data_dir() / "catalogue" / name, data / "catalogue" / name)
    for rid, text in RULESETS.items():
        (data / "rulesets" / rid).mkdir(parents=True)
        (data / "rulesets" / rid / "ruleset.toml").write_text(text, encoding="utf-8")
    return data


def isolate(monkeypatch: pytest.MonkeyPatch, root: Path, data: Path | None = None) -> None:
    """Point the cache and the imports database (and the data folder if given) at ``root``."""
    monkeypatch.setenv("REFEREE_CACHE", str(root / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(root / "home"))
    if data is not None:
        monkeypatch.setenv("REFEREE_DATA", str(data))

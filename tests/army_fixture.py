"""Twenty-four army lists for a tournament's players (tests/tournament, tests/app), written
by code from the sample catalogues (data/units/sample/), each within a standard game's
budget of 24 IP, MP, CP and XP (costs from ``referee units list``; the totals are worked out
beside each list), four of them with a huge unit (Talos, the Gargant squiggoth)."""

from __future__ import annotations

from pathlib import Path

# (nation, [(unit, count)], huge unit or None); the costs per base are
#   spartan: standard-tank 6ip, hoplite-phalanx 4mp 2cp 1xp, peltast-skirmishers 2mp 2xp,
#            companion-cavalry 4mp 2xp, talos 12ip 2cp (huge)
#   ork:     battle-wagon 5ip, ork-grunts 3mp 1cp, boar-riders 3mp 2xp,
#            ork-warhero 1mp 2cp 3xp, gargant-squiggoth 4mp 8xp (huge)
#   elf:     e34 7ip, elf-rangers 4mp 2cp 2xp, elf-pathfinders 2mp 3xp, wind-riders 4mp 4xp
#   dwarf:   steam-tank 8ip, gyrocopter 4ip, ironbreakers 4mp 4cp 1xp, mortar-team 2mp 3cp
#   dark-elf: shadow-tank 7ip, dark-elf-warriors 4mp 3cp 1xp, shades 2mp 3xp,
#            nightmare-riders 4mp 4xp
TEMPLATES: list[tuple[str, list[tuple[str, int]], str | None]] = [
    # 12 IP; MP 8+2+4 = 14; CP 4; XP 2+2+2 = 6
    (
        "spartan",
        [
            ("standard-tank", 2),
            ("hoplite-phalanx", 2),
            ("peltast-skirmishers", 1),
            ("companion-cavalry", 1),
        ],
        None,
    ),
    # IP 12+12 = 24; CP 2+4 = 6; MP 8; XP 2: a huge unit
    ("spartan", [("talos", 1), ("standard-tank", 2), ("hoplite-phalanx", 2)], "talos"),
    # IP 20; MP 9+6+1 = 16; CP 3+2 = 5; XP 4+3 = 7
    ("ork", [("battle-wagon", 4), ("ork-grunts", 3), ("boar-riders", 2), ("ork-warhero", 1)], None),
    # IP 20; MP 4+12+6 = 22; CP 4; XP 8+4 = 12: a huge unit
    (
        "ork",
        [("gargant-squiggoth", 1), ("ork-grunts", 4), ("battle-wagon", 4), ("boar-riders", 2)],
        "gargant-squiggoth",
    ),
    # IP 21; MP 12+4+4 = 20; CP 6; XP 6+6+4 = 16
    ("elf", [("e34", 3), ("elf-rangers", 3), ("elf-pathfinders", 2), ("wind-riders", 1)], None),
    # IP 16+8 = 24; MP 12+4 = 16; CP 12+6 = 18; XP 3
    (
        "dwarf",
        [("steam-tank", 2), ("gyrocopter", 2), ("ironbreakers", 3), ("mortar-team", 2)],
        None,
    ),
    # IP 21; MP 12+4+4 = 20; CP 9; XP 3+6+4 = 13
    (
        "dark-elf",
        [("shadow-tank", 3), ("dark-elf-warriors", 3), ("shades", 2), ("nightmare-riders", 1)],
        None,
    ),
]

PLAYERS = [
    "Ada",
    "Brin",
    "Cato",
    "Dora",
    "Emil",
    "Fay",
    "Gus",
    "Hana",
    "Ivo",
    "Jun",
    "Kai",
    "Lea",
    "Mo",
    "Nia",
    "Oto",
    "Pia",
    "Quin",
    "Rue",
    "Sol",
    "Tam",
    "Uma",
    "Vik",
    "Wyn",
    "Xia",
]
HUGE_PLAYERS = ("Brin", "Dora", "Jun", "Xia")
"""The players given a list with a huge unit."""


def army_text(name: str, nation: str, units: list[tuple[str, int]]) -> str:
    lines = [f'name = "{name}"', f'nation = "{nation}"', 'game = "standard"', ""]
    for unit, count in units:
        lines += ["[[unit]]", f'type = "{unit}"', f"count = {count}", ""]
    return "\n".join(lines)


def template_for(player: str, index: int) -> tuple[str, list[tuple[str, int]], str | None]:
    plain = [t for t in TEMPLATES if t[2] is None]
    huge = [t for t in TEMPLATES if t[2] is not None]
    if player in HUGE_PLAYERS:
        return huge[HUGE_PLAYERS.index(player) % len(huge)]
    return plain[index % len(plain)]


def write_armies(folder: Path) -> dict[str, Path]:
    """One army file per player of :data:`PLAYERS` in ``folder``, by name."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for i, player in enumerate(PLAYERS):
        nation, units, _ = template_for(player, i)
        path = folder / f"{player.lower()}.toml"
        path.write_text(army_text(f"{player}'s {nation} host", nation, units), encoding="utf-8")
        out[player] = path
    return out

"""A table's match refereed with ``referee match step``: the two armies of the fixture's
Ada (spartan: two standard tanks, two hoplite phalanxes, peltasts, companion cavalry) and
Brin (spartan: Talos, two standard tanks, two hoplite phalanxes) set up by ENTRENCHED!'s blind
setup in column A, then Ada's two tanks shoot Brin's second phalanx (hoplite-phalanx-4) to
pieces over two turns with typed dice: each shot a 5 to hit (needs 4: base 5, both standing
still +1 +1, the target's Take Cover -1) and a 6 for damage (d6+1, +1: 7 or more on the
phalanx's table, one model killed), two shots a turn, four models in all.

Side 1 is the table's first player (Ada), so her units are named first: standard-tank,
standard-tank-2, hoplite-phalanx, hoplite-phalanx-2, peltast-skirmishers, companion-cavalry;
Brin's are talos, standard-tank-3, standard-tank-4, hoplite-phalanx-3, hoplite-phalanx-4.
"""

from __future__ import annotations

PLACEMENTS = [
    ("standard-tank", "A7", "N"),
    ("standard-tank-2", "A8", "N"),
    ("hoplite-phalanx", "A7", "N"),
    ("hoplite-phalanx-2", "A8", "N"),
    ("peltast-skirmishers", "A5", "N"),
    ("companion-cavalry", "A9", "N"),
    ("talos", "A1", "S"),
    ("standard-tank-3", "A2", "S"),
    ("standard-tank-4", "A3", "S"),
    ("hoplite-phalanx-3", "A2", "S"),
    ("hoplite-phalanx-4", "A3", "S"),
]
TANKS = ("standard-tank", "standard-tank-2")
IDLE = [u for u, _, _ in PLACEMENTS if u not in TANKS]
TARGET = "hoplite-phalanx-4"


def fire(tank: str) -> list[str]:
    return ["-c", f'fire shooter={tank} target={TARGET} weapon="Main gun"', "--dice", "5", "6"]


def steps() -> list[tuple[str, list[str]]]:
    """(step name, the rest of ``referee match step FILE NAME ...``) in order."""
    out: list[tuple[str, list[str]]] = [
        (f"Blind setup: {uid}", ["-c", f"place uid={uid} hex={h} facing={f} speed=stand-still"])
        for uid, h, f in PLACEMENTS
    ]
    out.append(("Both sides revealed", ["-c", "reveal"]))
    orders: list[str] = []
    for tank in TANKS:
        orders += [
            "-c",
            f'orders uid={tank} turn=1 movement="- + - + -" gunnery="Fire + -"',
            "-c",
            f'orders uid={tank} turn=2 movement="- + - + -" gunnery="Load + Fire"',
        ]
    for turn in (1, 2):
        orders += [a for u in IDLE for a in ("-c", f"orders uid={u} turn={turn} missing=confirm")]
    out += [
        ("Orders for turns 1 and 2", [*orders, "-c", "advance skip=idle"]),
        ("Gunnery 1: the tank fires", fire(TANKS[0])),
        ("Gunnery 1: the second tank fires", fire(TANKS[1])),
        ("On to the damage", ["-c", "advance skip=idle"]),
        ("Assault 1: apply damage", ["-c", "apply-damage"]),
        ("On to turn 2", ["-c", "advance skip=idle"]),
        ("Turn 2: no orders for turn 3", ["-c", "advance missing=confirm"]),
        (
            "Gunnery 1: the tanks load",
            [
                "-c",
                f'load uid={TANKS[0]} weapon="Main gun"',
                "-c",
                f'load uid={TANKS[1]} weapon="Main gun"',
                "-c",
                "advance skip=idle",
            ],
        ),
        ("Gunnery 2: the tank fires", fire(TANKS[0])),
        ("Gunnery 2: the second tank fires", fire(TANKS[1])),
        ("On to the damage", ["-c", "advance skip=idle"]),
        ("Gunnery 2: apply damage", ["-c", "apply-damage"]),
    ]
    return out


# Ada: 12 IP x3 = 36 and (14 MP + 4 CP + 6 XP) x1 = 24 surviving, 60; Brin's phalanx
# destroyed (4 MP + 2 CP + 1 XP) x2 = 14: 74 MVP, no bonus.
# Brin: 24 IP x3 = 72 and (4 MP + 4 CP + 1 XP) x1 = 9 surviving, 81; nothing of Ada's
# destroyed; 81 > 74: +16, 97 MVP.
ADA_MVP, BRIN_MVP = 74, 97

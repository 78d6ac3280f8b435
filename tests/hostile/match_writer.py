"""A process that writes to one match file beside others (the concurrency test runs several).

    python match_writer.py FILE NAME SEED OPERATIONS [long]

Each operation is a step (a correction of this writer's own field of the grunts, so a step
built on an old state would replay differently), an undo or a redo, through a new handle
each time (as the command line does) or, with ``long``, through one handle kept open (as the
app does). Every operation that committed is printed as one JSON line: what it was and the
step number; refusals of the family are printed too, and anything else is a traceback.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from referee.errors import RefereeError
from referee.match.games.orders_file import MatchFile

FIELDS = ("shaken", "fire", "acid", "minor_acid", "damage_tokens", "armor_down")


def main() -> int:
    path, name, seed, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    long_lived = len(sys.argv) > 5 and sys.argv[5] == "long"
    field = FIELDS[seed % len(FIELDS)]
    rng = random.Random(seed)
    kept = MatchFile.open(path) if long_lived else None
    for i in range(count):
        action = rng.choices(["step", "undo", "redo"], weights=[5, 2, 2])[0]
        m = kept or MatchFile.open(path)
        try:
            if action == "step":
                step = m.run(
                    f"{name}-{i}",
                    [
                        {"kind": "correct", "uid": "grunts", "set": {field: i % 7}},
                        {"kind": "correct", "uid": "tank", "set": {field: (i + 1) % 7}},
                    ],
                )
                done: dict[str, object] = {"op": "step", "number": step.number, "name": step.name}
            else:
                taken = m.undo() if action == "undo" else m.redo()
                done = {"op": action, "number": None if taken is None else taken.number}
        except RefereeError as exc:
            done = {"op": action, "refused": str(exc)}
        finally:
            if kept is None:
                m.close()
        print(json.dumps(done), flush=True)
    if kept is not None:
        kept.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The written-orders game's step engine imports each command's rules with the command: a
match whose steps only write orders and move the clock (a new demo match, as the window's
first start writes it) never imports the movement, assault or fire engines. Checked in a
fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

LATER = ("referee.rules.movement_step", "referee.rules.assault", "referee.rules.orders.fire_damage")


def test_writing_orders_and_moving_the_clock_imports_no_movement_assault_or_fire_engine(
    tmp_path,
):
    code = (
        "import json, sys\n"
        "from referee.match.setup.demo import create_demo_match\n"
        f"match = create_demo_match({str(tmp_path / 'demo.referee')!r})\n"
        "assert match.state.step == 'gunnery-1', match.state.step\n"
        "match.close()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "", "REFEREE_HOME": str(tmp_path / "home")},
    )
    loaded = json.loads(out.stdout.splitlines()[-1])
    assert "referee.rules.orders.step" in loaded  # the demo's step went through the engine
    early = [m for m in loaded if any(m == p or m.startswith(f"{p}.") for p in LATER)]
    assert early == []

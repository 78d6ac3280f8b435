"""``referee activation move`` with a colliding aircraft ends the move where the collision is,
as the match's move does (draft 002, Aircraft: "2 Aircraft units cannot occupy the same
position at any time. If they would, destroy both colliding units"; ruling
``activation.aircraft-collision``, reading ``tile``: entering a tile that holds another
aircraft collides, both are destroyed and the move ends there)."""

from __future__ import annotations

import json

from referee.cli.main import main


def test_the_move_ends_at_the_collision_and_names_its_ruling(capsys):
    """A fighter (aircraft L, Movement 6) at H12 facing N flies F,F,F,F (H11, H10, H9, H8,
    1 each); a bomber stands at H10. Step 2 enters H10: both destroyed, the move ends there
    after 2 of its 6 points; H9 and H8 are not flown."""
    argv = [
        "activation",
        "move",
        "fighter",
        "H12:N",
        "--steps",
        "F,F,F,F",
        "--other",
        "bomber@H10:N",
    ]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["to"], data["cost"], data["steps_codes"]) == ("H10:N", 2, ["F", "F"])
    assert [s["to"] for s in data["steps"]] == ["H11:N", "H10:N"]
    assert data["path"] == {"to": "H8:N", "cost": 4, "steps": 4}
    assert data["collision"]["at"] == "H10"
    assert "activation.aircraft-collision" in data["rulings"]
    assert data["readings"]["activation.aircraft-collision"] == "tile"
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "allowed, 2 of 6; it ends at H10:N, colliding with bomber" in out
    assert "the move ends at H10: the rest of the path is not flown" in out
    assert "step 3" not in out
    assert "activation.aircraft-collision (tile)" in out
    # without the bomber the whole path is flown, and the ruling is not named
    assert main([*argv[:-2], "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["to"], data["cost"], data["collision"]) == ("H8:N", 4, None)
    assert "activation.aircraft-collision" not in data["rulings"]

"""The odds page of a shot agrees with itself: the per-hit table reads the target as the
action's first damage roll sees it, with the damage already pending in the step, exactly as
the whole action's odds do (clause ``damage.sequence``, ruling ``damage.pending-tokens``).

The case of issue 24: the tank's Main gun gores the boars (a +1 token, pending until the
'apply damage' step); then the hoplites' Heavy musket (d6-1, AP 1) at the boars (no
armor; regular table: 5 gored, +1 token; 8 one rider falls), one hit in two.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

from referee.match.games.orders_file import MatchFile
from referee.rules.fire.preview import ShotPreview, preview_shot
from referee.rules.orders.board_now import board_now

UNITS = [
    {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "E7", "speed": "slow"},
    {"uid": "boars", "unit": "boar-riders", "side": 2, "hex": "E4", "facing": 3},
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C7"},
]


def preview_after_a_gore(tmp_path: Path, readings: dict[str, str]) -> ShotPreview:
    with MatchFile.create(
        tmp_path / "f.referee",
        map_name="standard",
        units=UNITS,
        seed=3,
        ruleset="current",
        readings={"turn.fire-outside-gunnery": "any-step", **readings},
    ) as m:
        # Main gun (AP 2, d6+1) at the boars (no armor): to hit 5 against 3+; damage
        # 4 + 1 = 5, a gore, pending.
        step = m.run(
            "tank gores the boars",
            [{"kind": "fire", "shooter": "tank", "target": "boars", "weapon": "Main gun"}],
            typed=[5, 4],
        )
        assert "Boar gored" in step.events[0].text
        state = m.state
        assert state.unit("boars").damage_tokens == 0  # the token waits for 'apply damage'
        return preview_shot(
            state.rules,
            board_now(state),
            state.unit("hoplites"),
            state.unit("boars"),
            state.unit("hoplites").unit.weapon("Heavy musket"),
            units=state.units.values(),
            ledger=state.ledger(),
        )


def rows(preview: ShotPreview) -> dict[str, F]:
    (front,) = preview.sectors
    return {r.label: r.p for r in front.odds.rows}


def test_a_pending_token_counts_in_the_per_hit_table_as_in_the_whole_action(tmp_path):
    # Tokens seen immediately (the default reading): the musket's roll is d6 - 1 + 1 = d6;
    # gored on 5-6 (2/6), never a rider (8 is out of reach), below the table on 1-4 (4/6);
    # each times the hit's 1/2: gored 1/6, below 1/3. (Without the pending token: gored on
    # a 6 only, 1/12, the page's old "gored 8.3%" beside "gored at least once 51.8%".)
    preview = preview_after_a_gore(tmp_path, {})
    assert preview.p_hit == F(1, 2)
    table = rows(preview)
    assert table["Boar gored: +1 to future damage"] == F(1, 6)
    assert table["no damage (below the table)"] == F(1, 3)


def test_tokens_seen_at_apply_leave_the_per_hit_table_at_the_steps_start(tmp_path):
    # Ruling damage.pending-tokens = at-apply: the roll sees the boars' tokens of the step's
    # start (none): gored on a 6 only, 1/6 times 1/2 = 1/12; below the table 5/6 * 1/2.
    table = rows(preview_after_a_gore(tmp_path, {"damage.pending-tokens": "at-apply"}))
    assert table["Boar gored: +1 to future damage"] == F(1, 12)
    assert table["no damage (below the table)"] == F(5, 12)

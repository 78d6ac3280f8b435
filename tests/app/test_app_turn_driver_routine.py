"""Next step at a gunnery step carries out the Aim and Load orders first (no dice)."""

from __future__ import annotations

from referee.app.session.turn_driver import routine_orders
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import Advance, Correct, Load


def test_the_demo_tanks_load_order_is_carried_out_in_gunnery_2(tmp_path):
    with create_demo_match(tmp_path / "demo.referee") as m:
        # The demo's tank has "Fire + Load": nothing routine in gunnery 1, a Load in 2.
        assert [c for c in routine_orders(m.state, m.steps()) if c.uid == "tank"] == []
        m.run("Fire", [Correct(uid="tank", set={"loaded": {}})])
        m.run("To gunnery 2", [Advance(to="gunnery-2", unfired="pass")])
        routine = routine_orders(m.state, m.steps())
        assert Load(uid="tank") in routine  # a typed command, as a wizard hands back
        m.run("Gunnery 2: aim and load", routine)
        assert m.state.unit("tank").ammo("Main gun") == 1
        # done once: not again in the same gunnery step
        assert [c for c in routine_orders(m.state, m.steps()) if c.uid == "tank"] == []

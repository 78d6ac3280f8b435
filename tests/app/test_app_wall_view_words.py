"""The wall view as a desk uses it: Esc leaves it (full screen first, then the view), its
TVP with the decimals every other list shows, and its standings saying which rounds'
results they hold while a round is being played."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk
from referee.tournament.scoring import MatchResult, PlayerResult, Points


def random_result(rng: random.Random, a: str, b: str) -> MatchResult:
    lost = [rng.randint(0, 24), rng.randint(0, 24)]
    return MatchResult(
        tuple(
            PlayerResult(n, Points(ip=24 - x), Points(ip=x))
            for n, x in zip((a, b), lost, strict=True)
        )
    )


def window_in_round_two(qtbot, path) -> TournamentWindow:
    """Four players, round 1 played, round 2 paired with one of its two tables in."""
    rng = random.Random(4)
    desk = Desk.create(path, name="Wall Cup", rounds=3, seed=3, who="window")
    for n in ("Ada", "Brin", "Cato", "Dora"):
        desk.add_player(n, "ork")
    for number, done in ((1, 2), (2, 1)):
        p = desk.pair()
        for t, (a, b) in list(enumerate(p.tables, 1))[:done]:
            desk.record_result(number, t, random_result(rng, a, b))
    window = TournamentWindow(desk)
    qtbot.addWidget(window)
    return window


def test_esc_in_the_wall_view_leaves_full_screen_then_closes_the_view(qtbot, tmp_path):
    w = window_in_round_two(qtbot, tmp_path / "ev.db")
    w.show()
    wall = w.show_wall()
    qtbot.addWidget(wall)
    qtbot.waitExposed(wall)
    qtbot.keyClick(wall, Qt.Key.Key_F11)
    qtbot.waitUntil(wall.isFullScreen)
    qtbot.keyClick(wall, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not wall.isFullScreen())
    assert wall.isVisible()
    qtbot.keyClick(wall, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not wall.isVisible())
    assert w.isVisible()  # the desk's window stays
    assert w.show_wall() is wall and wall.isVisible()  # Tools > Wall view shows it again


def test_the_wall_views_standings_show_two_decimals_and_the_round_in_progress(qtbot, tmp_path):
    w = window_in_round_two(qtbot, tmp_path / "ev.db")
    wall = w.show_wall()
    qtbot.addWidget(wall)
    w.tick()
    text = wall.ranking.text()
    assert "<br>after round 1 (round 2: 1 of 2 tables in)<table>" in text
    tvps = [cell.split("<")[0] for cell in text.split("<td align=right>")[2::2]]
    assert len(tvps) == 4 and all(len(t.split(".")[1]) >= 2 for t in tvps), tvps

"""Two desks at once: two real processes writing to one event (a file, a server) lose
nothing and never count a result twice (one transaction per write, stale writes decided
again)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from referee.tournament.desk import Desk

ENTER = textwrap.dedent("""
    import sys
    from referee.tournament.desk import Desk
    desk = Desk.open(sys.argv[1], who=sys.argv[2])
    for i in range(int(sys.argv[3])):
        desk.add_player(f"{sys.argv[2]}-{i}", "ork")
    desk.close()
""")

RESULTS = textwrap.dedent("""
    import json, sys
    from referee.tournament.desk import Desk, DeskError
    from referee.tournament.scoring import MatchResult, PlayerResult, Points
    desk = Desk.open(sys.argv[1], who=sys.argv[2])
    rnd = desk.event().round(1)
    won, refused = [], []
    for t, (a, b) in enumerate(rnd.tables, 1):
        r = MatchResult((PlayerResult(a, Points(ip=3), Points(ip=21)),
                         PlayerResult(b, Points(ip=5), Points(ip=19))))
        try:
            desk.record_result(1, t, r, sys.argv[2])
            won.append(t)
        except DeskError:
            refused.append(t)
    print(json.dumps({"won": won, "refused": refused}))
    desk.close()
""")


def run_both(code: str, path, *extra: str) -> list[str]:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(path), who, *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for who in ("desk-a", "desk-b")
    ]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        outs.append(out)
    return outs


def test_two_processes_entering_players_at_once_lose_none(event_target):
    path = event_target
    Desk.create(path, name="Two desks", seed=1).close()
    run_both(ENTER, path, "40")
    with Desk.open(path) as desk:
        names = set(desk.event().players)
    assert names == {f"desk-{d}-{i}" for d in "ab" for i in range(40)}


def test_two_processes_entering_the_same_results_count_each_table_once(event_target):
    path = event_target
    with Desk.create(path, name="Two desks", seed=1) as desk:
        for i in range(40):
            desk.add_player(f"p{i}")
        desk.pair()
    outs = [json.loads(o) for o in run_both(RESULTS, path)]
    won = sorted(outs[0]["won"] + outs[1]["won"])
    assert won == list(range(1, 21))  # every table exactly once, by one desk or the other
    with Desk.open(path) as desk:
        event = desk.event()
        assert all(len(tr.trail) == 1 for tr in event.round(1).results.values())
        kinds = [r.kind for r in event.records]
        assert kinds.count("result") == 20
        assert sum(s.mvp for s in desk.standings().standings) > 0


HEARS = textwrap.dedent("""
    import sys, time
    from referee.tournament.desk import Desk
    desk = Desk.open(sys.argv[1], who="desk-b")
    print(desk.event().revision, flush=True)
    deadline = time.monotonic() + 60
    while desk.store.revision() == int(sys.argv[2]) and time.monotonic() < deadline:
        time.sleep(0.1)
    print(" ".join(desk.event().players), flush=True)
""")


def test_a_desk_that_paired_a_round_is_still_heard_by_the_other_desks(event_target):
    # Pairing backs the event up first: the copy must leave the desk's hold on its file as
    # it was, or the other desks stop seeing what it writes next.
    with Desk.create(event_target, name="Two desks", seed=1) as desk:
        for n in ("Ada", "Brin"):
            desk.add_player(n)
        desk.pair()
        other = subprocess.Popen(
            [sys.executable, "-c", HEARS, str(event_target), str(desk.event().revision)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert int(other.stdout.readline()) == desk.event().revision
        desk.add_player("Cato")  # a late entry, written after the backup
        out, err = other.communicate(timeout=120)
    assert out.split() == ["Ada", "Brin", "Cato"], err


def test_desks_backing_up_at_the_same_moment_keep_every_copy_whole(tmp_path):
    import threading

    from referee.paths import backup_file
    from referee.tournament.stores import open_store

    path = tmp_path / "ev.db"
    with Desk.create(path, name="Two desks", seed=1) as desk:
        desk.add_player("Ada")
    start = threading.Barrier(4)
    copies, errors = [], []

    def back_up():
        start.wait()
        try:
            copies.append(backup_file(path, "before-round-1", folder=tmp_path / "backups"))
        except Exception as exc:  # collected, so the test names it
            errors.append(exc)

    threads = [threading.Thread(target=back_up) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors and len(set(copies)) == 4
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == sorted(
        p.name for p in copies
    )  # no partial file left behind
    for copy in copies:
        store = open_store(copy)
        assert [r.kind for r in store.records()] == ["event", "player"]
        store.close()

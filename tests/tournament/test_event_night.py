"""Issue 28's "Done when", played as a test: a 24-player event run from the desk while a real
``referee tournament serve`` process serves it to 24 simulated phones (real HTTP clients,
one thread each). One player is a no-show at the door; every Swiss table is reported by one
phone and confirmed by the other, except one the opponent disputes and the desk decides; a
penalty is given; a top 8 is cut and played to its final from the phones; the players vote
from their phones; and the standings, the cut's bracket and the awards are checked against
what the rules make of the results the phones sent, worked out here from the clauses."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest
from room_client import Served, serve

from referee.tournament.desk import Desk
from referee.tournament.room import issue_codes, queue
from referee.tournament.scoring import MatchResult, PlayerResult, Points

NAMES = [f"P{i:02d}" for i in range(1, 25)]
NO_SHOW = "P24"
PENALISED = "P05"
PENALTY = 5  # TVP
SWISS = 3
DISPUTED = (2, 3)  # round 2, table 3: disputed, the desk decides
BYE_MVP = 16  # ruling tournament.bye, reading winner-bonus


def kept(name: str) -> int:
    """The IP of 24 a player keeps in every Swiss game: from 12 to 24, by the player."""
    return 24 - (int(name[1:]) * 5) % 13


def mvp_of(a_kept: int, b_kept: int) -> tuple[int, int]:
    """Clause victory.mvp for tanks only (24 IP a side): 3 per surviving own IP, 6 per
    destroyed enemy IP, +16 to the player with more points (none at a draw)."""
    a = 3 * a_kept + 6 * (24 - b_kept)
    b = 3 * b_kept + 6 * (24 - a_kept)
    return a + 16 * (a > b), b + 16 * (b > a)


def tvp(mvp: int) -> float:
    """Clause victory.tvp: MVP^0.75."""
    return mvp**0.75


def side(name: str, keep: int) -> dict[str, object]:
    return {"name": name, "surviving": {"ip": keep}, "destroyed": {"ip": 24 - keep}}


@dataclass
class Ledger:
    """What the phones and the desk sent, scored here by the clauses."""

    mvp: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NAMES, 0))
    tvp: dict[str, float] = field(default_factory=lambda: dict.fromkeys(NAMES, 0.0))
    opponents: dict[str, list[str]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def game(self, a: str, b: str, a_kept: int, b_kept: int) -> None:
        ma, mb = mvp_of(a_kept, b_kept)
        with self.lock:
            for me, m in ((a, ma), (b, mb)):
                self.mvp[me] += m
                self.tvp[me] += tvp(m)

    def bye(self, name: str) -> None:
        self.mvp[name] += BYE_MVP
        self.tvp[name] += tvp(BYE_MVP)


class Phone:
    """A player's phone: it reads the round, finds its table, reports or confirms."""

    def __init__(self, served: Served, name: str, code: str) -> None:
        self.served, self.name, self.code = served, name, code

    def table(self, round_number: int) -> tuple[int, list[str]] | None:
        for _ in range(200):  # the server reads the event again within a second
            data = self.served.get("/api/round").json()
            if data["round"] == round_number:
                break
            threading.Event().wait(0.05)
        assert data["round"] == round_number
        for t in data["tables"]:
            if self.name in t["players"]:
                return t["table"], t["players"]
        return None

    def post(self, path: str, data: dict[str, object]) -> tuple[int, dict[str, object]]:
        r = self.served.post_json(path, {**data, "code": self.code})
        return r.status, r.json()


def play_round(
    served: Served,
    codes: dict[str, str],
    number: int,
    players: list[str],
    score: Callable[[str, str], tuple[int, int]],
    ledger: Ledger,
    dispute: int | None = None,
) -> dict[int, list[str]]:
    """Every phone of ``players`` plays round ``number``: the table's first player reports
    ``score(a, b)`` (IP each kept), the second confirms it (or, at table ``dispute``,
    disputes it); returns the tables as the phones saw them."""
    reported: dict[int, threading.Event] = {}
    seen: dict[int, list[str]] = {}
    guard = threading.Lock()

    def phone(name: str) -> None:
        me = Phone(served, name, codes[name])
        found = me.table(number)
        if found is None:
            return
        t, pair = found
        with guard:
            reported.setdefault(t, threading.Event())
            seen[t] = pair
        a, b = pair
        if name == a:
            a_kept, b_kept = score(a, b)
            status, answer = me.post(
                "/api/result",
                {
                    "round": number,
                    "table": t,
                    "result": {"players": [side(a, a_kept), side(b, b_kept)]},
                },
            )
            assert status == 202 and answer["confirmed"] is False, answer
            reported[t].set()
            if t != dispute:
                ledger.game(a, b, a_kept, b_kept)
            return
        assert reported[t].wait(60)  # both phones of a table made its event
        if t == dispute:
            status, answer = me.post(
                "/api/dispute", {"round": number, "table": t, "why": "I kept 24 IP, not that"}
            )
            assert status == 202 and answer["state"].startswith("disputed"), answer
            return
        status, answer = me.post("/api/confirm", {"round": number, "table": t})
        assert status == 200 and answer["confirmed"] is True, answer

    with ThreadPoolExecutor(len(players)) as pool:
        for done in [pool.submit(phone, n) for n in players]:
            done.result()
    return seen


def swiss_score(a: str, b: str) -> tuple[int, int]:
    return kept(a), kept(b)


def test_a_24_player_night_from_the_desk_and_24_phones(tmp_path):
    ev = tmp_path / "night.db"
    desk = Desk.create(ev, name="Night Cup", seed=28, rounds=SWISS, who="desk")
    for i, n in enumerate(NAMES):
        desk.add_player(n, ("ork", "elf", "spartan")[i % 3], club=("Hex", "Bay", "")[i % 2])
    codes = issue_codes(desk)
    desk.mark_attendance(NO_SHOW, present=False, why="no answer at the door")
    ledger = Ledger()
    playing = [n for n in NAMES if n != NO_SHOW]
    with serve(ev) as served:
        # --- the Swiss rounds ------------------------------------------------------------
        for number in range(1, SWISS + 1):
            pairing = desk.pair()
            assert NO_SHOW not in {n for t in pairing.tables for n in t}
            assert pairing.bye is not None  # 23 players
            ledger.bye(pairing.bye)
            dispute = DISPUTED[1] if number == DISPUTED[0] else None
            seen = play_round(served, codes, number, playing, swiss_score, ledger, dispute)
            assert seen == {t: list(p) for t, p in enumerate(pairing.tables, start=1)}
            for a, b in seen.values():
                ledger.opponents.setdefault(a, []).append(b)
                ledger.opponents.setdefault(b, []).append(a)
            if dispute is not None:
                waiting = queue(desk.event())
                assert [(w.round, w.table, w.disputed) for w in waiting] == [
                    (number, dispute, True)
                ]
                a, b = seen[dispute]
                # the desk hears both players and decides: both kept 20 IP (a draw)
                desk.record_result(
                    number,
                    dispute,
                    MatchResult(
                        (
                            PlayerResult(a, Points(ip=20), Points(ip=4)),
                            PlayerResult(b, Points(ip=20), Points(ip=4)),
                        )
                    ),
                    "the desk, after hearing both players",
                )
                ledger.game(a, b, 20, 20)
                assert queue(desk.event()) == []
            event = desk.event()
            assert event.round(number).complete
            sources = [
                tr.record.data.get("source", "") for tr in event.round(number).results.values()
            ]
            from_room = [s for s in sources if s.startswith("the room: reported by")]
            assert len(from_room) == 11 - (dispute is not None)
            if number == 1:
                desk.penalise(PENALISED, "painted over another player's army list", PENALTY, "tvp")
                ledger.tvp[PENALISED] -= PENALTY

        # --- the standings ---------------------------------------------------------------
        expected = sorted(playing, key=lambda n: -ledger.tvp[n])
        totals = [round(ledger.tvp[n], 4) for n in expected]
        assert len(set(totals)) == len(totals)  # every place is decided by total TVP
        st = desk.standings()
        assert [s.name for s in st.standings if not s.dropped] == expected
        for s in st.standings:
            if s.name != NO_SHOW:
                assert s.tvp == pytest.approx(ledger.tvp[s.name], abs=1e-4), s.name
                assert s.mvp == ledger.mvp[s.name], s.name
        assert st.standings[-1].name == NO_SHOW and st.standings[-1].dropped
        served_standings = served.get("/api/standings").json()
        assert [s["name"] for s in served_standings["standings"]][:23] == expected

        # --- the top 8: 1 v 8, 4 v 5, 2 v 7, 3 v 6; seed 5 beats seed 4 ---------------------
        cut = desk.start_cut(8)
        seeds = expected[:8]
        assert list(cut.seeds) == seeds
        upset = {(seeds[3], seeds[4]): seeds[4]}

        def cut_score(a: str, b: str) -> tuple[int, int]:
            won = upset.get((a, b), upset.get((b, a), min(a, b, key=seeds.index)))
            return (24, 0) if won == a else (0, 24)

        bracket = []
        for number in range(SWISS + 1, SWISS + 4):
            pairing = desk.pair()
            bracket.append([tuple(t) for t in pairing.tables])
            play_round(served, codes, number, list(cut.seeds), cut_score, Ledger())
        s = seeds
        assert bracket == [
            [(s[0], s[7]), (s[3], s[4]), (s[1], s[6]), (s[2], s[5])],
            [(s[0], s[4]), (s[1], s[2])],
            [(s[0], s[1])],
        ]
        from referee.tournament.top_cut import champion

        assert champion(desk.event()) == s[0]

        # --- votes from the phones, then the awards ----------------------------------------
        votes: dict[str, dict[str, str]] = {}
        for n in playing:
            first = ledger.opponents[n][0]
            last = ledger.opponents[n][-1]
            votes[n] = {
                "painting": "P08" if n == "P07" else "P07",
                "favourite-opponent": first,
                "sportsmanship": last,
            }

        def vote(name: str) -> None:
            me = Phone(served, name, codes[name])
            for category, choice in votes[name].items():
                status, answer = me.post("/api/vote", {"category": category, "for": choice})
                assert status == 200 and answer["voter"] == name, answer

        with ThreadPoolExecutor(len(playing)) as pool:
            for done in [pool.submit(vote, n) for n in playing]:
                done.result()
        again = Phone(served, "P01", codes["P01"]).post(
            "/api/vote", {"category": "painting", "for": "P02"}
        )
        assert again[0] == 409  # ruling tournament.second-vote: refused
        data = served.get("/api/awards").json()

    tally: dict[str, dict[str, int]] = {}
    for chosen in votes.values():
        for category, choice in chosen.items():
            tally.setdefault(category, {}).setdefault(choice, 0)
            tally[category][choice] += 1
    for category, counted in tally.items():
        assert data["votes"][category] == counted, category
    won = {a["award"]: a["winners"] for a in data["awards"]}
    assert won["best-general"] == [expected[0]]
    assert won["champion"] == [s[0]]
    assert won["painting"] == ["P07"]  # 22 of the 23 votes
    for category in ("favourite-opponent", "sportsmanship"):
        most = max(tally[category].values())
        assert sorted(won[category]) == sorted(n for n, v in tally[category].items() if v == most)
    # best overall = 1 x TVP + 10 x painting + 10 x sportsmanship + 5 x favourite opponent
    overall = {
        n: ledger.tvp[n]
        + 10 * tally["painting"].get(n, 0)
        + 10 * tally["sportsmanship"].get(n, 0)
        + 5 * tally["favourite-opponent"].get(n, 0)
        for n in playing
    }
    best = max(overall.values())
    assert won["best-overall"] == [n for n in playing if overall[n] == best]
    desk.close()

"""The exact line between hex centres (los.straight-line), checked against hand drawings.

Coordinates used in the comments are the integer lattice of hexgrid.lattice():
X = 2x, Y = 2y/sqrt(3); a hex centre at (X, Y) has corners (X±2, Y), (X±1, Y±1).
"""

from __future__ import annotations

from referee.board.hexgrid import Hex, hex_label, parse_label
from referee.board.line import trace


def labels(hexes):
    return [hex_label(h) for h in hexes]


def test_straight_column_crosses_every_hex_between():
    # A1 (0,0) to A5 (0,8): straight down column A through A2, A3, A4.
    t = trace(parse_label("A1"), parse_label("A5"))
    assert labels(t.crossed) == ["A2", "A3", "A4"]
    assert t.edges == () and t.vertices == ()


def test_neighbours_cross_nothing():
    assert trace(parse_label("C3"), parse_label("D3")).touches == ()


def test_line_through_corners_touches_the_third_hex():
    # B3 (3,5) to F6 (15,11): slope 1/2 through lattice points (5,6), (7,7), (9,8),
    # (11,9), (13,10). (7,7) is the corner C4|D4|C5 and (11,9) the corner D5|E5|E6;
    # the line passes inside C4, D4, D5 and E6 and only touches C5 and E5.
    t = trace(parse_label("B3"), parse_label("F6"))
    assert labels(t.crossed) == ["C4", "D4", "D5", "E6"]
    assert labels(t.vertices) == ["C5", "E5"]
    assert t.edges == ()


def test_line_along_an_edge_crosses_neither_side():
    # A2 (0,2) to C2 (6,2): the horizontal Y=2 runs along the edge (2,2)-(4,2) shared
    # by B1 (3,1) and B2 (3,3).
    t = trace(parse_label("A2"), parse_label("C2"))
    assert t.crossed == ()
    assert [sorted(labels(pair)) for pair in t.edges] == [["B1", "B2"]]


def test_long_diagonal_alternates_edges_and_crossed_centres():
    # A2 (0,2) to E2 (12,2): edge B1|B2, then C2's centre (6,2), then edge D1|D2.
    t = trace(parse_label("A2"), parse_label("E2"))
    assert labels(t.crossed) == ["C2"]
    assert [sorted(labels(p)) for p in t.edges] == [["B1", "B2"], ["D1", "D2"]]


def test_trace_is_the_same_line_both_ways():
    for a, b in [("B3", "F6"), ("A2", "E2"), ("A1", "G9"), ("C1", "E8")]:
        forward = trace(parse_label(a), parse_label(b))
        backward = trace(parse_label(b), parse_label(a))
        assert backward.crossed == forward.crossed[::-1]
        assert backward.vertices == forward.vertices[::-1]
        assert [set(p) for p in backward.edges] == [set(p) for p in forward.edges[::-1]]


def test_trace_matches_lattice_symmetry():
    # Rotating the whole picture by 60 degrees rotates the trace (exactness check).
    def rot(h: Hex) -> Hex:
        return Hex(-h.r, h.q + h.r)

    for d in [Hex(5, -2), Hex(4, 2), Hex(7, -7), Hex(3, 3), Hex(6, -1)]:
        t = trace(Hex(0, 0), d)
        r = trace(Hex(0, 0), rot(d))
        assert r.crossed == tuple(rot(h) for h in t.crossed)
        assert r.vertices == tuple(rot(h) for h in t.vertices)
        assert [set(p) for p in r.edges] == [{rot(a), rot(b)} for a, b in t.edges]

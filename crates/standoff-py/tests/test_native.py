"""The native API: Variant, Position, Order / parse_order, and the error hierarchy."""

import pickle

import pytest

import standoff
from standoff import Order, Position, Variant, parse_order


def test_error_hierarchy():
    assert issubclass(standoff.StandoffError, ValueError)
    assert issubclass(standoff.InvalidOrderError, standoff.StandoffError)
    assert issubclass(standoff.AmbiguousOrderError, standoff.InvalidOrderError)
    assert issubclass(standoff.IllegalOrderError, standoff.StandoffError)
    assert issubclass(standoff.InvalidStateError, standoff.StandoffError)
    assert issubclass(standoff.OrderWarning, UserWarning)


def test_variant():
    v = Variant.standard()
    assert v.name == "standard"
    assert v.powers == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    assert len(v.supply_centers) == 34
    assert v.victory_centers == 18
    assert "STP/NC" in v.locations and "STP" in v.provinces
    assert Variant.builtin("classical") == v
    assert eval(repr(v), {"Variant": Variant}) == v
    with pytest.raises(standoff.StandoffError):
        Variant.builtin("nope")
    with pytest.raises(standoff.StandoffError):
        Variant.from_toml("not = [valid")


def test_position_initial_and_repr_round_trip():
    p = Position.initial()
    assert p.phase == "S1901M" and p.phase_type == "M" and p.year == 1901
    assert p.units["ENGLAND"] == ["F EDI", "F LON", "A LVP"]
    assert p.centers["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]
    assert p.dislodged == {}
    assert p == Variant.standard().initial_position()
    q = eval(repr(p), {"Position": Position})
    assert q == p and repr(q) == repr(p)
    assert hash(q) == hash(p)
    assert pickle.loads(pickle.dumps(p)) == p


def test_position_with_dislodged_units():
    p = Position(
        phase="F1901R",
        units={"FRANCE": ["A BUR", "A MAR"], "GERMANY": ["A RUH"]},
        centers={"FRANCE": ["PAR", "MAR"]},
        dislodged={"GERMANY": {"A MUN": ["BOH", "TYR"]}},
    )
    assert p.dislodged == {"GERMANY": {"A MUN": ["BOH", "TYR"]}}
    assert eval(repr(p), {"Position": Position}) == p
    assert Position.from_json(p.to_json()) == p
    assert Position.from_state(p.to_state()) == p
    assert p.to_state()["units"]["GERMANY"] == ["A RUH", "*A MUN"]
    assert p.orderable_locations()["GERMANY"] == ["MUN"]
    assert sorted(p.possible_orders()["MUN"]) == ["A MUN D", "A MUN R BOH", "A MUN R TYR"]
    d = p.to_dict()
    assert Position(**d) == p


def test_position_errors():
    with pytest.raises(standoff.InvalidStateError, match="PAR"):
        Position(units={"FRANCE": ["A PAR", "F PAR"]})
    with pytest.raises(standoff.InvalidStateError):
        Position(units={"NARNIA": ["A PAR"]})
    with pytest.raises(standoff.InvalidStateError):
        Position(units={"FRANCE": ["F MUN"]})
    with pytest.raises(standoff.InvalidStateError):
        Position(phase="S1901X")
    with pytest.raises(standoff.InvalidStateError):
        Position.from_json("{")
    with pytest.raises(TypeError):
        Position(units=["A PAR"])


def test_position_adjudicate():
    r = Position.initial().adjudicate({"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]})
    assert r.results["A PAR"] == ["bounce"] and r.results["A MUN"] == ["bounce"]
    assert r.units["FRANCE"] == ["F BRE", "A MAR", "A PAR"]
    assert "bounces" in r.report


@pytest.mark.parametrize(
    "text, phase, kind, string",
    [
        ("F North Sea - Picardy", "M", "move", "F NTH - PIC"),
        ("A Lvp-Edi via Convoy", "M", "move", "A LVP - EDI VIA"),
        ("F nth C A yor-bel", "M", "convoy", "F NTH C A YOR - BEL"),
        ("A mun S A ber", "M", "support_hold", "A MUN S A BER"),
        ("F London Supports ENGLISH F North Sea - Picardy", "M", "support_move", "F LON S F NTH - PIC"),
        ("A Par to Bur", "M", "move", "A PAR - BUR"),
        ("A Mun H", "M", "hold", "A MUN H"),
        ("F StP(nc) - Bar", "M", "move", "F STP/NC - BAR"),
        ("A PAR R BUR", "R", "retreat", "A PAR R BUR"),
        ("A PAR - BUR", "F1901R", "retreat", "A PAR R BUR"),
        ("A PAR D", "R", "disband", "A PAR D"),
        ("Build F stp/nc", "A", "build", "F STP/NC B"),
        ("Remove A mun", "A", "remove", "A MUN D"),
        ("Waive", "A", "waive", "WAIVE"),
    ],
)
def test_parse_order(text, phase, kind, string):
    o = parse_order(text, phase=phase, power="England")
    assert o.kind == kind
    assert str(o) == string
    assert o.power == "ENGLAND"
    # str() is the package notation, which reads back to the same order.
    assert parse_order(str(o), phase=phase, power="ENGLAND") == o
    assert eval(repr(o), {"Order": Order}) == o


def test_order_fields():
    o = parse_order("France: A PAR S A MAR - BUR")
    assert (o.power, o.unit, o.unit_type, o.location, o.target, o.destination) == (
        "FRANCE", "A PAR", "A", "PAR", "A MAR", "BUR")
    assert o.rulebook() == "A Par S A Mar - Bur"
    c = parse_order("F NTH C A LON - NWY")
    assert c.power is None and c.target == "A LON" and c.destination == "NWY"
    assert parse_order("A LON - NWY VIA").via_convoy
    n = parse_order("Par - Bur")
    assert n.unit_type is None and str(n) == "PAR - BUR"
    assert hash(parse_order("A PAR - BUR")) == hash(Order("A Paris - Burgundy"))
    w = parse_order("WAIVE", phase="A", power="FRANCE")
    assert w.unit is None and w.location is None


def test_parse_errors():
    with pytest.raises(standoff.InvalidOrderError) as info:
        parse_order("A Par - Xyzzy")
    e = info.value
    assert e.order == "A Par - Xyzzy" and "Xyzzy" in e.reason
    assert "^" in str(e)  # caret under the bad word
    with pytest.raises(standoff.AmbiguousOrderError):
        parse_order("A Par - Ma")
    with pytest.raises(standoff.InvalidOrderError):
        parse_order("")
    with pytest.raises(standoff.InvalidOrderError):
        parse_order("A PAR - BUR", power="NARNIA")
    with pytest.raises(standoff.StandoffError):
        parse_order("A PAR - BUR", phase="Q")
    with pytest.raises(ValueError):
        parse_order("A PAR - BUR bur bur")


def test_waives_given_again_replace_the_earlier_ones():
    # WAIVE is for no unit: a call with replace=True says how many builds the power
    # waives (it used to add one more WAIVE on every call); replace=False adds them.
    g = standoff._standoff.Game()
    state = g.get_state()
    state.update(name="W1901A", units={"FRANCE": ["A PAR"]}, centers={"FRANCE": ["PAR", "MAR", "BRE"]})
    g.set_state(state)
    for _ in range(3):
        g.set_orders("FRANCE", ["F BRE B", "WAIVE"], errors="ignore")
        assert g.get_orders("FRANCE") == ["F BRE B", "WAIVE"]
    g.set_orders("FRANCE", ["WAIVE"], replace=False, errors="ignore")
    assert g.get_orders("FRANCE") == ["F BRE B", "WAIVE", "WAIVE"]

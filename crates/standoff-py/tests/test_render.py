"""Game.render: the diplomacy package's signature, SVG text or PNG bytes, orders as
set so far, output_path written atomically."""

import xml.etree.ElementTree as ET

import pytest

import standoff
from standoff import Game

SVG_NS = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def units_drawn(root):
    """(power, kind, location) of every unit marker, upper-cased like get_units."""
    return sorted(
        (g.get("data-power").upper(), g.get("data-kind"), g.get("data-location").upper())
        for g in root.iter(f"{SVG_NS}g")
        if "unit" in (g.get("class") or "").split()
    )


def orders_drawn(root):
    return [g for g in root.iter(f"{SVG_NS}g") if "order" in (g.get("class") or "").split()]


def test_svg_parses_and_draws_every_unit():
    game = Game()
    svg = game.render()
    assert isinstance(svg, str)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    expected = sorted(
        (power, unit.split()[0], unit.split()[1])
        for power, units in game.get_units().items()
        for unit in units
    )
    assert len(expected) == 22
    assert units_drawn(root) == expected


def test_orders_are_drawn_only_with_incl_orders():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H"])
    game.set_orders("ENGLAND", ["F LON - NTH"])
    with_orders = orders_drawn(ET.fromstring(game.render(incl_orders=True)))
    assert len(with_orders) == 4
    powers = sorted(g.get("data-power").upper() for g in with_orders)
    assert powers == ["ENGLAND", "FRANCE", "FRANCE", "FRANCE"]
    # Not adjudicated: nothing drawn as succeeded or failed.
    for g in with_orders:
        classes = g.get("class").split()
        assert "succeeded" not in classes and "failed" not in classes, classes
    assert orders_drawn(ET.fromstring(game.render(incl_orders=False))) == []
    # The default draws them, like the package.
    assert len(orders_drawn(ET.fromstring(game.render()))) == 4


def test_orders_follow_the_current_phase():
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    root = ET.fromstring(game.render())
    assert orders_drawn(root) == []
    assert ("FRANCE", "A", "BUR") in units_drawn(root)
    assert ("FRANCE", "A", "PAR") not in units_drawn(root)


def test_abbreviations_only_with_incl_abbrev():
    game = Game()

    def labels(svg):
        root = ET.fromstring(svg)
        return [t.text for t in root.iter(f"{SVG_NS}text") if t.get("class") == "label"]

    assert labels(game.render(incl_abbrev=False)) == []
    with_abbrev = labels(game.render(incl_abbrev=True))
    assert any(text and text.upper() == "PAR" for text in with_abbrev), with_abbrev[:10]


def test_png_has_the_png_signature():
    game = Game()
    game.set_orders("GERMANY", ["A BER - KIE"])
    png = game.render(output_format="png")
    assert isinstance(png, bytes)
    assert png[:8] == PNG_SIGNATURE
    assert png[12:16] == b"IHDR"
    width = int.from_bytes(png[16:20], "big")
    height = int.from_bytes(png[20:24], "big")
    root = ET.fromstring(game.render())
    assert (width, height) == (int(float(root.get("width"))), int(float(root.get("height"))))


def test_output_path_is_written(tmp_path):
    game = Game()
    svg_path = tmp_path / "map.svg"
    svg = game.render(output_path=str(svg_path))
    assert svg_path.read_text(encoding="utf-8") == svg
    png_path = tmp_path / "map.png"
    png = game.render(output_format="png", output_path=png_path)
    assert png_path.read_bytes() == png
    # Replacing an existing file leaves no temporary file behind.
    game.render(output_path=svg_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png", "map.svg"]


def test_bad_arguments_raise():
    game = Game()
    with pytest.raises(ValueError, match="output_format"):
        game.render(output_format="gif")
    with pytest.raises(standoff.StandoffError):
        game.render(output_format="jpeg")
    with pytest.raises(OSError):
        game.render(output_path="/nonexistent-dir-standoff/map.svg")


def test_other_variants_render():
    for name in ["loeb9", "colonial"]:
        game = Game(variant=name)
        root = ET.fromstring(game.render())
        assert len(units_drawn(root)) == sum(len(u) for u in game.get_units().values())

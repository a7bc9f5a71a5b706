"""The keys of ``get_all_possible_orders()`` come in the order of ``game.map.locs`` on
every built-in variant, as the ``diplomacy`` package lists them (it walks ``map.locs``):
the package's order of the locations on its boards, standoff's on the others. The
package's own boards are also compared with the package in test_package_order.py.
"""

import pathlib

import pytest

import standoff

VARIANTS = pathlib.Path(__file__).resolve().parents[3] / "crates" / "standoff" / "variants"
NAMES = sorted(path.name for path in VARIANTS.iterdir() if (path / "variant.toml").is_file())


def test_every_variant_is_found():
    assert "standard" in NAMES and "colonial" in NAMES and len(NAMES) > 20


@pytest.mark.parametrize("name", NAMES)
def test_possible_orders_follow_map_locs(name):
    game = standoff.Game(map_name=name)
    keys = list(game.get_all_possible_orders())
    assert keys == [loc.upper() for loc in game.map.locs]

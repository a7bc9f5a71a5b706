"""``game.map``: the members of the ``diplomacy`` package's ``Map`` that research code reads,
built from a standoff ``Variant`` (its ``map_data()``).

Location names follow the package: upper case (``STP/NC``); ``loc_abut`` also has the
package's lower-case keys for the coastal provinces a fleet reaches only along a coast
(``loc_abut["stp"]``) is not reproduced: every key is upper case.
"""

import functools as _functools

from ._standoff import Variant

_AREA_TYPES = {"land": "LAND", "coast": "COAST", "sea": "WATER", "impassable": "SHUT"}
_SEASONS = {"S": "SPRING", "F": "FALL", "W": "WINTER"}
_KINDS = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}
_SEASON_ORDER = {"S": 0, "F": 1, "W": 2}
_KIND_ORDER = {"M": 0, "R": 1, "A": 2}


def phase_long(short):
    """``S1901M`` -> ``SPRING 1901 MOVEMENT`` (other text is returned unchanged)."""
    short = short.strip().upper()
    if len(short) >= 6 and short[0] in _SEASONS and short[-1] in _KINDS and short[1:-1].isdigit():
        return f"{_SEASONS[short[0]]} {short[1:-1]} {_KINDS[short[-1]]}"
    return short


def phase_short(name):
    """``SPRING 1901 MOVEMENT`` (or ``S1901M``) -> ``S1901M``; other text unchanged."""
    words = name.strip().upper().split()
    if len(words) == 3 and words[1].isdigit():
        season = {v: k for k, v in _SEASONS.items()}.get(words[0])
        kind = {v: k for k, v in _KINDS.items()}.get(words[2])
        if season and kind:
            return f"{season}{words[1]}{kind}"
    return name.strip().upper()


@_functools.lru_cache(maxsize=4096)
def phase_sort_key(short):
    """A key ordering short phase names in game order (``FORMING`` first, ``COMPLETED`` last).
    Cached: the phase histories ask for it on every phase played."""
    if short == "FORMING":
        return (-1, 0, 0)
    if short == "COMPLETED" or len(short) < 6 or not short[1:-1].isdigit():
        return (1 << 30, 0, 0)
    return (int(short[1:-1]), _SEASON_ORDER.get(short[0], 9), _KIND_ORDER.get(short[-1], 9))


class Map:
    """The board of a variant, with the package's ``Map`` members: ``name``, ``powers``,
    ``locs``, ``loc_name``, ``loc_type``, ``scs``, ``homes``, ``loc_abut``, ``loc_coasts``,
    ``first_year``, ``victory``; ``abuts()``, ``area_type()``, ``is_valid_unit()``,
    ``phase_long()``, ``phase_abbr()``, ``compare_phases()``.

    ``Map("standard")`` or ``Map(variant)`` (a ``standoff.Variant``).
    """

    def __init__(self, name="standard"):
        variant = name if isinstance(name, Variant) else Variant.builtin(name)
        data = variant.map_data()
        self.variant = variant
        self.name = variant.name
        self.powers = list(variant.powers)
        self.first_year = variant.start_year
        self.victory = [variant.victory_centers]
        self.scs = list(variant.supply_centers)
        self.homes = {power: list(homes) for power, homes in data["homes"].items()}
        self._locations = data["locations"]
        self.locs = list(self._locations)
        self.loc_type = {}
        self.loc_name = {}
        self.loc_abut = {}
        self.loc_coasts = {}
        self._army_to = {}
        self._fleet_to = {}
        for loc, info in self._locations.items():
            self.loc_type[loc] = _AREA_TYPES[info["terrain"]]
            self.loc_name[info["name"].upper()] = info["province"]
            self._army_to[loc] = set(info["army_to"])
            self._fleet_to[loc] = set(info["fleet_to"])
            neighbours = sorted(set(info["army_to"]) | set(info["fleet_to"]))
            self.loc_abut[loc] = neighbours
            self.loc_coasts.setdefault(info["province"], []).append(loc)

    def __repr__(self):
        return f"Map({self.name!r})"

    def area_type(self, loc):
        """``LAND``, ``COAST``, ``WATER`` or ``SHUT`` (``None`` for an unknown name)."""
        info = self._locations.get(loc.upper()) or self._locations.get(loc.upper()[:3])
        return _AREA_TYPES[info["terrain"]] if info else None

    def is_valid_unit(self, unit, no_coast_ok=0, shut_ok=0):
        """Whether ``A PAR`` / ``F STP/SC`` names a unit that may stand there (with
        ``no_coast_ok``, ``F STP`` counts too)."""
        words = unit.upper().split()
        if len(words) != 2 or words[0] not in ("A", "F", "?"):
            return False
        kind, loc = words
        info = self._locations.get(loc)
        if info is None:
            return False
        if info["terrain"] == "impassable":
            return bool(shut_ok)
        if kind == "?":
            return info["army"] or info["fleet"]
        if kind == "A":
            return info["army"]
        if info["fleet"]:
            return True
        return bool(no_coast_ok) and info["terrain"] == "coast" and len(self.loc_coasts.get(loc, [])) > 1

    def abuts(self, unit_type, unit_loc, order_type, other_loc):
        """Whether a unit of ``unit_type`` (``A``/``F``) at ``unit_loc`` may move to
        (``order_type`` ``-``) or support into (``S``) ``other_loc``."""
        unit_loc, other_loc = unit_loc.upper(), other_loc.upper()
        reach = self._army_to if unit_type == "A" else self._fleet_to
        targets = reach.get(unit_loc, set())
        if order_type == "S" or "/" not in other_loc:
            province = other_loc[:3]
            return any(target[:3] == province for target in targets)
        return other_loc in targets

    def phase_long(self, phase_abbr, default=None):
        """``S1901M`` -> ``SPRING 1901 MOVEMENT``."""
        long_name = phase_long(phase_abbr)
        if long_name == phase_abbr.strip().upper() and default is not None:
            return default
        return long_name

    def phase_abbr(self, phase, default="?????"):
        """``SPRING 1901 MOVEMENT`` -> ``S1901M``."""
        if phase in ("FORMING", "COMPLETED"):
            return phase
        short = phase_short(phase)
        return short if short != phase.strip().upper() or len(short) == 6 else default

    @staticmethod
    def compare_phases(phase1, phase2):
        """-1, 0 or 1 as ``phase1`` comes before, with or after ``phase2`` (short or long
        names)."""
        key1, key2 = phase_sort_key(phase_short(phase1)), phase_sort_key(phase_short(phase2))
        return (key1 > key2) - (key1 < key2)

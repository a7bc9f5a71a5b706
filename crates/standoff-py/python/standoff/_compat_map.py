"""``game.map``: the members of the ``diplomacy`` package's ``Map`` that research and bot
code reads, built from a standoff ``Variant`` (its ``map_data()``; ``units`` and ``centers``
from its start).

Names follow the package: locations are upper case (``STP/NC``) but for a province with
coasts, lower case (``stp``) in ``locs`` and the keys of ``loc_type`` and ``loc_abut``;
the other members keyed by location have upper-case keys (``loc_coasts["STP"]``), and
``abut_list()`` and ``area_type()`` take either spelling, as the package's do.
Adjacency lists keep the package's case code: lower case for armies only (``ANK`` lists
``smy``), a province with coasts listed by the coasts a fleet reaches (``CON`` lists
``BUL/EC`` and ``BUL/SC``). ``locs``, ``scs`` and the keys of the members keyed by
location come in the package's order where the variant gives it (``location_order``,
``center_order``: the package's map file's); the adjacency lists come in standoff's.
``loc_name`` spells the names of the package's boards as its map files do
(``ST PETERSBURG``). Switzerland's borders, which
standoff's variants do not give (no unit crosses them), are added on the package's boards.
Not reproduced: ``svg_path`` (None: standoff draws its maps itself, ``Game.render()``),
its map loader and its order-text parser with its vocabulary (``load``, ``vet``,
``compact``, ``norm``, ``aliases``, ``keywords``...: standoff reads orders with its own
reader).
"""

import collections as _collections
import functools as _functools

from . import _standoff
from ._standoff import Variant

_AREA_TYPES = {"land": "LAND", "coast": "COAST", "sea": "WATER", "impassable": "SHUT"}
_SEASONS = {"S": "SPRING", "F": "FALL", "W": "WINTER"}
_KINDS = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}
_SEASON_ORDER = {"S": 0, "F": 1, "W": 2}
_KIND_ORDER = {"M": 0, "R": 1, "A": 2}
_SEQ = ("NEWYEAR", "SPRING MOVEMENT", "SPRING RETREATS", "FALL MOVEMENT", "FALL RETREATS", "WINTER ADJUSTMENTS")
_FLOW = ("SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS")
_MAX_CONVOY_FLEETS = 13  # the package lists no longer convoy routes


def phase_short(name):
    """``SPRING 1901 MOVEMENT`` (or ``S1901M``) -> ``S1901M``; other text unchanged."""
    words = name.strip().upper().split()
    if len(words) == 3 and words[1].isdigit():
        season = {v: k for k, v in _SEASONS.items()}.get(words[0])
        kind = {v: k for k, v in _KINDS.items()}.get(words[2])
        if season and kind:
            return f"{season}{int(words[1]):04d}{kind}"
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


#: The package's map names that name another board than standoff's built-in variant of
#: that name, and the variant that is the package's board: its `colonial` is DPjudge's
#: (the Moulmein board without the special rules); standoff's `colonial` is the DATC's.
_PACKAGE_BOARDS = {"colonial": "colonial-dpjudge"}
#: What standoff's variants of those names are called where a package name is written
#: (`map_name`, saved games): an alias of theirs that names no other board.
_OWN_NAMES = {"colonial": "colonial-datc"}


def package_board(name):
    """The name of the built-in variant the package's map name ``name`` plays (``name``
    itself where the package's board is standoff's variant of that name, or where it is
    not a name: a ``Variant``)."""
    if not isinstance(name, str):
        return name
    return _PACKAGE_BOARDS.get(name.lower(), name)


#: A named coast's words in the package's location names (``BULGARIA (EAST COAST)``).
_COAST_SIDES = {"NC": "NORTH", "SC": "SOUTH", "EC": "EAST", "WC": "WEST"}


#: Where the package's map files spell a province's name otherwise than standoff's
#: variants: (location, standoff's name) -> the package's (its boards only: variants with
#: the package's ``location_order``).
_PACKAGE_SPELLINGS = {
    ("STP", "St. Petersburg"): "ST PETERSBURG",
    ("CAR", "Carthago"): "PROVINCE OF CARTHAGE",
    ("REE", "Reed Sea"): "RED SEA",
    ("ABY", "Abyssinia"): "ABYSINNIA",
    ("NAN", "Nanchang"): "NANCHUNG",
    ("SOM", "Somaliland"): "SOMALIA",
}


#: Impassable provinces the package's map files give borders (which no unit crosses):
#: on its standard boards Switzerland borders these; standoff's variants give an
#: impassable province none. Added to ``loc_abut`` on the package's boards, each
#: neighbour listing it last, as the package's do.
_PACKAGE_SHUT_BORDERS = {"SWI": ("MAR", "BUR", "MUN", "TYR", "PIE")}


def _location_name(loc, province_name):
    """A location's full name as the package's ``loc_name`` keys it: the province's name
    in upper case, a named coast's followed by its side (``BULGARIA (EAST COAST)``)."""
    name = province_name.upper()
    if "/" not in loc:
        return name
    coast = loc.split("/", 1)[1]
    side = _COAST_SIDES.get(coast)
    return f"{name} ({side} COAST)" if side else f"{name} ({coast})"


#: The variant rules (plug-ins) the package's map files declare, by the package's name.
_PACKAGE_RULES = {"build_anywhere": "BUILD_ANY"}


class Map:
    """The board of a variant, with the package's ``Map`` members: ``name``, ``powers``,
    ``locs``, ``loc_name``, ``loc_type``, ``scs``, ``homes``, ``loc_abut``, ``loc_coasts``,
    ``dest_with_coasts``, ``first_year``, ``victory``, ``phase``
    (the start), ``units`` and ``centers`` (at the start), ``owns``, ``inhabits``,
    ``dummies``, ``pow_name``, ``unit_names``, ``seq``, ``flow``, ``flow_sign``,
    ``phase_abbrev``, ``convoy_paths``, ``error``, ``root_map``, ``svg_path``, ``rules``;
    ``abuts()``, ``abut_list()``, ``area_type()``, ``is_valid_unit()``,
    ``default_coast()``, ``find_coasts()``,
    ``phase_long()``, ``phase_abbr()``, ``compare_phases()``, ``find_next_phase()``,
    ``find_previous_phase()``.

    ``Map("standard")`` or ``Map(variant)`` (a ``standoff.Variant``). ``use_cache`` is
    taken, as the package's signature has it, and changes nothing: each call makes a new
    ``Map`` (the games on a built-in variant share one, ``game.map``).
    """

    def __init__(self, name="standard", use_cache=True):  # noqa: ARG002 - the package's signature
        variant = name if isinstance(name, Variant) else Variant.builtin(package_board(name))
        data = variant.map_data()
        self.variant = variant
        # The name asked for (the package's map names are the built-ins' aliases, or
        # name them through `package_board`).
        own = _OWN_NAMES.get(variant.name, variant.name)
        self.name = self.root_map = own if isinstance(name, Variant) else str(name)
        # The package's names of the variant's rules that its map files declare.
        self.rules = [_PACKAGE_RULES[rule] for rule in variant.rules if rule in _PACKAGE_RULES]
        self.powers = list(variant.powers)
        self.first_year = variant.start_year
        start = variant.initial_position()
        self.phase = f"{_SEASONS[start.phase[0]]} {start.year} {_KINDS[start.phase_type]}"
        self.victory = [variant.victory_centers]
        self.scs = list(data["centers"])
        self.homes = {power: list(homes) for power, homes in data["homes"].items()}
        self.pow_name = {power: power for power in self.powers}
        self.dummies, self.inhabits, self.error = [], [], []
        self.unit_names = {"A": "ARMY", "F": "FLEET"}
        self.seq, self.flow, self.flow_sign = list(_SEQ), list(_FLOW), 1
        self.phase_abbrev = dict(_KINDS)
        self.svg_path = None
        # The package's order of the locations where the variant gives it (its map
        # file's), else standoff's: every member keyed by location follows it.
        # The package's boards are the variants with its order of the locations.
        package_board_here = bool(data["location_order"])
        order = data["location_order"] or list(data["locations"])
        self._locations = {loc: data["locations"][loc] for loc in order}
        # The package writes a province with coasts in lower case (``bul``) in ``locs``
        # and the keys of ``loc_type`` and ``loc_abut``; every other name upper case.
        coasts = _collections.Counter(info["province"] for info in self._locations.values())
        self._package_name = {loc: loc.lower() if "/" not in loc and coasts[info["province"]] > 1 else loc
                              for loc, info in self._locations.items()}
        self.locs = list(self._package_name.values())
        # Each location's kind by its terrain (``_area``, what the members below are
        # worked out from), and as the package names it (``loc_type``: a space other
        # than a sea that a fleet may convoy from is a ``PORT``).
        self._area = {}
        self.loc_name = {}
        self._province = {}
        self._army_to = {}
        self._fleet_to = {}
        for loc, info in self._locations.items():
            self._area[loc] = _AREA_TYPES[info["terrain"]]
            province_name = info["name"]
            if package_board_here:  # its spellings
                province_name = _PACKAGE_SPELLINGS.get((info["province"], province_name), province_name)
            self.loc_name[_location_name(loc, province_name)] = loc
            self._province[loc] = info["province"]
            self._army_to[loc] = set(info["army_to"])
            self._fleet_to[loc] = set(info["fleet_to"])
        ports = set(data["ports"])
        self.loc_type = {self._package_name[loc]: "PORT" if loc in ports else area
                         for loc, area in self._area.items()}
        spaces = _collections.defaultdict(list)
        for loc in self._locations:
            spaces[self._province[loc]].append(loc)
        self.loc_coasts = {loc: list(spaces[province]) for loc, province in self._province.items()}
        self.loc_abut = {self._package_name[loc]: self._package_abuts(loc) for loc in self._locations}
        if package_board_here:
            for shut, neighbours in _PACKAGE_SHUT_BORDERS.items():
                if self._area.get(shut) == "SHUT" and all(loc in self.loc_abut for loc in neighbours):
                    self.loc_abut[shut] = list(neighbours)
                    for loc in neighbours:
                        self.loc_abut[loc].append(shut)
        self.dest_with_coasts = {
            loc: sorted({coast for dest in self.abut_list(loc, incl_no_coast=True)
                         for coast in self.find_coasts(dest)})
            for loc in self._locations}

    def __repr__(self):
        return f"Map({self.name!r})"

    # ------------------------------------------------------------------ the board
    def _package_abuts(self, loc):
        """``loc``'s neighbours as the package's map file lists them: upper case for
        armies and fleets, lower case for armies only, title case for fleets only
        (between two coasts), a province with coasts by the coasts fleets reach. A
        province with coasts itself (``STP``) also lists the seas its coasts touch."""
        info = self._locations[loc]
        fleet_to = self._fleet_to[loc]
        if "/" not in loc and len(self.loc_coasts[loc]) > 1:
            fleet_to = {sea for coast in self.loc_coasts[loc] for sea in self._fleet_to[coast]
                        if self._area[sea] == "WATER"}
        by_army = {self._province[dest] for dest in self._army_to[loc]}
        entries = []
        for province in sorted(by_army | {self._province[dest] for dest in fleet_to}):
            coasts = sorted(dest for dest in fleet_to if self._province[dest] == province and dest != province)
            if coasts:
                entries += coasts
            elif province in by_army and province in fleet_to:
                entries.append(province)
            elif province in by_army:
                army_only = info["fleet"] and self._area[province] == "COAST"
                entries.append(province.lower() if army_only else province)
            else:
                fleet_only = info["army"] and self._area[province] != "WATER"
                entries.append(province.title() if fleet_only else province)
        return entries

    def area_type(self, loc):
        """``LAND``, ``COAST``, ``WATER``, ``PORT`` (a space other than a sea a fleet may
        convoy from) or ``SHUT`` (``None`` for an unknown name)."""
        return self.loc_type.get(loc.upper()) or self.loc_type.get(loc.lower())

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
        """1 if a unit of ``unit_type`` (``A``, ``F``, or ``?`` for either) at ``unit_loc``
        borders ``other_loc`` for an order of ``order_type``, else 0, as the package's:
        ``-`` a move (a fleet names the coast it moves to), ``S`` a support (the province
        is enough), ``C`` an army beside a sea or a coast only fleets reach (what a convoy
        of it passes). Other unit or order types, and names that are no location, give
        0."""
        if unit_type == "?":
            return self.abuts("A", unit_loc, order_type, other_loc) or self.abuts(
                "F", unit_loc, order_type, other_loc)
        here, there = unit_loc.upper(), other_loc.upper()
        if unit_type not in ("A", "F") or order_type not in ("-", "S", "C"):
            return 0
        if here not in self._locations or there not in self._locations:
            return 0
        if not self.is_valid_unit(f"{unit_type} {here}"):
            return 0
        if "/" in there:
            if order_type == "S":
                there = there.split("/")[0]  # a support names the province
            elif unit_type == "A":
                return 0
        # The neighbour as ``abut_list`` writes it: its case says who may cross.
        entry = next((e for e in self.abut_list(here) if there in (e.upper(), e.upper().split("/")[0])), None)
        kind = self.area_type(there)
        if entry is None or kind == "SHUT":
            return 0
        if unit_type == "F":
            armies_only = entry[0].islower()
            # A fleet moves to (or convoys next to) a coast, not a province with coasts.
            coast_needed = order_type != "S" and "/" not in there and len(self.loc_coasts[there]) > 1
            return int(kind != "LAND" and not armies_only and not coast_needed)
        fleets_only = entry[0].isupper() and entry[1:] != entry[1:].upper()
        return int(order_type == "C" or not (kind == "WATER" or fleets_only))

    def abut_list(self, site, incl_no_coast=False):
        """``site``'s neighbours in the package's mixed case (see ``_package_abuts``), a
        new list; with ``incl_no_coast`` a province reached by its coasts is listed too
        (``BUL`` after ``BUL/EC``). ``site`` is a key of ``loc_abut`` as the package
        spells them (``PAR``, ``STP/NC``, ``stp``), in its spelling or lower case
        (``STP``), keys added to ``loc_abut`` too: ``[]`` for other names."""
        key = site if site in self.loc_abut else site.lower()
        entries = list(self.loc_abut.get(key, ()))
        if incl_no_coast:
            for entry in list(entries):
                province = entry.split("/")[0]
                if province != entry and province not in entries:
                    entries.append(province)
        return entries

    def find_coasts(self, loc):
        """The locations of ``loc``'s province (``BUL``, ``BUL/EC``, ``BUL/SC``); ``[]``
        for an unknown name."""
        return self.loc_coasts.get(loc.upper(), [])

    def default_coast(self, word):
        """A fleet's move order as tokens (``["F", "GRE", "-", "BUL"]``) given the coast
        when the fleet reaches only one (``BUL/SC``). Changes ``word`` and returns it."""
        if len(word) == 4 and word[0] == "F" and word[2] == "-" and "/" not in word[3]:
            target, coast = word[3], None
            for entry in self.abut_list(word[1]):
                entry = entry.upper()
                if entry == target:
                    return word
                if entry.split("/")[0] == target:
                    if coast:
                        return word  # two coasts: the order must say which
                    coast = entry
            word[3] = coast or target
        return word

    @_functools.cached_property
    def _start(self):
        """Power -> (units, centers) at the start, in the order the package lists them."""
        native = _standoff.Game(variant=self.variant)
        board = _standoff.board_in_package_order(native, [None] * len(self.powers), None)[-1]
        return {power: (list(lists[0]), list(lists[1])) for power, lists in zip(self.powers, board)}

    @_functools.cached_property
    def units(self):
        """Power -> its units at the start (``["A BUD", "A VIE", "F TRI"]``); powers
        starting with none are left out, as in the package."""
        return {power: units for power, (units, _) in self._start.items() if units}

    @_functools.cached_property
    def centers(self):
        """Power -> its supply centers at the start."""
        return {power: centers for power, (_, centers) in self._start.items()}

    @_functools.cached_property
    def owns(self):
        """The powers starting with other centers than their homes (the package's maps
        give them an ``OWNS`` line)."""
        return [power for power, (_, centers) in self._start.items()
                if sorted(centers) != sorted(self.homes.get(power, []))]

    @_functools.cached_property
    def convoy_paths(self):
        """The package's convoy routes: fleet count (1 to the number of locations) ->
        ``[(start, {fleets}, {destinations})]``: an army on coast ``start`` may be
        convoyed to each destination by that set of fleets and by no smaller one (at
        most 13 fleets)."""
        seas = {loc for loc, kind in self._area.items() if kind == "WATER"}
        next_seas = {sea: self._fleet_to[sea] & seas for sea in seas}
        next_coasts = {sea: {self._province[dest] for dest in self._fleet_to[sea]
                             if self._area[self._province[dest]] == "COAST"} for sea in seas}
        paths = _collections.OrderedDict((size, []) for size in range(1, len(self.locs) + 1))
        for start in self._locations:
            if self._area[start] != "COAST" or "/" in start:
                continue
            first = {sea for loc in self.loc_coasts[start] for sea in self._fleet_to[loc] & seas}
            routes = {}

            # A smallest set of fleets is a chain of seas, each touching only the sea
            # before it and the one after; only the first touches the start, only the
            # last the destination.
            def extend(chain, passed):
                last = chain[-1]
                dests = next_coasts[last] - passed - {start}
                if dests:
                    routes.setdefault(frozenset(chain), set()).update(dests)
                if len(chain) < _MAX_CONVOY_FLEETS:
                    for sea in next_seas[last]:
                        touches_earlier = any(sea in next_seas[s] for s in chain[:-1])
                        if sea not in first and sea not in chain and not touches_earlier:
                            extend(chain + [sea], passed | next_coasts[last])

            for sea in sorted(first):
                extend([sea], set())
            for fleets, dests in routes.items():
                paths[len(fleets)].append((start, set(fleets), dests))
        return paths

    # ------------------------------------------------------------------ phases
    def phase_long(self, phase_abbr, default="?????"):
        """``S1901M`` -> ``SPRING 1901 MOVEMENT`` (either case; the year as a number:
        ``S0001M`` -> ``SPRING 1 MOVEMENT``); ``default`` for a name that is no phase of
        the map's (``FORMING`` included), as the package's."""
        try:
            year = int(phase_abbr[1:-1])
        except ValueError:
            return default
        initials = (phase_abbr[:1].upper(), phase_abbr[-1:].upper())
        for entry in self.seq:
            season, _, kind = entry.partition(" ")
            if season not in ("NEWYEAR", "IFYEARDIV") and (season[:1], kind[:1]) == initials:
                return f"{season} {year} {kind}"
        return default

    def __str__(self):
        return self.name

    def phase_abbr(self, phase, default="?????"):
        """``SPRING 1901 MOVEMENT`` -> ``S1901M``."""
        if phase in ("FORMING", "COMPLETED"):
            return phase
        short = phase_short(phase)
        return short if short != phase.strip().upper() or len(short) == 6 else default

    def compare_phases(self, phase1, phase2):
        """-1, 0 or 1 as ``phase1`` comes before, with or after ``phase2``, as the package
        compares them: short or long names, ``S1901?`` for the season's last phase
        (``S1901R``), ``FORMING`` before every phase and ``COMPLETED`` after; a name of
        one or two words that is none of these comes before them all (two such names
        compare equal). A name of three words that is no phase, or ``X1901?`` for a season
        the map has not, raises ``ValueError`` (the package: ``ValueError``,
        ``IndexError``)."""
        name1, name2 = self._long_phase_name(phase1), self._long_phase_name(phase2)
        if name1 == name2:
            return 0
        words1, words2 = name1.split(), name2.split()
        if len(words1) < 3 or len(words2) < 3:
            # 0 for a name that is neither a phase nor FORMING or COMPLETED.
            rank1, rank2 = (2 if len(words) >= 3 else {"FORMING": 1, "COMPLETED": 3}.get(name, 0)
                            for name, words in ((name1, words1), (name2, words2)))
            return (rank1 > rank2) - (rank1 < rank2)
        year1, year2 = int(words1[1]), int(words2[1])
        if year1 != year2:
            return ((year1 > year2) - (year1 < year2)) * (self.flow_sign or 1)
        place1, place2 = (self.seq.index(f"{words[0]} {words[2]}") for words in (words1, words2))
        return (place1 > place2) - (place1 < place2)

    def _long_phase_name(self, phase):
        """``phase`` as ``compare_phases`` reads it: ``S1901?`` as the season's last phase
        (``S1901R``), a short name long (``SPRING 1901 RETREATS``), another word upper
        case."""
        if phase.endswith("?"):
            kinds = [entry.split()[1][0] for entry in self.seq if entry[0] == phase[0]]
            if not kinds:
                raise ValueError(f"no season of the map begins with {phase[0]!r}: {phase!r}")
            phase = phase[:-1] + kinds[-1]
        if len(phase.split()) == 1:
            phase = self.phase_long(phase, phase.upper())
        return phase

    def find_next_phase(self, phase, phase_type=None, skip=0):
        """The long name of the phase after ``phase`` (a long name: ``SPRING 1901
        MOVEMENT``) or, with ``phase_type`` (``M``, ``R`` or ``A``), of the next phase of
        that type, ``skip`` such phases on. A name of fewer than three words (``S1901M``,
        ``FORMING``) is returned as given, ``""`` for a ``phase_type`` no phase has; an
        unknown season or phase type, a year that is no number or a negative ``skip``
        raise ``ValueError``."""
        return self._step_phase(phase, phase_type, skip, 1)

    def find_previous_phase(self, phase, phase_type=None, skip=0):
        """``find_next_phase`` going back (``SPRING 1901 MOVEMENT`` -> ``WINTER 1900
        ADJUSTMENTS``)."""
        return self._step_phase(phase, phase_type, skip, -1)

    def _step_phase(self, phase, phase_type, skip, step):
        words = phase.split()
        if len(words) < 3:
            return phase
        year = int(words[1])
        index = self.seq.index(f"{words[0]} {words[2]}")
        if skip < 0 or skip % 1:
            raise ValueError(f"skip must be a whole number >= 0, not {skip!r}")
        kinds = tuple(season.split()[1][0] for season in self.seq if season != "NEWYEAR")
        if phase_type is not None and phase_type not in kinds:
            return ""
        while True:
            index = (index + step) % len(self.seq)
            if self.seq[index] == "NEWYEAR":
                year += step
                continue
            season, kind = self.seq[index].split()
            if phase_type in (None, kind[0]):
                if not skip:
                    return f"{season} {year} {kind}"
                skip -= 1

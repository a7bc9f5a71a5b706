"""``game.map`` in lockstep with the ``diplomacy`` package's ``Map`` (1.1.2) on the
standard map (some on its other maps): each member read by research and bot code equals
the package's, for every location, power and many phase names. Where standoff differs on
purpose (the order of adjacency lists, ``svg_path``) the test states the difference (see
the module docstring of ``standoff._compat_map``).
"""

import collections
import itertools

import pytest

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402

OURS = standoff.Game().map
THEIRS = diplomacy.Game().map

# Location keys as the package spells them (``stp``), and as others may (``STP``, ``par``).
PACKAGE_KEYS = list(THEIRS.loc_abut)
SPELLINGS = sorted({spelling for key in PACKAGE_KEYS
                    for spelling in (key, key.upper(), key.lower(), key.title())} | {"XXX", "", "stp/nc"})
UPPER_LOCS = sorted({loc.upper() for loc in THEIRS.locs})


def by_name(entries):
    return sorted(entries, key=lambda entry: (entry.upper(), entry))


# ---------------------------------------------------------------- plain members
@pytest.mark.parametrize("member", [
    "phase", "units", "centers", "dummies", "unit_names", "seq", "flow", "flow_sign",
    "phase_abbrev", "error", "root_map", "inhabits", "owns", "pow_name",
    "powers", "homes", "first_year",
])
def test_member_equals_package(member):
    assert getattr(OURS, member) == getattr(THEIRS, member)


def test_start_units_in_package_order():
    # The package lists each power's start units in its map file's order.
    assert OURS.units["AUSTRIA"] == ["A BUD", "A VIE", "F TRI"]
    assert list(OURS.units.items()) == list(THEIRS.units.items())
    assert list(OURS.centers.items()) == list(THEIRS.centers.items())


def test_svg_path_is_none():
    # standoff keeps no SVG file: it draws its maps itself (Game.render()).
    assert THEIRS.svg_path.endswith("standard.svg")
    assert OURS.svg_path is None


def upper(names):
    return [name.upper() for name in names]


def test_locations_and_centers_in_package_order():
    # Research code indexes the board by `list(game.map.locs)` (and the centers by
    # `game.map.scs`): the same index names the same place in both engines, spelt the
    # same (a province with coasts in lower case: `bul`).
    assert OURS.locs == THEIRS.locs and "bul" in OURS.locs and "BUL/EC" in OURS.locs
    assert OURS.scs == THEIRS.scs
    for member in ("loc_type", "loc_abut", "loc_coasts", "dest_with_coasts"):
        assert list(getattr(OURS, member)) == list(getattr(THEIRS, member)), member
    assert OURS.loc_type == THEIRS.loc_type
    assert {loc: upper(locs) for loc, locs in OURS.loc_coasts.items()} == {
        loc.upper(): upper(locs) for loc, locs in THEIRS.loc_coasts.items()}


def package_map(name):
    """The package's map ``name``, without working out and caching its convoy routes
    (``use_cache=False``) unless it is loaded already (the package's ``Map(name,
    use_cache=False)`` of a map in its cache is left empty)."""
    from diplomacy.engine import map as package_maps

    return package_maps.MAP_CACHE.get(name) or package_maps.Map(name, use_cache=False)


# The package's map names whose boards load quickly in the package (not `empire`,
# `world`: it works out their convoy routes for minutes), and `known_world_901`.
QUICK_PACKAGE_MAPS = ["standard", "ancmed", "ancmed_age_of_empires", "colonial", "modern", "pure",
                      "standard_age_of_empires", "standard_age_of_empires_2", "standard_fleet_rome",
                      "standard_france_austria", "standard_germany_italy", "known_world_901"]


@pytest.mark.parametrize("name", QUICK_PACKAGE_MAPS)
def test_location_names_as_the_package_writes_them(name):
    # Full name -> location, a named coast by its side (`BULGARIA (EAST COAST)` ->
    # `BUL/EC`), in the package's spellings (`ST PETERSBURG`, `ABYSINNIA`).
    theirs, ours = package_map(name), standoff.Map(name)
    assert ours.loc_name == {full: loc.upper() for full, loc in theirs.loc_name.items()}
    # ... and the locations themselves (`bul`, `BUL/EC`), and their kinds.
    assert ours.locs == theirs.locs
    # Known World's Cheremissia is a coast in the package's map file that no sea borders:
    # land in standoff's variant (COMPATIBILITY.md).
    land_here = {"CHE": "COAST"} if name == "known_world_901" else {}
    assert {loc: kind for loc, kind in theirs.loc_type.items() if ours.loc_type[loc] != kind} == land_here
    assert all(ours.loc_type[loc] == "LAND" for loc in land_here)


def test_other_variants_keep_their_own_names():
    # A variant that is none of the package's boards (no `location_order`) keeps its
    # file's spellings.
    assert standoff.Map("chaos").loc_name["ST. PETERSBURG"] == "STP"
    assert "ST PETERSBURG" not in standoff.Map("chaos").loc_name


# ---------------------------------------------------------------- adjacency
@pytest.mark.parametrize("incl_no_coast", [False, True])
def test_abut_list(incl_no_coast):
    for site in SPELLINGS:
        theirs = THEIRS.abut_list(site, incl_no_coast=incl_no_coast)
        ours = OURS.abut_list(site, incl_no_coast=incl_no_coast)
        assert by_name(ours) == by_name(theirs), site
        if incl_no_coast:  # the provinces reached by their coasts come last
            added = [entry for entry in theirs if entry not in THEIRS.abut_list(site)]
            assert ours[len(ours) - len(added):] == added, site


def test_abut_list_case_code():
    assert OURS.abut_list("LVP") == ["CLY", "edi", "IRI", "NAO", "WAL", "yor"]
    assert OURS.abut_list("stp") == OURS.abut_list("STP") == ["BAR", "BOT", "FIN", "LVN", "MOS", "NWY"]
    assert OURS.abut_list("par") == [] == THEIRS.abut_list("par")


def test_loc_abut_keys_as_the_package():
    # The package keys a province with coasts in lower case ("stp"), as standoff does.
    for key, entries in THEIRS.loc_abut.items():
        assert by_name(OURS.loc_abut[key]) == by_name(entries), key
    assert "stp" in OURS.loc_abut and "STP" not in OURS.loc_abut
    assert OURS.area_type("stp") == OURS.area_type("STP") == THEIRS.area_type("STP") == "COAST"
    assert OURS.area_type("BUL/XX") is None is THEIRS.area_type("BUL/XX")


def test_dest_with_coasts():
    assert set(OURS.dest_with_coasts) == set(THEIRS.dest_with_coasts)
    for loc, dests in THEIRS.dest_with_coasts.items():
        assert sorted(OURS.dest_with_coasts[loc]) == sorted(dests), loc


def test_switzerland_has_its_borders_and_no_unit_crosses_them():
    # The package's map file gives Switzerland borders (each neighbour lists it last);
    # standoff's variant gives it none. On the package's boards `game.map` has them, and
    # `abuts()` is 0 across them as in the package.
    assert OURS.abut_list("SWI") == THEIRS.abut_list("SWI") == ["MAR", "BUR", "MUN", "TYR", "PIE"]
    assert OURS.abut_list("MAR")[-1] == THEIRS.abut_list("MAR")[-1] == "SWI"
    assert not any(OURS.abuts(kind, loc, order, "SWI") or OURS.abuts(kind, "SWI", order, loc)
                   for kind in "AF?" for loc in ("MAR", "MUN") for order in "-SC")
    assert standoff.Map("chaos").abut_list("SWI") == []  # not one of the package's boards


ABUT_ORDER_TYPES = ["-", "S", "C", "X"]


def abuts_cases(theirs):
    """Every unit type, order type and pair of the map's locations (upper case, as the
    package's cache keys them), and some names that are none."""
    locs = sorted({loc.upper() for loc in theirs.locs}) + ["XXX", "par", "spa/nc"]
    return itertools.product(["A", "F", "?", "X"], locs, ABUT_ORDER_TYPES, locs)


def test_abuts_as_the_package():
    # Moves, supports (into a province: "A POR S SPA/NC"), an army beside a sea or a
    # fleets-only coast for a convoy ("A POR C MAO"), either unit type ("?").
    ones = 0
    for case in abuts_cases(THEIRS):
        theirs = THEIRS.abuts(*case)
        ours = OURS.abuts(*case)
        assert ours == theirs and type(ours) is int, case
        ones += ours
    assert ones > 1000
    assert OURS.abuts("A", "POR", "C", "MAO") == 1 and OURS.abuts("A", "POR", "-", "MAO") == 0
    assert OURS.abuts("?", "YOR", "S", "LVP") == 1 and OURS.abuts("F", "YOR", "S", "LVP") == 0


def test_abut_list_reads_loc_abut():
    # Entries written into `loc_abut` are what `abut_list` gives (the package's own test
    # does this), under their own key or, for a lower-case key, in upper case.
    edited = standoff.Map()
    edited.loc_abut["---"] = ["ABC", "DEF"]
    edited.loc_abut["aaa"] = ["LOW", "HIG"]
    edited.loc_abut["PAR"] = ["BUR"]
    assert edited.abut_list("---") == ["ABC", "DEF"]
    assert edited.abut_list("AAA") == ["LOW", "HIG"]
    assert edited.abut_list("PAR") == ["BUR"] and edited.abut_list("par") == []
    assert edited.abut_list("stp") == edited.abut_list("STP") == OURS.abut_list("STP")
    assert str(edited) == "standard" == str(THEIRS)


def test_find_coasts():
    for loc in SPELLINGS:
        assert sorted(OURS.find_coasts(loc)) == sorted(THEIRS.find_coasts(loc)), loc


def test_default_coast():
    fleets = [loc for loc in UPPER_LOCS if THEIRS.is_valid_unit(f"F {loc}")]
    cases = [["F", start, "-", dest] for start in fleets + ["gre", "XXX"] for dest in UPPER_LOCS + ["XXX"]]
    cases += [["A", "GRE", "-", "BUL"], ["F", "GRE", "S", "BUL"], ["F", "GRE", "-", "BUL/EC"], ["F", "GRE"]]
    changed = 0
    for word in cases:
        ours, theirs = list(word), list(word)
        result = OURS.default_coast(ours)
        assert result is ours and ours == THEIRS.default_coast(theirs), word
        changed += ours != word
    assert changed > 0
    assert OURS.default_coast(["F", "GRE", "-", "BUL"]) == ["F", "GRE", "-", "BUL/SC"]
    assert OURS.default_coast(["F", "CON", "-", "BUL"]) == ["F", "CON", "-", "BUL"]


def test_convoy_paths():
    def routes(bucket):
        return collections.Counter((start, frozenset(fleets), frozenset(dests)) for start, fleets, dests in bucket)

    assert list(OURS.convoy_paths) == list(THEIRS.convoy_paths)
    for size, bucket in THEIRS.convoy_paths.items():
        assert routes(OURS.convoy_paths[size]) == routes(bucket), size
        assert all(isinstance(fleets, set) and isinstance(dests, set)
                   for _, fleets, dests in OURS.convoy_paths[size])
    assert sum(map(len, OURS.convoy_paths.values())) == 892


# ---------------------------------------------------------------- names
def test_the_packages_order_text_vocabulary_is_not_copied():
    # The package's keyword and alias tables (its order-text parser) are its own text:
    # standoff reads orders with its own reader and does not offer them.
    for name in ("norm", "norm_power", "aliases", "keywords"):
        assert not hasattr(OURS, name), name


# ---------------------------------------------------------------- phases
def phase_names(first, last):
    return [f"{season} {year} {kind}" for year in range(first, last + 1)
            for season, kind in (("SPRING", "MOVEMENT"), ("SPRING", "RETREATS"), ("FALL", "MOVEMENT"),
                                 ("FALL", "RETREATS"), ("WINTER", "ADJUSTMENTS"))]


PHASES = phase_names(1899, 1905) + ["SPRING 01901 MOVEMENT", "  FALL   1950   RETREATS  "]
OTHER_NAMES = ["S1901M", "F1901R", "W1901A", "FORMING", "COMPLETED", "", "SPRING 1901"]


@pytest.mark.parametrize("method", ["find_next_phase", "find_previous_phase"])
def test_find_phase(method):
    ours, theirs = getattr(OURS, method), getattr(THEIRS, method)
    phase_types = [None, "M", "R", "A", "X", "m"]
    for phase, phase_type, skip in itertools.product(PHASES + OTHER_NAMES, phase_types, range(7)):
        assert ours(phase, phase_type, skip) == theirs(phase, phase_type, skip), (phase, phase_type, skip)
        assert ours(phase, phase_type=phase_type, skip=skip) == theirs(phase, phase_type=phase_type, skip=skip)
    for phase in PHASES + OTHER_NAMES:
        assert ours(phase) == theirs(phase)


COMPARED_PHASES = (["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M", "f1901r", "F1901?",
                    "W1901?", "S1901?", "FORMING", "COMPLETED", "forming", "BAD", "X", "SPRING 1901", "S0001M",
                    "W12A"] + PHASES[:12] + ["SPRING 1901 MOVEMENT", "fall 1901 movement"])


def test_compare_phases_as_the_package():
    raised = 0
    for phase1, phase2 in itertools.product(COMPARED_PHASES, repeat=2):
        try:
            theirs = THEIRS.compare_phases(phase1, phase2)
        except ValueError:  # a long name in lower case, beside another phase of its year
            raised += 1
            with pytest.raises(ValueError):
                OURS.compare_phases(phase1, phase2)
            continue
        assert OURS.compare_phases(phase1, phase2) == theirs, (phase1, phase2)
    assert 0 < raised < 100
    with pytest.raises(ValueError):  # three words that are no phase: the package raises too
        OURS.compare_phases("SPRING XX MOVEMENT", "S1901M")
    with pytest.raises(IndexError):  # no season begins with "s" (standoff: ValueError)
        THEIRS.compare_phases("s1901?", "S1901M")
    with pytest.raises(ValueError):
        OURS.compare_phases("s1901?", "S1901M")


def test_phase_long_as_the_package():
    names = ["S1901M", "s1901r", "F0001M", "W12A", "S1901X", "X1901M", "bad", "", "FORMING", "COMPLETED",
             "S-5M", "S 1901 M", "S1901", "SM"]
    for name in names:
        assert OURS.phase_long(name) == THEIRS.phase_long(name), name
        assert OURS.phase_long(name, default="Test") == THEIRS.phase_long(name, default="Test"), name


def test_find_phase_examples():
    assert OURS.find_next_phase("WINTER 1901 ADJUSTMENTS") == "SPRING 1902 MOVEMENT"
    assert OURS.find_previous_phase("SPRING 1901 MOVEMENT") == "WINTER 1900 ADJUSTMENTS"
    assert OURS.find_next_phase("SPRING 1901 MOVEMENT", "M", 1) == "SPRING 1902 MOVEMENT"
    assert OURS.find_previous_phase("FALL 1901 RETREATS", "A") == "WINTER 1900 ADJUSTMENTS"
    assert OURS.find_next_phase("S1901M") == "S1901M"  # short names are not read, as in the package
    assert OURS.find_next_phase("SPRING 1901 MOVEMENT", "X") == ""


@pytest.mark.parametrize("phase", ["spring 1901 movement", "SPRING 1901 ADJUSTMENTS", "SPRING X MOVEMENT",
                                   "SUMMER 1901 MOVEMENT"])
def test_find_phase_bad_names_raise_as_in_package(phase):
    for method in ("find_next_phase", "find_previous_phase"):
        with pytest.raises(ValueError):
            getattr(THEIRS, method)(phase)
        with pytest.raises(ValueError):
            getattr(OURS, method)(phase)


def test_find_phase_negative_skip_raises():
    # The package loops forever on a negative skip; standoff refuses it.
    with pytest.raises(ValueError):
        OURS.find_next_phase("SPRING 1901 MOVEMENT", skip=-1)
    with pytest.raises(ValueError):
        OURS.find_previous_phase("SPRING 1901 MOVEMENT", "M", skip=0.5)


def test_find_phase_walks_a_played_game():
    game = standoff.Game()
    names = [game.phase]
    while len(names) < 12:
        game.process()
        names.append(game.phase)
    for before, after in zip(names, names[1:]):
        kind = after.split()[2][0]
        assert OURS.find_next_phase(before, kind) == after == THEIRS.find_next_phase(before, kind)
        kind = before.split()[2][0]
        assert OURS.find_previous_phase(after, kind) == before == THEIRS.find_previous_phase(after, kind)


# ---------------------------------------------------------------- other maps
@pytest.mark.parametrize("name", ["modern", "ancmed", "pure"])
def test_other_maps_with_the_same_data(name):
    # Maps whose standoff variant has the package's map file's board and start (not
    # their convoy_paths: the package would compute and cache them on disk).
    ours, theirs = standoff.Game(map_name=name).map, package_map(name)
    assert standoff.Map(name, use_cache=False).locs == ours.locs
    for member in ("phase", "units", "centers", "owns"):
        assert getattr(ours, member) == getattr(theirs, member), member
    for case in abuts_cases(theirs):
        assert ours.abuts(*case) == theirs.abuts(*case), case
    for site in theirs.loc_abut:
        for incl_no_coast in (False, True):
            assert by_name(ours.abut_list(site, incl_no_coast)) == by_name(
                theirs.abut_list(site, incl_no_coast)), site
        assert sorted(ours.find_coasts(site)) == sorted(theirs.find_coasts(site)), site
        assert sorted(ours.dest_with_coasts[site.upper()]) == sorted(theirs.dest_with_coasts[site.upper()]), site


@pytest.mark.parametrize("map_name", ["standard", "ancmed", "modern"])
def test_long_phase_names_as_the_package_writes_them(map_name):
    ours, theirs = standoff.Game(map_name=map_name), diplomacy.Game(map_name=map_name)
    assert ours.phase == theirs.phase
    for short in ("S0001M", "F12R", "W1901A", "S1M"):
        assert ours.map.phase_long(short) == theirs.map.phase_long(short), short

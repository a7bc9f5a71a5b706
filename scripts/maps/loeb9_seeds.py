"""Seed points of Loeb9's provinces: the standard map's, with Spain split into Navarre,
Catalonia, Madrid and Cordoba, the islands (Ireland, Iceland, Corsica, Sardinia, Sicily)
made provinces, and the Arctic Ocean, Siberia and Kazakhstan added. Our own choice of
places; see standard_seeds.py.
"""

import standard_seeds as base

NAME = "loeb9"

ISLANDS = {
    "ire": [(-8.0, 53.2), (-7.0, 54.6), (-9.5, 52.0)],
    "ice": [(-19.0, 64.9)],
    "crs": [(9.1, 42.1)],
    "sar": [(9.0, 40.0)],
    "sic": [(14.2, 37.5)],
}

LAND = {k: list(v) for k, v in base.LAND.items() if k != "spa"}
LAND["nap"] = [p for p in LAND["nap"] if p != (14.2, 37.5)]
LAND["mos"] = [p for p in LAND["mos"] if p != (50.0, 50.5)]
LAND.update(ISLANDS)
LAND.update({
    "nav": [(-5.6, 43.0), (-7.8, 42.8), (-2.0, 42.8), (-4.2, 42.2)],
    "cat": [(1.8, 41.7), (-0.5, 39.4), (0.3, 40.8)],
    "cor": [(-4.8, 37.9), (-2.5, 37.3), (-6.5, 37.3)],
    "mad": [(-3.7, 40.4), (-2.3, 39.9), (-5.5, 40.6)],
    "sib": [(62.0, 63.0), (58.0, 67.5), (68.0, 66.0), (65.0, 58.0)],
    "kaz": [(58.0, 50.0), (64.0, 47.0), (52.0, 48.5)],
})

island_places = {p for pts in ISLANDS.values() for p in pts}
SCENERY = [p for p in base.SCENERY
           if p not in island_places and p not in {(-8.0, 53.0), (-7.0, 54.6), (-9.5, 52.0),
                                                   (-19.0, 64.9), (9.1, 42.1), (9.0, 40.0)}]
SCENERY += [(75.0, 45.0), (60.0, 40.0), (68.0, 40.0)]  # Central Asia beyond the board

SEA = {k: list(v) for k, v in base.SEA.items()}
SEA["arc"] = [(35.0, 78.5), (10.0, 77.0), (60.0, 77.0), (-10.0, 75.0), (75.0, 74.0)]

VOID = base.VOID

COASTS = {k: v for k, v in base.COASTS.items() if not k.startswith("spa/")}

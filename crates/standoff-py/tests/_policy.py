"""Random order policy for the differential test and the benchmark: orders drawn from
the ``diplomacy`` package's ``get_all_possible_orders()`` (sorted, so a seed gives the
same game whatever the hash seed), biased so that supports back real moves and convoys
happen (a convoying fleet's army is ordered ``... VIA``)."""

import random

WEIGHTS = {"support": 35, "move": 40, "convoy": 15, "hold": 10}


def category(order):
    words = order.split()
    if len(words) == 3 and words[2] == "H":
        return "hold"
    if words[2] == "S":
        return "support"
    if words[2] == "C":
        return "convoy"
    if words[2] == "-":
        return "convoy" if words[-1] == "VIA" else "move"
    return "other"


def unit_of(order):
    return " ".join(order.split()[:2])


def movement_orders(units, possible, rng):
    """``units``: power -> units; ``possible``: location -> orders. Returns power -> orders."""
    by_unit = {}
    owner = {}
    for power in sorted(units):
        for unit in sorted(units[power]):
            if unit.startswith("*"):
                continue
            opts = sorted(o for o in possible.get(unit[2:], []) if unit_of(o) == unit)
            by_unit[unit] = opts or [unit + " H"]
            owner[unit] = power
    chosen = {}
    order_seq = sorted(by_unit)
    rng.shuffle(order_seq)
    wants_support = []
    for unit in order_seq:
        if unit in chosen:
            continue
        cats = {}
        for o in by_unit[unit]:
            cats.setdefault(category(o), []).append(o)
        avail = [c for c in WEIGHTS if c in cats]
        cat = rng.choices(avail, weights=[WEIGHTS[c] for c in avail])[0]
        if cat == "support":
            wants_support.append(unit)
        elif cat == "convoy":
            order = rng.choice(cats["convoy"])
            chosen[unit] = order
            w = order.split()
            if w[2] == "C":
                army, dest = " ".join(w[3:5]), w[6]
                via = "%s - %s VIA" % (army, dest)
                if army in by_unit and army not in chosen and via in by_unit[army]:
                    chosen[army] = via
            else:
                conv = "C %s - %s" % (unit, w[3])
                for f in order_seq:
                    if f not in chosen:
                        for o in by_unit[f]:
                            if o.endswith(conv) and rng.random() < 0.9:
                                chosen[f] = o
                                break
        else:
            chosen[unit] = rng.choice(cats[cat])
    for unit in wants_support:
        if unit in chosen:
            continue
        supports = [o for o in by_unit[unit] if category(o) == "support"]
        matching = []
        for o in supports:
            w = o.split()
            target = chosen.get(" ".join(w[3:5]))
            if target is None:
                continue
            tw = target.split()
            if len(w) == 5 and tw[2] != "-":
                matching.append(o)
            elif len(w) == 7 and tw[2] == "-" and tw[3][:3] == w[6][:3]:
                matching.append(o)
        if matching and rng.random() < 0.7:
            chosen[unit] = rng.choice(matching)
        else:
            chosen[unit] = rng.choice(supports)
    out = {p: [] for p in units}
    for unit, power in owner.items():
        out[power].append(chosen.get(unit, unit + " H"))
    return out


def retreat_orders(units, possible, rng):
    out = {}
    for power in sorted(units):
        orders = []
        for unit in sorted(u[1:] for u in units[power] if u.startswith("*")):
            opts = sorted(o for o in possible.get(unit[2:], []) if unit_of(o) == unit)
            retreats = [o for o in opts if " R " in o]
            if retreats and rng.random() < 0.85:
                orders.append(rng.choice(retreats))
            else:
                orders.append(unit + " D")
        out[power] = orders
    return out


def adjustment_orders(units, centers, orderable, possible, rng):
    out = {}
    for power in sorted(units):
        need = len(centers.get(power, [])) - len(units[power])
        orders = []
        if need > 0:
            sites = sorted(orderable.get(power, []))
            rng.shuffle(sites)
            for site in sites[:need]:
                builds = sorted(o for o in possible.get(site, []) if o.endswith(" B"))
                if builds and rng.random() > 0.08:
                    orders.append(rng.choice(builds))
        elif need < 0:
            mine = sorted(units[power])
            rng.shuffle(mine)
            orders = [u + " D" for u in mine[: -need - (1 if rng.random() < 0.05 else 0)]]
        out[power] = orders
    return out


def choose_orders(game, rng, p_disorder=0.05):
    """Orders for the current phase of a ``diplomacy`` (or ``standoff``) ``Game``."""
    phase = game.get_current_phase()
    units = game.get_units()
    possible = game.get_all_possible_orders()
    if phase.endswith("M"):
        orders = movement_orders(units, possible, rng)
    elif phase.endswith("R"):
        orders = retreat_orders(units, possible, rng)
    else:
        orders = adjustment_orders(
            units, game.get_centers(), game.get_orderable_locations(), possible, rng
        )
    # Civil disorder: a power now and then gives no orders at all.
    return {p: o for p, o in sorted(orders.items()) if rng.random() >= p_disorder}


def play_both(theirs, ours, rng):
    """Plays the current phase of the package's game ``theirs`` and standoff's ``ours``
    with the same orders, drawn from the package's (``choose_orders``); returns them
    (power -> orders)."""
    given = choose_orders(theirs, rng)
    for power, orders in given.items():
        theirs.set_orders(power, orders)
        ours.set_orders(power, orders, errors="ignore")
    theirs.process()
    ours.process()
    return given

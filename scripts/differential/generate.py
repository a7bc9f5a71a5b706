#!/usr/bin/env python3
"""Generate random Diplomacy games with the `diplomacy` PyPI package.

The games are adjudicated by that package (an independent adjudicator) and
written in its saved-game JSON format, one game per line (JSONL), so that
`standoff replay --format mila FILE` can replay every phase and compare.

The `diplomacy` package is AGPL-3.0. This script only imports and runs it;
none of its code is copied into this repository.

Usage:
    python3 generate.py --games N --seed S --out FILE.jsonl \
        [--max-year 1910] [--processes 2]

Determinism: game i uses random.Random(seed + i), a fixed game id
("standoff-s<seed>-g<i>") and timestamps rewritten to a per-phase counter, and
the games are written sorted by index, so the output file is byte-identical for
the same arguments (independently of --processes and PYTHONHASHSEED).
"""

import argparse
import json
import multiprocessing
import os
import random
import sys
import time

from atomic_write import atomic_write

# Order-category weights for movement phases (only categories that are
# available for a unit are considered; the weights are renormalised).
MOVE_WEIGHTS = {
    "support": 35,
    "move": 40,
    "convoy": 15,  # fleet convoy orders and army "VIA" moves
    "hold": 10,
}
# Probability that a support picks an order matching what the supported unit
# was actually ordered to do (when such a support is available).
P_MATCHING_SUPPORT = 0.7
# Probability that a support with nothing matching to support becomes a
# move (or hold) instead of a (probably void) random support.
P_SUPPORT_FALLBACK = 0.6
# Probability that a move targets a province occupied by another power's unit
# (when there is one), to get more bounces, dislodgements and retreats.
P_ATTACK = 0.5
# Probability that, after a convoy/VIA order, a matching support is also added.
P_CONVOY_SUPPORT = 0.5
# Probability that a power submits no orders at all in a phase (civil disorder).
P_CIVIL_DISORDER = 0.05
# Probability in an adjustment phase of an explicit WAIVE instead of a build.
P_WAIVE = 0.08
# Probability in an adjustment phase of ordering one build/remove fewer than
# needed (the engine then applies its default: unused builds are waived,
# missing removals are chosen by distance from home).
P_SHORT_ADJUST = 0.05


def classify(order):
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
    """'A LON - NWY VIA' -> 'A LON'"""
    return " ".join(order.split()[:2])


def movement_orders(game, rng, powers_to_order):
    """Choose orders for every unit of the powers in `powers_to_order`.

    Returns {power_name: [order, ...]}.
    """
    possible = game.get_all_possible_orders()
    # unit -> (power, sorted list of its possible orders); sorted because the
    # engine builds these lists from sets (iteration order depends on hashing).
    units = {}
    for power_name in sorted(powers_to_order):
        for unit in sorted(game.get_power(power_name).units):
            loc = unit[2:]
            opts = sorted(o for o in possible.get(loc, []) if unit_of(o) == unit)
            if not opts:
                opts = [unit + " H"]
            units[unit] = (power_name, opts)

    chosen = {}  # unit -> order

    def by_cat(opts):
        cats = {}
        for o in opts:
            cats.setdefault(classify(o), []).append(o)
        return cats

    def matching_supports(opts):
        """Supports (among opts) consistent with orders chosen so far."""
        out = []
        for o in opts:
            w = o.split()
            if w[2] != "S":
                continue
            target = " ".join(w[3:5])
            t_order = chosen.get(target)
            if t_order is None:
                # Units of powers in civil disorder hold; others not yet ordered.
                if target in all_units and all_units[target] not in powers_to_order and len(w) == 5:
                    out.append(o)
                continue
            tw = t_order.split()
            if len(w) == 5:  # support hold: target must not be moving
                if tw[2] != "-":
                    out.append(o)
            else:  # support move: target must move to that destination
                dest = w[6]
                if tw[2] == "-" and tw[3][:3] == dest[:3]:
                    out.append(o)
        return out

    all_units = {}
    occupied = {}  # province (3 letters) -> power name
    for power in game.powers.values():
        for unit in power.units:
            all_units[unit] = power.name
            occupied[unit[2:5]] = power.name

    order_seq = list(units)
    rng.shuffle(order_seq)

    def add_support_for(move_unit, dest, exclude):
        """Try to have some unordered unit support `move_unit` moving to `dest`."""
        cands = []
        for u in order_seq:
            if u in chosen or u in exclude:
                continue
            for o in units[u][1]:
                w = o.split()
                if w[2] == "S" and len(w) == 7 and " ".join(w[3:5]) == move_unit and w[6][:3] == dest[:3]:
                    cands.append(o)
        if cands:
            o = rng.choice(cands)
            chosen[unit_of(o)] = o

    def choose_move(unit, moves):
        """A move, biased towards provinces held by another power's unit."""
        owner = units[unit][0]
        attacks = [m for m in moves if occupied.get(m.split()[3][:3], owner) != owner]
        if attacks and rng.random() < P_ATTACK:
            return rng.choice(attacks)
        return rng.choice(moves)

    # Pass 1: pick a category for every unit; give the non-support orders
    # right away (convoys also pull in their army, fleets and a support).
    wants_support = []
    for unit in order_seq:
        if unit in chosen:
            continue
        _, opts = units[unit]
        cats = by_cat(opts)
        avail = [c for c in ("support", "move", "convoy", "hold") if c in cats]
        weights = [MOVE_WEIGHTS[c] for c in avail]
        cat = rng.choices(avail, weights=weights)[0]

        if cat == "support":
            wants_support.append(unit)
        elif cat == "convoy":
            order = rng.choice(cats["convoy"])
            chosen[unit] = order
            w = order.split()
            if w[2] == "C":
                # Fleet convoys an army: order the army to move VIA, if free.
                army = " ".join(w[3:5])
                dest = w[6]
                via = "%s - %s VIA" % (army, dest)
                if army in units and army not in chosen and via in units[army][1]:
                    chosen[army] = via
                    if rng.random() < P_CONVOY_SUPPORT:
                        add_support_for(army, dest, exclude=())
            else:
                # Army moves VIA: ask unordered fleets that can convoy it to do so.
                dest = w[3]
                conv = "C %s - %s" % (unit, dest)
                for f in order_seq:
                    if f in chosen:
                        continue
                    for o in units[f][1]:
                        if o.endswith(conv) and o.split()[2] == "C":
                            if rng.random() < 0.9:
                                chosen[f] = o
                            break
                if rng.random() < P_CONVOY_SUPPORT:
                    add_support_for(unit, dest, exclude=())
        elif cat == "move":
            chosen[unit] = choose_move(unit, cats["move"])
        else:
            chosen[unit] = rng.choice(cats[cat])

    # Pass 2: supports, now that (almost) every other order is known, so most
    # of them support what the supported unit really does.
    for unit in wants_support:
        if unit in chosen:
            continue
        supports = by_cat(units[unit][1])["support"]
        matching = matching_supports(supports)
        if matching and rng.random() < P_MATCHING_SUPPORT:
            chosen[unit] = rng.choice(matching)
        elif not matching and rng.random() < P_SUPPORT_FALLBACK:
            # Nothing useful to support: attack or hold instead.
            cats = by_cat(units[unit][1])
            if "move" in cats and rng.random() < 0.8:
                chosen[unit] = choose_move(unit, cats["move"])
            else:
                chosen[unit] = unit + " H"
        else:
            chosen[unit] = rng.choice(supports)

    result = {p: [] for p in powers_to_order}
    for unit, (power_name, _) in units.items():
        result[power_name].append(chosen.get(unit, unit + " H"))
    return result


def retreat_orders(game, rng, powers_to_order):
    possible = game.get_all_possible_orders()
    result = {}
    for power_name in sorted(powers_to_order):
        power = game.get_power(power_name)
        orders = []
        for unit in sorted(power.retreats):
            opts = sorted(o for o in possible.get(unit[2:], []) if unit_of(o) == unit)
            if not opts:
                opts = [unit + " D"]
            retreats = [o for o in opts if " R " in o]
            # Mostly retreat when possible; sometimes disband voluntarily.
            if retreats and rng.random() < 0.85:
                orders.append(rng.choice(retreats))
            else:
                orders.append(unit + " D")
        result[power_name] = orders
    return result


def adjustment_orders(game, rng, powers_to_order):
    possible = game.get_all_possible_orders()
    result = {}
    for power_name in sorted(powers_to_order):
        power = game.get_power(power_name)
        need = len(power.centers) - len(power.units)
        locs = game.get_orderable_locations(power_name)
        orders = []
        if need > 0:
            sites = list(locs)
            rng.shuffle(sites)
            n = min(need, len(sites))
            if n > 0 and rng.random() < P_SHORT_ADJUST:
                n -= 1
            for site in sites[:n]:
                if rng.random() < P_WAIVE:
                    orders.append("WAIVE")
                    continue
                builds = sorted(o for o in possible.get(site, []) if o.endswith(" B"))
                if builds:
                    orders.append(rng.choice(builds))
        elif need < 0:
            units = sorted(power.units)
            rng.shuffle(units)
            n = -need
            if n > 0 and rng.random() < P_SHORT_ADJUST:
                n -= 1
            orders = [u + " D" for u in units[:n]]
        result[power_name] = orders
    return result


def play_game(args):
    index, seed, max_year, map_name, years = args
    import diplomacy
    from diplomacy.utils.export import to_saved_game_format

    rng = random.Random(seed + index)
    if map_name == "standard":
        game = diplomacy.Game(game_id="standoff-s%d-g%d" % (seed, index))
    else:
        game = diplomacy.Game(game_id="standoff-%s-s%d-g%d" % (map_name, seed, index), map_name=map_name)
    if years:
        max_year = game.map.first_year + years - 1
    while not game.is_game_done:
        phase = game.get_current_phase()  # e.g. S1901M (S1M on a map starting in year 1)
        year = int(phase[1:-1])
        if year > max_year:
            break
        kind = phase[-1]
        orderable = game.get_orderable_locations()
        powers = [p for p, locs in sorted(orderable.items()) if locs]
        # Civil disorder: some powers submit nothing this phase.
        to_order = [p for p in powers if rng.random() >= P_CIVIL_DISORDER]
        if kind == "M":
            orders = movement_orders(game, rng, to_order)
        elif kind == "R":
            orders = retreat_orders(game, rng, to_order)
        else:
            orders = adjustment_orders(game, rng, to_order)
        for power_name in sorted(orders):
            game.set_orders(power_name, orders[power_name])
        game.process()

    saved = to_saved_game_format(game)
    # Make the output reproducible: timestamps become a per-phase counter.
    for i, phase in enumerate(saved["phases"]):
        phase["state"]["timestamp"] = i
    n_movement = sum(1 for p in saved["phases"][:-1] if p["name"].endswith("M"))
    line = json.dumps(saved, sort_keys=True, separators=(",", ":"))
    return index, line, len(saved["phases"]) - 1, n_movement


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--max-year", type=int, default=1910)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--map", default="standard",
                    help="the package's map name (ancmed, pure, modern, world, standard_fleet_rome, ...)")
    ap.add_argument("--years", type=int, default=0,
                    help="play this many years from the map's first year (overrides --max-year)")
    args = ap.parse_args(argv)

    start = time.time()
    jobs = [(i, args.seed, args.max_year, args.map, args.years) for i in range(args.games)]
    out_dir = os.path.dirname(os.path.abspath(args.out))
    os.makedirs(out_dir, exist_ok=True)
    phases = movement = games = 0
    pool = multiprocessing.Pool(args.processes) if args.processes > 1 else None
    try:
        # imap (not imap_unordered) yields games in index order, so the file
        # is deterministic and written as we go (constant memory).
        it = pool.imap(play_game, jobs, chunksize=1) if pool else map(play_game, jobs)
        with atomic_write(args.out) as f:
            for index, line, n_phases, n_movement in it:
                assert index == games
                f.write(line + "\n")
                games += 1
                phases += n_phases
                movement += n_movement
                if games % 100 == 0:
                    f.flush()
                    print("%d/%d games, %d movement phases, %.0f s"
                          % (games, args.games, movement, time.time() - start),
                          file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()

    print("games: %d" % games)
    print("phases: %d (processed)" % phases)
    print("movement phases: %d" % movement)
    print("seconds: %.1f" % (time.time() - start))


if __name__ == "__main__":
    main()

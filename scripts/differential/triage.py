#!/usr/bin/env python3
"""Triage the phases where standoff and the `diplomacy` package disagree.

Input: the output of `standoff replay FILE --show N` (one block per differing phase:
`game <id> phase <name>:` and `units:`/`dislodged:`/`centers:`/`next phase:`/`result`
lines) and the games file FILE it was made from. Every differing phase gets one root
cause category; the counts add up to the number of differing phases.

How a root cause is established. Each differing phase is re-run through the package
(installed and only imported and executed; it is AGPL-3.0 and none of its code is
copied here) from the recorded state. With the recorded orders it must reproduce the
record. Then counterfactual edits of the orders, each removing the effect of one
suspected package deviation, are tried alone and in combination; the smallest set of
edits after which the package's outcome equals standoff's (rebuilt from the record and
the replay diff), up to the deviations that need no edit (c, b, d), is the phase's
cause set:

  a1  drop supports that power P gives to a move *via convoy* into a province where a
      unit of P stays (DATC 5.B ATTACK STRENGTH, 6.D.12: they do not count; the package
      counts them for "VIA" moves)
  a2  drop supports that power P gives to a move into a province held by a *convoying
      fleet* of P (the package counts them when it decides whether the convoy is
      disrupted)
  x   drop the (failing) moves into a convoying fleet's province that the package calls
      `disrupted` although standoff does not dislodge the fleet; then split into
      p   false convoy paradox: the unit in the army's destination supports the
          convoying fleet, but the army can not change that support's fate (it is cut
          anyway, or it is the army's own power's)
      g   beleaguered garrison: the unit in the army's destination is one of two equal
          attackers of the convoying fleet
  l   drop the move of an army convoyed by its own power's fleet to an adjacent
      province whose convoy failed (DATC 4.A.3 d: it moves by convoy and fails; the
      package falls back to the land route)
  s   STANDOFF BUG: drop the moves into the province of a convoying fleet that neither
      engine dislodges (they fail in both outcomes). If both engines then agree (run on
      the edited orders, `standoff replay` of a one-phase game) and the package's own
      answer did not change, standoff's result depended on an attack that can not
      succeed. Tried after the edits above fail, combined with each of them.
  h   head-to-head battle: drop the supports that count for a unit's defend strength
      but not for its attack strength (from the power of the unit it attacks); the
      package leaves them out of both. Checked like s, both engines on the edited
      orders: they must then agree. Tried last.
No edit needed (checked on the outcome):
  c   result codes only: standoff marks a support cut by a convoyed army, the package
      does not. The package's paradox-avoidance exception (a convoyed army does not cut
      a support given for or against a fleet that lies on every convoy route of that
      army; a supporter it dislodges is not marked cut), i.e. the 1982/2000 rules
      (DATC 4.A.2 b/c), applied where there is no paradox; the Szykman rule (choice d)
      cuts
  b   retreat options: after a dislodgement by a convoyed army the package offers every
      adjacent province, also occupied ones and stand-off provinces
  d   phase flow: the package skips the winter adjustment when nobody must remove and
      nobody who may build has a free owned home centre; standoff plays it whenever a
      power's centre count differs from its unit count
  r   civil-disorder removal (adjustment phases): ties between units at equal distance
      broken by the abbreviation (package) instead of the full English name (DATC 4.D.8)
A phase nothing explains is `unexplained` (with its problems listed); the exit status
is then 1.

Usage:
    python3 triage.py [--replay R.txt] [--games G.jsonl] [--examples 2] [--json OUT] [--limit N]
    python3 triage.py --cases [FILE]   # run the case file through both engines
Environment: STANDOFF=path/to/standoff (default: target/release/standoff of the repo).
"""

import argparse
import collections
import itertools
import json
import logging
import os
import re
import subprocess
import sys
import tempfile

from atomic_write import atomic_write

logging.disable(logging.CRITICAL)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
STANDOFF = os.environ.get("STANDOFF", os.path.join(REPO, "target", "release", "standoff"))
CASES = os.path.join(REPO, "crates", "standoff", "tests", "data", "datc", "differential.txt")

# Category order: the primary category of a phase is the first of its causes here.
ORDER = ["s", "h", "a1", "a2", "p", "g", "l", "b", "d", "r", "c", "unexplained"]
NAMES = {
    "s": "standoff resolver: a convoyed army bounces when a failing attack on its convoying fleet is evaluated first",
    "h": "head-to-head: package compares attack strengths instead of attack vs defend strength",
    "a1": "package counts the defending power's supports for a convoyed attack on its own unit",
    "a2": "package counts the fleet's own power's supports against a convoying fleet (false disruption)",
    "p": "package declares a convoy paradox that is none (support cut anyway / army's own power)",
    "g": "package disrupts a beleaguered convoying fleet when the army's destination unit attacks it",
    "l": "package falls back to the land route after a disrupted own-fleet convoy to an adjacent province",
    "c": "package keeps a support cut by a convoyed army (its 1982/2000-style paradox exception, used without a paradox)",
    "b": "package offers occupied and stand-off provinces as retreats after a dislodgement by convoy",
    "d": "phase flow: package skips the adjustment phase when no power can build or must remove",
    "r": "civil-disorder removal tie broken by abbreviation (package) instead of full name",
    "unexplained": "not explained",
}
RULES = {
    "s": "4.A.2 (a paradox needs two or no consistent resolutions); 5.B PATH, SUPPORT; 5.D",
    "h": "5.B MOVE / DEFEND STRENGTH; 6.E.3",
    "a1": "6.D.12, 6.D.14; 5.B ATTACK STRENGTH",
    "a2": "6.D.12; 5.B ATTACK STRENGTH, PATH",
    "p": "4.A.2 choice d (Szykman, paradoxes only); 6.F.14, 6.F.18",
    "g": "5.B PATH; 6.E.13 (beleaguered garrison); 4.A.7 b",
    "l": "4.A.3 choice d; 6.G.9, 6.G.11",
    "c": "4.A.2 choice d (not b/c); 6.F.18, 6.F.21",
    "b": "5.B retreats; 6.H.6, 6.H.11 (4.A.5 b)",
    "d": "(not a DATC matter: flow of phases)",
    "r": "4.D.8 choice d; 6.J.4, 6.J.6",
    "unexplained": "",
}
VERDICT = {
    "s": "package right: STANDOFF BUG",
    "h": "standoff right",
    "a1": "standoff right",
    "a2": "standoff right",
    "p": "standoff right",
    "g": "standoff right",
    "l": "standoff right",
    "c": "standoff right (DATC preference)",
    "b": "standoff right",
    "d": "equivalent (no orders possible)",
    "r": "standoff right",
    "unexplained": "?",
}


# --------------------------------------------------------------------------------------
# The replay output


def parse_replay(path):
    """-> (blocks, summary); block = {'game', 'phase', 'lines'}."""
    with open(path) as f:
        return parse_replay_text(f.read())


def parse_replay_text(text):
    blocks, cur, summary = [], None, {}
    for line in text.splitlines():
        m = re.match(r"game (\S+) phase (\S+):$", line)
        if m:
            cur = {"game": m.group(1), "phase": m.group(2), "lines": []}
            blocks.append(cur)
            continue
        if line.startswith("    ") and cur is not None:
            cur["lines"].append(line.strip())
            continue
        m = re.match(r"(\d+) phases agree, (\d+) differ", line)
        if m:
            summary["agree"], summary["differ"] = int(m.group(1)), int(m.group(2))
        m = re.match(r"movement phases compared: (\d+)", line)
        if m:
            summary["movement"] = int(m.group(1))
    return blocks, summary


def parse_lines(lines):
    """Split a block's lines into their parts."""
    d = {"units": ([], []), "dislodged": ([], []), "centers": ([], []),
         "results": {}, "next": None, "other": []}
    for line in lines:
        m = re.match(r"(units|dislodged|centers): ([-+]) (.*)$", line)
        if m:
            d[m.group(1)][0 if m.group(2) == "-" else 1].append(m.group(3))
            continue
        m = re.match(r"result (\S+ \S+): recorded \{(.*)\}, standoff \{(.*)\}$", line)
        if m:
            sets = [frozenset(x.strip().strip('"') for x in g.split(",") if x.strip())
                    for g in (m.group(2), m.group(3))]
            d["results"][m.group(1)] = (sets[0], sets[1])
            continue
        m = re.match(r"next phase: recorded (\S+), standoff (\S+)$", line)
        if m:
            d["next"] = (m.group(1), m.group(2))
            continue
        d["other"].append(line)
    return d


def board_affecting(lines):
    """Whether a block differs on the board (not only in result codes)."""
    return any(not line.startswith("result ") for line in lines)


def load_games(path, wanted):
    """The games whose id is in `wanted`, by id (only those lines are parsed)."""
    games = {}
    with open(path, "rb") as f:
        for line in f:
            m = re.search(rb'"id":"([^"]+)"', line)
            if m and m.group(1).decode() in wanted:
                g = json.loads(line)
                games[g["id"]] = g
    return games


# --------------------------------------------------------------------------------------
# Board helpers (package state format)


def unit_set(state):
    return {"%s %s" % (p, u) for p, us in state["units"].items() for u in us if not u.startswith("*")}


def dislodged_map(state):
    """'POWER U LOC' -> frozenset(options), units with options only (as the replay)."""
    return {"%s %s" % (p, u): frozenset(opts)
            for p, rs in state["retreats"].items() for u, opts in rs.items() if opts}


def center_set(state):
    return {"%s %s" % (p, c) for p, cs in state["centers"].items() for c in cs}


def parse_dislodged(item):
    """'*ENGLAND F LON -> NTH,YOR' -> ('ENGLAND F LON', frozenset)."""
    m = re.match(r"\*(\S+ \S+ \S+) -> (.*)$", item)
    return m.group(1), frozenset(x for x in m.group(2).split(",") if x)


def order_unit(order):
    return " ".join(order.split()[:2])


def comparable(codes, order, unit):
    """The result codes both engines mean the same way (as mila/replay.rs)."""
    codes = set(codes)
    w = order.split() if order else []
    is_support = len(w) > 2 and w[2] == "S"
    is_army_move = unit.startswith("A ") and len(w) > 2 and w[2] == "-"
    out = set()
    for c in codes:
        if c in ("dislodged", "bounce"):
            out.add(c)
        elif c == "cut" and is_support and "void" not in codes:
            out.add(c)
        elif c == "no convoy" and is_army_move:
            out.add(c)
    return frozenset(out)


# --------------------------------------------------------------------------------------
# Running the package


def run_package(state, orders):
    """Process one phase with the package. -> (next_state, results, next_phase_name)."""
    from diplomacy import Game

    g = Game(rules=["NO_PRESS", "POWER_CHOICE"], map_name=MAP_NAME)
    g.set_state(state)
    for power, os_ in orders.items():
        if os_:
            g.set_orders(power, os_)
    g.process()
    res = g.get_phase_history()[-1].results
    return g.get_state(), {u: [str(x) for x in r] for u, r in res.items()}, g.get_current_phase()


_MAP = None
# The package's map the games are on (--map), and standoff's built-in variant for it.
MAP_NAME = "standard"
VARIANT = "standard"


def pkg_map():
    global _MAP
    if _MAP is None:
        from diplomacy import Map
        _MAP = Map(MAP_NAME)
    return _MAP


def full_name(loc):
    """Full English name of a location ('BOT' -> 'GULF OF BOTHNIA')."""
    names = [n for n, l in pkg_map().loc_name.items() if l.upper() == loc[:3].upper() and "/" not in n]
    names.sort(key=len, reverse=True)
    return names[0] if names else loc


# --------------------------------------------------------------------------------------
# One differing phase


class Phase:
    def __init__(self, game, name, lines):
        names = [p["name"] for p in game["phases"]]
        i = names.index(name)
        self.game_id = game["id"]
        self.name = name
        self.now = game["phases"][i]
        self.next = game["phases"][i + 1]
        self.lines = lines
        self.diff = parse_lines(lines)
        self.state = self.now["state"]
        self.orders = {p: list(o or []) for p, o in (self.now["orders"] or {}).items()}
        self.unit_order = {}  # 'A LON' -> (power, order)
        for p, os_ in self.orders.items():
            for o in os_:
                self.unit_order[order_unit(o)] = (p, o)
        self.occupant = {}  # 'LON' -> (power, 'A LON') at the start of the phase
        for p, us in self.state["units"].items():
            for u in us:
                if not u.startswith("*"):
                    self.occupant[u[2:5]] = (p, u)
        self._std = None

    def standoff_outcome(self):
        """standoff's outcome, rebuilt from the record and the diff lines."""
        if self._std is None:
            nxt = self.next["state"]
            minus, plus = self.diff["units"]
            units = (unit_set(nxt) - set(minus)) | set(plus)
            disl = dict(dislodged_map(nxt))
            for item in self.diff["dislodged"][0]:
                disl.pop(parse_dislodged(item)[0], None)
            for item in self.diff["dislodged"][1]:
                u, o = parse_dislodged(item)
                disl[u] = o
            centers = (center_set(nxt) - set(self.diff["centers"][0])) | set(self.diff["centers"][1])
            next_name = self.diff["next"][1] if self.diff["next"] else self.next["name"]
            codes = {u: comparable(r, self.unit_order.get(u, (None, None))[1], u)
                     for u, r in self.now["results"].items()}
            for u, (rec, std) in self.diff["results"].items():
                codes[u] = std
            self._std = {"units": units, "dislodged": disl, "centers": centers,
                         "next": next_name, "codes": codes}
        return self._std

    def idle_retreat_next(self):
        """The replay compares only units when the recorded next phase is a retreat phase
        in which nobody can retreat."""
        return self.next["name"].endswith("R") and all(
            not opts for rs in self.next["state"]["retreats"].values() for opts in rs.values())


# --------------------------------------------------------------------------------------
# Counterfactual edits: each returns the orders to drop, [(power, order)]


def supports_of(ph, pred):
    """Support-move orders whose (matching) supported move satisfies pred(P, mover, dest)."""
    out = []
    for p, os_ in ph.orders.items():
        for o in os_:
            w = o.split()
            if len(w) >= 7 and w[2] == "S" and w[5] == "-":
                mover = ph.unit_order.get(" ".join(w[3:5]))
                dest = w[6][:3]
                if mover is None:
                    continue
                mw = mover[1].split()
                if mw[2] != "-" or mw[3][:3] != dest:
                    continue  # does not match the supported order: void anyway
                if pred(p, mover, dest):
                    out.append((p, o))
    return out


def stays(ph, unit):
    """Whether `unit` stays in its province in the package's result."""
    o = ph.unit_order.get(unit, (None, "x x H"))[1].split()
    if o[2] != "-":
        return True
    return bool(set(ph.now["results"].get(unit, [])) & {"bounce", "no convoy", "void", "dislodged"})


def is_convoyed(orders, unit, dest):
    """Whether the package treats `unit`'s move to `dest` as convoyed: VIA, or a fleet is
    ordered to convoy it there."""
    for os_ in orders.values():
        for o in os_:
            w = o.split()
            if order_unit(o) == unit and w[2] == "-" and w[-1] == "VIA":
                return True
            if w[2] == "C" and " ".join(w[3:5]) == unit and w[-1][:3] == dest[:3]:
                return True
    return False


def is_convoying_fleet(ph, unit):
    o = ph.unit_order.get(unit)
    return unit.startswith("F ") and o is not None and o[1].split()[2] == "C"


def fix_a1(ph):
    """Supports by P for a VIA move into a province where a unit of P stays (if it
    leaves, all supports count: 5.B ATTACK STRENGTH)."""
    def pred(p, mover, dest):
        occ = ph.occupant.get(dest)
        return (mover[1].endswith(" VIA") and occ is not None and occ[0] == p
                and occ[1] != order_unit(mover[1]) and stays(ph, occ[1]))
    return supports_of(ph, pred)


def fix_a2(ph):
    """Supports by P for a move into a province held by a convoying fleet of P."""
    def pred(p, mover, dest):
        occ = ph.occupant.get(dest)
        return occ is not None and occ[0] == p and is_convoying_fleet(ph, occ[1])
    return supports_of(ph, pred)


def why_not_cut(ph, support_unit):
    """Why the package's 1982 rule keeps this support, or None: 'c-fleet' (attacked by a
    convoyed army; the support is for or against a province holding a fleet ordered to
    convoy) or 'c-dislodged' (its unit is dislodged by a convoyed army)."""
    p, o = ph.unit_order[support_unit]
    w = o.split()
    target = (w[6] if len(w) >= 7 else w[4])[:3]
    loc = support_unit[2:5]
    for u, (q, mo) in ph.unit_order.items():
        mw = mo.split()
        if q != p and mw[2] == "-" and mw[3][:3] == loc and is_convoyed(ph.orders, u, loc):
            occ = ph.occupant.get(target)
            if occ and is_convoying_fleet(ph, occ[1]):
                return "c-fleet"
            if u[2:5] != target:
                return "c-dislodged"
    return None


def falsely_disrupted(ph):
    """Convoying fleets the package reports `disrupted` that standoff does not dislodge."""
    std = ph.standoff_outcome()
    out = []
    for u, codes in ph.now["results"].items():
        if "disrupted" in codes and u.startswith("F "):
            p = ph.unit_order.get(u, (None, None))[0]
            if p and "%s %s" % (p, u) in std["units"]:
                out.append(u)
    return out


def fix_x(ph):
    """The moves into a falsely disrupted fleet's province (they fail in standoff)."""
    areas = {u[2:5] for u in falsely_disrupted(ph)}
    return [(p, o) for p, os_ in ph.orders.items() for o in os_
            if o.split()[2] == "-" and o.split()[3][:3] in areas]


def disruption_kind(ph):
    """Split x: 'p' (the unit in the army's destination supports the convoying fleet:
    the package's paradox test) or 'g' (it attacks the fleet's province, or supports an
    attack there: the package's beleaguered-garrison test)."""
    kinds = set()
    for f in falsely_disrupted(ph):
        area = f[2:5]
        fo = ph.unit_order[f][1].split()
        army, dest = " ".join(fo[3:5]), fo[-1][:3]
        occ = ph.occupant.get(dest)
        if occ is None:
            continue
        ow = ph.unit_order.get(occ[1], (None, "x x H"))[1].split()
        if ow[2] == "S" and len(ow) == 5 and ow[4][:3] == area:
            kinds.add("p")
        elif (ow[2] == "-" and ow[3][:3] == area) or (ow[2] == "S" and len(ow) >= 7 and ow[6][:3] == area):
            kinds.add("g")
    return kinds or {"x"}


def h2h_pairs(ph):
    """Head-to-head battles between different powers (no convoy)."""
    out = []
    for u, (p, o) in ph.unit_order.items():
        w = o.split()
        if w[2] != "-" or is_convoyed(ph.orders, u, w[3]):
            continue
        occ = ph.occupant.get(w[3][:3])
        if occ is None or occ[0] == p:
            continue
        q, ov = ph.unit_order.get(occ[1], (None, "x x H"))
        wv = ov.split()
        if wv[2] == "-" and wv[3][:3] == u[2:5] and not is_convoyed(ph.orders, occ[1], wv[3]) and u < occ[1]:
            out.append(((u, o, p), (occ[1], ov, q)))
    return out


def fix_h(ph):
    """In a head-to-head battle of U (power P) and V (power Q): the supports Q gives to
    U's move and P gives to V's move."""
    out = []
    for (u, o, p), (v, ov, q) in h2h_pairs(ph):
        for mover, mo, giver in ((u, o, q), (v, ov, p)):
            for so in ph.orders.get(giver, []):
                w = so.split()
                if len(w) >= 7 and w[2] == "S" and " ".join(w[3:5]) == mover and w[6][:3] == mo.split()[3][:3]:
                    out.append((giver, so))
    return out


def fix_l(ph):
    """The move of an army, ordered without VIA to an adjacent province and convoyed by
    its own power's fleet, that standoff fails with 'no convoy' and the package does not."""
    out = []
    for u, (rec, std) in ph.diff["results"].items():
        if "no convoy" in std and "no convoy" not in rec and u.startswith("A ") and u in ph.unit_order:
            p, o = ph.unit_order[u]
            w = o.split()
            if w[2] == "-" and w[-1] != "VIA" and pkg_map().abuts("A", u[2:], "-", w[3]) and any(
                    x.split()[2] == "C" and " ".join(x.split()[3:5]) == u for x in ph.orders.get(p, [])):
                out.append((p, o))
    return out


def fix_s(ph):
    """Moves into the province of a convoying fleet that neither engine dislodges."""
    std = ph.standoff_outcome()
    areas = {u[2:5] for u, (p, o) in ph.unit_order.items()
             if is_convoying_fleet(ph, u) and "dislodged" not in ph.now["results"].get(u, [])
             and "%s %s" % (p, u) in std["units"]}
    return [(p, o) for p, os_ in ph.orders.items() for o in os_
            if o.split()[2] == "-" and o.split()[3][:3] in areas]


FIXES = {"a1": fix_a1, "a2": fix_a2, "x": fix_x, "l": fix_l, "h": fix_h, "s": fix_s}
BASE_FIXES = ("a1", "a2", "x", "l")
COMBOS = [c for n in range(len(BASE_FIXES) + 1) for c in itertools.combinations(BASE_FIXES, n)]


def apply_drops(orders, drops):
    drop = {o for _, o in drops}
    return {p: [o for o in os_ if o not in drop] for p, os_ in orders.items()}


# --------------------------------------------------------------------------------------
# Comparing a package run with standoff's outcome


def package_skips_adjustment(state):
    """The package's rule on a state whose centres were captured: skip the winter
    adjustment when nobody must remove and nobody with fewer units than centres has a
    free owned home centre."""
    occupied = {u.lstrip("*")[2:5] for us in state["units"].values() for u in us}
    for p in state["units"]:
        n_units = len([u for u in state["units"][p] if not u.startswith("*")])
        centers = state["centers"].get(p, [])
        if n_units > len(centers):
            return False
        if n_units < len(centers) and [h for h in state["homes"].get(p, []) if h in centers and h not in occupied]:
            return False
    return True


def counts_differ(state):
    """standoff's rule: play the adjustment when some power's centre count differs from
    its unit count."""
    return any(len([u for u in state["units"][p] if not u.startswith("*")]) != len(state["centers"].get(p, []))
               for p in state["units"])


def captured(state):
    """A copy of `state` with the Fall capture of centres applied."""
    owner = {c: p for p, cs in state["centers"].items() for c in cs}
    scs = set(pkg_map().scs)
    for p, us in state["units"].items():
        for u in us:
            if not u.startswith("*") and u[2:5] in scs:
                owner[u[2:5]] = p
    st = dict(state)
    st["centers"] = {p: sorted(c for c, q in owner.items() if q == p) for p in state["units"]}
    return st


def retreat_extras_ok(new_state, results, unit, pkg_opts, std_opts, orders):
    """Cause b: the dislodger moved by convoy, the package's options include standoff's,
    and every extra option is occupied after the movement or a stand-off province."""
    if not std_opts <= pkg_opts:
        return False
    loc = unit.split()[2][:3]
    dislodger = None
    for p, us in new_state["units"].items():
        for u in us:
            if not u.startswith("*") and u[2:5] == loc:
                dislodger = (p, u)
    if dislodger is None:
        return False
    if not any(o[0] == dislodger[1][0] and o.split()[2] == "-" and o.split()[3][:3] == loc
               and is_convoyed(orders, order_unit(o), loc)
               for o in orders.get(dislodger[0], [])):
        return False
    occupied = {u[2:5] for us in new_state["units"].values() for u in us if not u.startswith("*")}
    bounced = collections.Counter(o.split()[3][:3] for os_ in orders.values() for o in os_
                                  if o.split()[2] == "-" and "bounce" in results.get(order_unit(o), []))
    return all(x[:3] in occupied or bounced[x[:3]] >= 2 for x in pkg_opts - std_opts)


def compare(ph, new_state, results, next_name, orders, dropped_units):
    """Compare a package run with standoff's outcome. -> (causes, problems)."""
    std = ph.standoff_outcome()
    causes, problems = set(), []
    year = int(ph.name[1:5])
    idle = ph.idle_retreat_next()
    pk_units = unit_set(new_state)
    if pk_units != std["units"]:
        problems.append("units: package-only %s, standoff-only %s" % (
            sorted(pk_units - std["units"]), sorted(std["units"] - pk_units)))
    # retreat options, with cause b
    corrected = {}
    for u, opts in dislodged_map(new_state).items():
        s_opts = std["dislodged"].get(u, frozenset())
        if opts != s_opts and retreat_extras_ok(new_state, results, u, opts, s_opts, orders):
            causes.add("b")
            if s_opts:
                corrected[u] = s_opts
        else:
            corrected[u] = opts
    if not idle and corrected != std["dislodged"]:
        problems.append("dislodged: package %s, standoff %s" % (
            sorted((u, sorted(o)) for u, o in corrected.items() if std["dislodged"].get(u) != o),
            sorted((u, sorted(o)) for u, o in std["dislodged"].items() if corrected.get(u) != o)))
    # next phase: if b removed every retreat, the package's phase after the retreat
    pk_next, pk_state = next_name, new_state
    if next_name.endswith("R") and not corrected and not idle:
        if next_name[0] == "S":
            pk_next = "F%dM" % year
        else:
            pk_state = captured(new_state)
            pk_next = "W%dA" % year if counts_differ(pk_state) and not package_skips_adjustment(pk_state) \
                else "S%dM" % (year + 1)
    if not idle and pk_next != std["next"]:
        if pk_next == "S%dM" % (year + 1) and std["next"] == "W%dA" % year and package_skips_adjustment(pk_state):
            causes.add("d")
        else:
            problems.append("next phase: package %s, standoff %s" % (pk_next, std["next"]))
    if not idle and not next_name.startswith("COMPLETED") and center_set(pk_state) != std["centers"]:
        problems.append("centers: package-only %s, standoff-only %s" % (
            sorted(center_set(pk_state) - std["centers"]), sorted(std["centers"] - center_set(pk_state))))
    # result codes
    if ph.name.endswith("M"):
        for u, r in results.items():
            if u in dropped_units or u not in std["codes"]:
                continue
            mine = comparable(r, ph.unit_order.get(u, (None, None))[1], u)
            theirs = std["codes"][u]
            if mine == theirs:
                continue
            if mine | {"cut"} == theirs and "cut" not in mine and why_not_cut(ph, u):
                causes.add("c")  # cut by a convoyed army in standoff, not in the package
            else:
                problems.append("result %s: package %s, standoff %s" % (u, sorted(mine), sorted(theirs)))
    return causes, problems


def standoff_replay_lines(ph, orders, pkg_run):
    """standoff on the phase with `orders` (`standoff replay` of a one-phase game whose
    record is the package's result for the same orders). -> (diff lines, game)."""
    new_state, results, next_name = pkg_run
    game = {"id": "synthetic", "map": MAP_NAME, "rules": ["NO_PRESS", "POWER_CHOICE"], "phases": [
        {"name": ph.name, "state": ph.state, "orders": orders, "results": results, "messages": []},
        {"name": next_name, "state": new_state, "orders": {}, "results": {}, "messages": []}]}
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(json.dumps(game) + "\n")
        path = f.name
    try:
        proc = subprocess.run([STANDOFF, "replay", "--format", "mila", "--variant", VARIANT, path,
                               "--show", "1000"],
                              capture_output=True, text=True)
    finally:
        os.unlink(path)
    if "phases agree" not in proc.stdout:
        raise RuntimeError("standoff replay failed: %s" % proc.stderr)
    blocks, _ = parse_replay_text(proc.stdout)
    return (blocks[0]["lines"] if blocks else []), game


def both_engines(ph, orders):
    """The package and standoff on the same (edited) orders. -> (causes, problems)."""
    run = run_package(ph.state, orders)
    lines, game = standoff_replay_lines(ph, orders, run)
    return compare(Phase(game, ph.name, lines), run[0], run[1], run[2], orders, set())


# --------------------------------------------------------------------------------------
# Classification


def same_as_record(ph, new_state, results, next_name):
    nxt = ph.next["state"]
    ok = (next_name == ph.next["name"] and unit_set(new_state) == unit_set(nxt)
          and dislodged_map(new_state) == dislodged_map(nxt) and center_set(new_state) == center_set(nxt))
    if ph.name.endswith("M"):
        ok = ok and {k: sorted(v) for k, v in results.items()} == \
            {k: sorted(v) for k, v in ph.now["results"].items()}
    return ok


def edits(ph, combo):
    """The drops of a combination of edits, or None if one of them has nothing to drop."""
    drops = []
    for f in combo:
        d = FIXES[f](ph)
        if not d:
            return None
        drops += d
    return drops


def classify(ph):
    """-> {'causes': [...], 'reproduced': bool, 'drops': [...], ...}.
    1. package edits (a1, a2, x, l) alone and combined, the package against standoff's
       recorded outcome; 2. the same plus s (attacks on surviving convoying fleets
       dropped), both engines on the edited orders, and the package's answer unchanged by
       the s drops; 3. the same plus h, both engines; 4. adjustment ties (r)."""
    base = run_package(ph.state, ph.orders)
    info = {"reproduced": same_as_record(ph, *base)}
    first_problems = None
    found = None
    for combo in COMBOS:
        drops = edits(ph, combo)
        if drops is None:
            continue
        orders = apply_drops(ph.orders, drops)
        run = run_package(ph.state, orders) if combo else base
        causes, problems = compare(ph, run[0], run[1], run[2], orders, {order_unit(o) for _, o in drops})
        if first_problems is None:
            first_problems = problems
        if not problems:
            found = (causes | set(combo), drops)
            break
    if found is None and ph.name.endswith("M"):
        for extra in ("s", "h"):
            for combo in COMBOS:
                drops = edits(ph, combo + (extra,))
                if drops is None:
                    continue
                orders = apply_drops(ph.orders, drops)
                causes, problems = both_engines(ph, orders)
                if problems:
                    continue
                if extra == "s":
                    without = run_package(ph.state, apply_drops(ph.orders, edits(ph, combo)))
                    edited = run_package(ph.state, orders)
                    if unit_set(without[0]) != unit_set(edited[0]) or \
                            dislodged_map(without[0]) != dislodged_map(edited[0]):
                        continue
                found = (causes | set(combo) | {extra}, drops)
                break
            if found:
                break
    if found is None and ph.name.endswith("A") and removal_tie(ph):
        found = ({"r"}, [])
    if found is None:
        info["causes"] = ["unexplained"]
        info["problems"] = first_problems or []
        return info
    causes, drops = found
    if "x" in causes:
        causes = (causes - {"x"}) | disruption_kind(ph)
    if "c" in causes:
        info["c_kinds"] = sorted({why_not_cut(ph, u) or "?" for u, (rec, std) in ph.diff["results"].items()
                                  if "cut" in std and "cut" not in rec and u in ph.unit_order})
    info["causes"] = sorted(causes)
    info["drops"] = drops
    return info


def removal_tie(ph):
    """A power that gave no orders must remove units: both engines remove the units
    farthest from home, fleets first, but break the remaining ties differently."""
    from diplomacy import Game
    minus, plus = ph.diff["units"]
    if not (minus or plus) or ph.diff["results"] or ph.diff["next"] or ph.diff["dislodged"] != ([], []):
        return False
    g = Game()
    std_units = ph.standoff_outcome()["units"]
    rec_units = unit_set(ph.next["state"])
    for power in {x.split()[0] for x in minus + plus}:
        if ph.orders.get(power):
            return False
        units = [u for u in ph.state["units"][power] if not u.startswith("*")]
        n = len(units) - len(ph.state["centers"][power])
        if n <= 0:
            return False
        dist = {u: g._get_distance_to_home(u[0], u[2:], ph.state["homes"][power]) for u in units}
        pkg_gone = set(sorted(units, key=lambda u: (-dist[u], u[0] != "F", u[2:]))[:n])
        datc_gone = set(sorted(units, key=lambda u: (-dist[u], u[0] != "F", full_name(u[2:])))[:n])
        rec_gone = {u for u in units if "%s %s" % (power, u) not in rec_units}
        std_gone = {u for u in units if "%s %s" % (power, u) not in std_units}
        if not (rec_gone == pkg_gone and std_gone == datc_gone and pkg_gone != datc_gone):
            return False
    return True


# --------------------------------------------------------------------------------------
# Details for the report


def d_details(ph):
    """For a phase-flow difference, on standoff's outcome (the board both engines should
    have): per power with fewer units than centres, whether it owns no home centre, all
    its owned home centres are occupied, or (unexpected) one is free."""
    std = ph.standoff_outcome()
    occupied = {u.split()[2][:3] for u in std["units"]}
    out = []
    for p in sorted(ph.state["units"]):
        n_units = len([u for u in std["units"] if u.split()[0] == p])
        centers = [c.split()[1] for c in std["centers"] if c.split()[0] == p]
        if n_units > len(centers):
            out.append((p, n_units, len(centers), "must remove (unexpected)"))
        elif n_units < len(centers):
            owned_homes = [h for h in ph.state["homes"].get(p, []) if h in centers]
            free = [h for h in owned_homes if h not in occupied]
            out.append((p, n_units, len(centers), "owns no home centre" if not owned_homes
                        else "free owned home centre %s" % free if free else "owned home centres occupied"))
    return out


def b_details(ph):
    """Extra retreat options of the package: 'occupied' / 'stand-off'."""
    std = ph.standoff_outcome()
    rec = dislodged_map(ph.next["state"])
    occupied = {u.split()[2][:3] for u in std["units"]}
    kinds = collections.Counter()
    for u, opts in rec.items():
        for x in opts - std["dislodged"].get(u, frozenset()):
            kinds["occupied" if x[:3] in occupied else "stand-off"] += 1
    return kinds


# --------------------------------------------------------------------------------------
# Case files: both engines on the minimal reproductions


def parse_cases(path):
    cases, cur, section = [], None, None
    for raw in open(path):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if line.startswith("CASE "):
            parts = line.split(None, 2)
            cur = {"id": parts[1], "title": parts[2] if len(parts) > 2 else "", "owners": {},
                   "PRESTATE": [], "PRESTATE_DISLODGED": [], "PRESTATE_RESULTS": [], "ORDERS": [],
                   "POSTSTATE": [], "POSTSTATE_DISLODGED": [], "same": False}
            cases.append(cur)
            continue
        if cur is None:
            continue
        word = line.strip()
        if word.startswith("PRESTATE_SETPHASE"):
            m = re.match(r"PRESTATE_SETPHASE (\w+) (\d+), (\w+)", word)
            cur["phase"] = (m.group(1), int(m.group(2)), m.group(3))
        elif word in ("PRESTATE", "PRESTATE_DISLODGED", "PRESTATE_RESULTS", "ORDERS", "POSTSTATE",
                      "POSTSTATE_DISLODGED", "PRESTATE_SUPPLYCENTER_OWNERS"):
            section = word
        elif word == "POSTSTATE_SAME":
            cur["same"] = True
        elif word == "END":
            cur = None
        elif section == "PRESTATE_SUPPLYCENTER_OWNERS":
            p, rest = word.split(":", 1)
            cur["owners"].setdefault(p.strip().upper(), []).append(rest.split()[-1].upper())
        else:
            cur[section].append(word)
    return cases


def pkg_unit(text):
    """'England: F spa/sc' -> ('ENGLAND', 'F SPA/SC')."""
    p, u = text.split(":", 1)
    return p.strip().upper(), u.strip().upper()


def pkg_order(text, kind):
    """Case-file order -> (POWER, package order)."""
    p, o = text.split(":", 1)
    o = o.strip()
    o = re.sub(r"\s+(via|by) convoy$", " VIA", o, flags=re.I).upper()
    w = o.split()
    if kind == "Retreat" and len(w) == 4 and w[2] == "-":
        o = "%s %s R %s" % (w[0], w[1], w[3])
    elif w[0] == "BUILD":
        o = "%s %s B" % (w[1], w[2])
    elif w[0] == "REMOVE":
        o = "%s %s D" % (w[1], w[2])
    return p.strip().upper(), o


def package_on_case(case):
    """-> (units after, dislodged {unit: options}, results). What the package prints
    (it reports refused orders on stdout) is returned in results['package said']."""
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        after, disl, results = _package_on_case(case)
    said = " ".join(l.strip() for l in out.getvalue().splitlines() if l.strip().strip("-"))
    if said:
        results["package said"] = said
    return after, disl, results


def _package_on_case(case):
    from diplomacy import Game
    season, year, kind = case["phase"]
    g = Game(rules=["NO_PRESS", "POWER_CHOICE"])
    g.clear_units()
    units = collections.defaultdict(list)
    orders = collections.defaultdict(list)
    if kind == "Retreat":
        # rebuild the movement phase: successful movers back to their origins
        moved = {}
        for r in case["PRESTATE_RESULTS"]:
            status, order = r.split(":", 1)
            p, o = pkg_order(order, "Movement")
            w = o.split()
            orders[p].append(o)
            if status == "SUCCESS" and w[2] == "-":
                moved[(w[0], w[-2] if w[-1] == "VIA" else w[-1])] = w[1]
        for u in case["PRESTATE"]:
            p, pu = pkg_unit(u)
            t, loc = pu.split()
            units[p].append("%s %s" % (t, moved.get((t, loc), loc)))
        for u in case["PRESTATE_DISLODGED"]:
            p, pu = pkg_unit(u)
            units[p].append(pu)
        g.set_current_phase("%s%dM" % (season[0], year))
    else:
        for u in case["PRESTATE"]:
            p, pu = pkg_unit(u)
            units[p].append(pu)
        for o in case["ORDERS"]:
            p, po = pkg_order(o, kind)
            orders[p].append(po)
        g.set_current_phase("%s%d%s" % ("W" if kind == "Adjustment" else season[0], year, kind[0]))
    for p in g.powers:
        g.set_units(p, units.get(p, []), reset=True)
        if case["owners"]:
            g.set_centers(p, case["owners"].get(p, []), reset=True)
    for p, os_ in orders.items():
        g.set_orders(p, os_)
    g.process()
    results = {u: [str(x) for x in r] for u, r in g.get_phase_history()[-1].results.items() if r}
    if kind == "Retreat":
        retreat_orders = collections.defaultdict(list)
        for o in case["ORDERS"]:
            p, po = pkg_order(o, "Retreat")
            retreat_orders[p].append(po)
        movement = {p: list(pw.retreats.items()) for p, pw in g.powers.items() if pw.retreats}
        for p, os_ in retreat_orders.items():
            g.set_orders(p, os_)
        g.process()
        results = {"retreat options after the movement": movement}
    after = {"%s: %s" % (p.title(), u) for p, pw in g.powers.items() for u in pw.units}
    disl = {"%s: %s" % (p.title(), u): sorted(o) for p, pw in g.powers.items() for u, o in pw.retreats.items()}
    return after, disl, results


def expected_of(case):
    if case["same"]:
        post = {"%s: %s" % (p.title(), u) for p, u in map(pkg_unit, case["PRESTATE"])}
    else:
        post = {"%s: %s" % (p.title(), u) for p, u in map(pkg_unit, case["POSTSTATE"])}
    disl = {"%s: %s" % (p.title(), u) for p, u in map(pkg_unit, case["POSTSTATE_DISLODGED"])}
    return post, disl


def standoff_on_movement_case(case):
    """standoff adjudicate on a movement case: per-order results and dislodged units."""
    season, year, kind = case["phase"]
    units = collections.defaultdict(list)
    for u in case["PRESTATE"]:
        p, pu = u.split(":", 1)
        units[p.strip()].append(pu.strip())
    pos = {"phase": "%s %d Movement" % (season, year), "units": units}
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "pos.json"), "w") as f:
            json.dump(pos, f)
        with open(os.path.join(d, "orders.txt"), "w") as f:
            f.write("\n".join(case["ORDERS"]) + "\n")
        out = subprocess.run([STANDOFF, "adjudicate", os.path.join(d, "orders.txt"), "--position",
                              os.path.join(d, "pos.json"), "--format", "json"],
                             capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    return data["orders"], data["position"]


def run_cases(path):
    datc = subprocess.run([STANDOFF, "datc", path, "-v"], capture_output=True, text=True).stdout
    verdicts = {}
    cur = None
    for line in datc.splitlines():
        m = re.match(r"(PASS|FAIL) (\S+)", line)
        if m:
            cur = m.group(2)
            verdicts[cur] = [m.group(1)]
        elif cur and line.startswith(" "):
            verdicts[cur].append(line.strip())
    print(datc.splitlines()[-1] if datc else "standoff datc: no output")
    for case in parse_cases(path):
        post, post_disl = expected_of(case)
        after, disl, results = package_on_case(case)
        disl_units = {u for u, o in disl.items() if o}
        pkg_ok = after == post and disl_units == post_disl
        print("\n=== %s %s" % (case["id"], case["title"]))
        print("orders:   %s" % "; ".join(case["ORDERS"]) if case["ORDERS"] else "orders:   (none)")
        print("expected: units %s; dislodged %s" % (sorted(post), sorted(post_disl)))
        print("package:  %s  units %s; dislodged %s" % ("AGREES  " if pkg_ok else "DIFFERS ", sorted(after),
                                                          {u: o for u, o in disl.items()}))
        if results:
            print("          results %s" % results)
        v = verdicts.get(case["id"], ["?"])
        print("standoff: %s %s" % ("AGREES  " if v[0] == "PASS" else "DIFFERS ", "; ".join(v[1:])))
        if case["phase"][2] == "Movement":
            orders, position = standoff_on_movement_case(case)
            print("          results %s" % "; ".join("%s: %s -> %s" % (o["power"], o["order"], o["result"])
                                                    for o in orders))
            if position.get("dislodged"):
                print("          dislodged %s" % {p: [(d["unit"], d["retreats"]) for d in ds]
                                                  for p, ds in position["dislodged"].items()})
            ours = {"%s: %s" % (p, d["unit"].upper()): sorted(x.upper() for x in d["retreats"])
                    for p, ds in position.get("dislodged", {}).items() for d in ds if d["retreats"]}
            theirs = {u: sorted(o) for u, o in disl.items() if o}
            if ours != theirs:
                print("retreat options differ: package %s, standoff %s" % (theirs, ours))


# --------------------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--replay", default="/tmp/differential/big.replay.txt")
    ap.add_argument("--games", default="/tmp/differential/big.jsonl")
    ap.add_argument("--examples", type=int, default=2)
    ap.add_argument("--json", help="write every phase's category and causes here")
    ap.add_argument("--cases", nargs="?", const=CASES, help="run a case file through both engines")
    ap.add_argument("--limit", type=int, help="only the first N differing phases (a quick look)")
    ap.add_argument("--map", default="standard",
                    help="the package's map of the games (ancmed, modern, standard_fleet_rome, ...)")
    ap.add_argument("--variant", default=None,
                    help="standoff's built-in variant for that map (default: the map name)")
    args = ap.parse_args(argv)
    global MAP_NAME, VARIANT
    MAP_NAME = args.map
    VARIANT = args.variant or args.map
    if args.cases:
        run_cases(args.cases)
        return 0

    blocks, summary = parse_replay(args.replay)
    if args.limit:
        blocks = blocks[:args.limit]
    games = load_games(args.games, {b["game"] for b in blocks})
    rows = []
    for b in blocks:
        ph = Phase(games[b["game"]], b["phase"], b["lines"])
        info = classify(ph)
        causes = info["causes"]
        primary = min(causes, key=ORDER.index)
        row = {"game": b["game"], "phase": b["phase"], "primary": primary, "causes": causes,
               "board": board_affecting(b["lines"]), "reproduced": info["reproduced"],
               "lines": b["lines"]}
        for k in ("c_kinds", "problems"):
            if k in info:
                row[k] = info[k]
        if "drops" in info:
            row["edits"] = ["%s: %s" % d for d in info["drops"]]
        if "d" in causes:
            row["d"] = d_details(ph)
        if "b" in causes:
            row["b"] = dict(b_details(ph))
        rows.append(row)

    n = len(rows)
    print("replay: %d phases agree, %d differ (%d movement phases compared)" % (
        summary.get("agree", 0), summary.get("differ", 0), summary.get("movement", 0)))
    print("triaged: %d differing phases; the package reproduced its own record in %d\n" % (
        n, sum(r["reproduced"] for r in rows)))
    primary = collections.Counter(r["primary"] for r in rows)
    board = collections.Counter(r["primary"] for r in rows if r["board"])
    print("%-12s %6s %6s %6s  %-34s %s" % ("category", "phases", "board", "codes", "verdict", "DATC"))
    for k in ORDER:
        if primary[k]:
            print("%-12s %6d %6d %6d  %-34s %s" % (k, primary[k], board[k], primary[k] - board[k], VERDICT[k], RULES[k]))
    print("%-12s %6d %6d %6d" % ("total", n, sum(board.values()), n - sum(board.values())))
    print("\nwhat the categories are:")
    for k in ORDER:
        if primary[k]:
            print("  %-4s %s" % (k, NAMES[k]))

    present = collections.Counter(c for r in rows for c in r["causes"])
    print("\nphases in which each cause takes part (a phase can have several):")
    for k in ORDER:
        if present[k]:
            print("  %-12s %6d" % (k, present[k]))
    print("\ncause combinations:")
    for combo, v in collections.Counter("+".join(r["causes"]) for r in rows).most_common():
        print("  %-14s %6d" % (combo, v))

    ck = collections.Counter(k for r in rows for k in r.get("c_kinds", []))
    if ck:
        print("\nc, phases by why the package keeps the support: %s" % dict(ck))
    bk = collections.Counter()
    for r in rows:
        bk.update(r.get("b", {}))
    if bk:
        print("b, extra retreat options offered by the package: %s" % dict(bk))
    dk = collections.Counter()
    for r in rows:
        for p, u, c, why in r.get("d", []):
            dk[why] += 1
    if "d" in present:
        print("d, powers with fewer (or more) units than centres after the Fall, on standoff's board: %s"
              % dict(dk))

    print("\nexamples:")
    for k in ORDER:
        ex = [r for r in rows if r["primary"] == k]
        ex.sort(key=lambda r: (len(r["causes"]), len(r["lines"])))
        for r in ex[:args.examples]:
            print("  [%s] %s %s (causes %s)" % (k, r["game"], r["phase"], "+".join(r["causes"])))
            for line in r["lines"]:
                print("        " + line)
            if r.get("edits"):
                print("      edit: drop %s" % "; ".join(r["edits"]))
            for p in r.get("problems", []):
                print("      problem: " + p)
    if args.json:
        with atomic_write(args.json) as f:
            json.dump(rows, f, indent=1)
    return 1 if primary["unexplained"] else 0


if __name__ == "__main__":
    sys.exit(main())

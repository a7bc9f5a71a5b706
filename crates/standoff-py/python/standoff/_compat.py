"""The ``diplomacy`` package's ``Game``, on standoff's engine.

``standoff.Game`` keeps the board in live ``Power`` objects (``power.units``,
``power.centers``, ``power.retreats``, ``power.orders`` are plain lists and dicts that the
game reads, as in the package) and a native game (``standoff._standoff.Game``) that
checks orders, lists possible orders and adjudicates. Edits made through the ``Power``
objects are sent to the native game before it is next used (``_push``); after the
native game changes the board it is read back (``_pull``).

The calls a loop makes every phase (``set_orders``, ``process``,
``get_all_possible_orders``, ``get_orderable_locations``) are those of ``Game``'s native
base class ``GameCore`` (src/compat_core.rs): it does the common cases itself and hands
the others to the methods here (``_set_orders_python``, ``_sync_orders``, ``_push`` ...).

What the package's own tests read is here too: ``result_history`` / ``order_history`` /
``state_history`` / ``message_history`` as ordered maps with ``last_value()``,
``command``, ``ordered_units``, ``dislodged``, ``popped``, ``error``, ``_unit_owner``,
``get_hash``/``rebuild_hash`` (the package's Zobrist hash, same numbers), the package's
rule names (``NO_CHECK`` ...) and its result labels. standoff's own reasons for every
order stay available in ``get_order_reasons()`` and in ``PhaseData.report``.
"""

import copy as _copy
import copyreg as _copyreg
import json as _json
import random as _random
import sys as _sys
import warnings as _warnings

from . import _package_exceptions as _exceptions
from . import _standoff
from ._compat_admin import (COMPLETED, DUMMY, SERVER_TYPE, SETTINGS, GameAdministration, PowerControl,
                            checked_settings, timestamp_microseconds)
from . import _compat_jsonable as _jsonable
from ._compat_map import Map, package_board, phase_short, phase_sort_key
from ._sorted_dict import SortedDict, _rebuild as _sorted_dict  # noqa: F401 - _sorted_dict: earlier pickles

#: The package's default rules (its ``DEFAULT_GAME_RULES``; with the rules ``SOLITAIRE``
#: brings, ``diplomacy.Game().rules``).
DEFAULT_RULES = ("SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE")

#: Rule names the package knows (README_RULES.txt of diplomacy 1.1.2). Only ``NO_CHECK``
#: changes what standoff does (orders are checked when the phase is played, not when set);
#: the others are the package's server and press settings, kept in ``rules`` only.
KNOWN_RULES = frozenset((
    "ALWAYS_WAIT", "BUILD_ANY", "CD_DUMMIES", "CIVIL_DISORDER", "DIFFERENT_ADJUDICATION",
    "DONT_SKIP_PHASES", "HOLD_WIN", "IGNORE_ERRORS", "MULTIPLE_POWERS_PER_PLAYER", "NO_CHECK",
    "NO_DEADLINE", "NO_DIAGONAL", "NO_DIAS", "NO_OBSERVATIONS", "NO_PRESS", "POWER_CHOICE",
    "PROPOSE_DIAS", "PUBLIC_PRESS", "REAL_TIME", "SHARED_VICTORY", "SOLITAIRE", "START_MASTER",
))

#: What adding a rule does to the others, as the package's README_RULES.txt says: rule ->
#: (the rules it cannot be added beside, and keeps out from then on; the rules it adds;
#: the rules it removes).
RULE_RELATIONS = {
    "ALWAYS_WAIT": (("REAL_TIME",), (), ()),
    "REAL_TIME": (("ALWAYS_WAIT",), (), ()),
    "PROPOSE_DIAS": (("NO_DIAS",), (), ()),
    "NO_DIAS": (("PROPOSE_DIAS",), (), ()),
    "CIVIL_DISORDER": ((), ("CD_DUMMIES",), ()),
    "SOLITAIRE": ((), ("NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT"), ()),
    "NO_PRESS": ((), (), ("PUBLIC_PRESS",)),
    "PUBLIC_PRESS": ((), (), ("NO_PRESS",)),
}



class RuleWarning(UserWarning):
    """A rule given to a ``Game`` was not added: another rule of the game keeps it out
    (``REAL_TIME`` and ``ALWAYS_WAIT``, ``PROPOSE_DIAS`` and ``NO_DIAS``)."""


VOID = "void"
DISBAND = "disband"
DISLODGED = "dislodged"


class _Played(_standoff.PlayedCore):
    """One played phase as it was: the package's history entries of it (results, orders,
    the state it started from) and its ``command``/``result``/``dislodged`` are built from
    this when first read, not when the phase is played. Its fields are the native base
    class's (``PlayedCore``: ``played``, ``movement``, ``no_check``, ``orders``,
    ``adjusts``, ``names``, ``void_units``, ``duplicates``, ``note``, ``game_map``,
    ``_outcome``, ``index``, ``board_orders``, ``destroyed_by``, ``phase_name``,
    ``state_before``, ``press``, ``popped_before``), set when it is made or played:
    ``index`` is its place in the native history and ``board_orders`` the game's board
    orders by place (``Game._board_orders``: the state it started from lists each
    power's units, centers, dislodged units and influence in the package's order);
    ``destroyed_by`` is the movement phase played just before (its ``PhaseData``, or the
    units it destroyed): they are disbanded again in this phase's labels, as the package
    keeps them dislodged until then. ``phase_name``, ``state_before`` (the state dict
    cached before the phase, or None) and ``press`` (or None) are what the histories
    file for it; ``popped_before`` is ``popped`` before a retreat phase."""

    __slots__ = ()

    def outcome(self):
        """(command, results, dislodged), worked out once."""
        if self._outcome is None:
            self._outcome = _movement_outcome(self.played, self.void_units, self.start_units()) if self.movement else (
                {}, _retreat_or_adjustment_labels(self.played.results, self.duplicates, self.adjusts,
                                                  self._still_dislodged()), {})
        return self._outcome

    def results(self, _name=None):
        return self.outcome()[1]

    def orders_by_power(self, _name=None):
        """Power -> order texts, as they were set when the phase was played (the Power
        objects got new dicts and lists afterwards, so these stayed put)."""
        return {name: self.played.orders.get(name, []) if self.movement and orders is _NATIVE_ORDERS else
                _order_texts(self.movement, self.no_check, orders, adjust)
                for name, orders, adjust in zip(self.names, self.orders, self.adjusts)}

    def ordered_units(self):
        """Power -> the units given an order: in a movement phase in the order the
        power's units were listed (as the package lists them), else in the order of
        the orders."""
        out = {}
        board = self._board(self.index)
        # Adjustments: units the phase removed for the power in civil disorder come after
        # those ordered, as the package adds them; retreats: a unit ordered to disband
        # is not listed (the package lists the retreats and the void orders).
        retreat = self.played.name.endswith("R")
        given = self._removed_in_disorder() if not (self.movement or retreat) else {}
        for name, orders, adjust in zip(self.names, self.orders, self.adjusts):
            if self.movement and orders is _NATIVE_ORDERS:
                out[name] = [" ".join(o.split()[:2]) for o in self.played.orders.get(name, [])]
            elif self.movement:
                if self.no_check:
                    out[name] = [" ".join(o.split()[:2]) for o in orders.values() if o]
                else:
                    out[name] = list(orders)
            else:
                units = [" ".join(_unvoided(o)[:2]) for o in adjust
                         if not (retreat and o.split()[-1] == "D" and not o.startswith("VOID"))]
                units += given.get(name, ())
                out[name] = list(dict.fromkeys(units))  # each once, as the package lists them
            listed = board.get(name)
            if self.movement and listed:
                place = {unit: i for i, unit in enumerate(listed[0])}
                out[name].sort(key=lambda unit: place.get(unit, len(place)))
        return out

    def _still_dislodged(self):
        """The units the last movement phase destroyed (dislodged with nowhere to go),
        when this phase is the next one played: the package disbands them again in it."""
        return _destroyed_units(self.destroyed_by)

    def _removed_in_disorder(self):
        """Power -> its units the adjustment phase has a result for (those ordered, and
        those removed in civil disorder), in the results' order."""
        owner = {unit: name for name, units in self.played.state["units"].items() for unit in units}
        out = {}
        for unit in self.played.results:
            if unit in owner:
                out.setdefault(owner[unit], []).append(unit)
        return out

    def start_units(self):
        """Power -> its units on the board the phase started from, in the package's
        order as far as the game has worked it out (``Game._settle_units``)."""
        return _units_listed(self.played, self._board(self.index))

    def _board(self, index):
        """Power -> (units, centers, dislodged units, influence) in the package's order
        on the board phase ``index`` of the native history started from, as far as
        known."""
        return (None if self.board_orders is None else self.board_orders.get(index)) or {}

    def popped(self, before):
        """``Game.popped`` after this phase: the package's ``popped``, which a movement
        phase starts and its retreat phase adds to (``before``: the list it left)."""
        destroyed = self.played._destroyed()
        if self.movement:
            # Power by power, in the order of each power's units.
            gone = set(destroyed)
            popped = [unit for units in self.start_units().values() for unit in units if unit in gone]
        else:
            popped = list(before)
            gone = set(destroyed) - set(popped)
            # Units retreating to one province, a province at a time (as the powers'
            # retreat orders first name it), then the other units disbanded in the
            # order they were dislodged in.
            places = {}
            for texts in self.played.orders.values():
                for text in texts:
                    words = text.split()
                    if len(words) == 4:
                        places.setdefault(words[3][:3], []).append(" ".join(words[:2]))
            for units in places.values():
                if len(units) > 1:
                    popped += [unit for unit in units if unit in gone and unit not in popped]
            popped += [unit for unit in self._dislodged_before() if unit in gone and unit not in popped]
        return popped + [unit for unit in destroyed if unit not in popped]

    def _dislodged_before(self):
        """The units the movement phase before this retreat phase dislodged, in the
        order the package's ``dislodged`` lists them (empty if that phase is not known
        any more)."""
        movement = self.destroyed_by
        if movement is None or isinstance(movement, list) or self.index is None or self.index < 1:
            return []
        listed = _units_listed(movement, self._board(self.index - 1))
        place = {unit: i for i, unit in enumerate(unit for units in listed.values() for unit in units)}
        return list(_dislodged_by(movement.orders, movement.results, place))

    def state(self, name):
        """The package's state dict of the board the phase started from."""
        return _package_state(self.game_map, self.played, self.names, self._board(self.index), name, self.note)


class GamePhaseData:
    """One phase's data as the package's ``GamePhaseData`` holds it: ``name``, ``state``,
    ``orders``, ``results``, ``messages`` (time sent -> ``Message``), ``to_dict()``."""

    __slots__ = ("name", "state", "orders", "results", "messages")

    def __init__(self, name, state, orders, results, messages):
        self.name, self.state, self.orders, self.results, self.messages = name, state, orders, results, messages

    def to_dict(self):
        return {"name": self.name, "state": self.state, "orders": self.orders,
                "results": {unit: [str(label) for label in labels] for unit, labels in self.results.items()},
                "messages": [message.to_dict() for message in self.messages.values()]}

    @classmethod
    def from_dict(cls, data):
        """The phase of a dict as ``to_dict()`` (or a saved game's phase) writes it:
        press as a list of message dicts or a time -> message dict. A ``ValueError``
        names a missing or misshapen field."""
        if not isinstance(data, dict):
            raise ValueError(f"a phase is a dict, not {type(data).__name__}")
        missing = [key for key in ("name", "state", "orders", "results") if key not in data]
        if missing:
            raise ValueError(f"the phase dict has no {', '.join(missing)}")
        for key, kind in (("name", str), ("state", dict), ("orders", dict), ("results", dict)):
            if not isinstance(data[key], kind):
                raise ValueError(f"the phase's {key} is a {type(data[key]).__name__}, not a {kind.__name__}")
        messages = data.get("messages") or []
        if not isinstance(messages, (list, dict)):
            raise ValueError("the phase's messages are a list or a dict of messages")
        for item in messages.values() if isinstance(messages, dict) else messages:
            if not isinstance(item, (dict, Message)):
                raise ValueError(f"a message of the phase is a {type(item).__name__}, not a message dict")
        results = {unit: [str(label) for label in labels] for unit, labels in data["results"].items()}
        return cls(data["name"], data["state"], data["orders"], results, _messages_of(data))

    def json(self):
        """``to_dict()`` as JSON text."""
        return _json.dumps(self.to_dict())

    def __repr__(self):
        return f"<GamePhaseData {self.name}>"


def _same_board(state, other):
    """Whether two state dicts hold the same units, dislodged units and centers (in any
    order)."""
    def board(one):
        return [{power: sorted(items) for power, items in (one.get(key) or {}).items() if items}
                for key in ("units", "centers", "retreats")]
    return board(state) == board(other)


def _phase_dict(phase):
    """A phase (``GamePhaseData``, ``PhaseData``, the package's ``GamePhaseData``) as a
    saved game's phase dict."""
    to_dict = getattr(phase, "to_dict", None)
    data = to_dict() if callable(to_dict) else None
    if not isinstance(data, dict) or "name" not in data or "state" not in data:
        raise ValueError(f"{phase!r} is not a phase: its to_dict() has no name and state")
    return data


def _units_listed(played, board):
    """Power -> the units on the board ``played`` (a ``PhaseData``) started from, in
    the order of ``board`` (power -> lists in the package's order) where it lists the
    same units, else in the native order."""
    out = {}
    for name, units in played.state["units"].items():
        units = [unit for unit in units if not unit.startswith("*")]
        listed = board.get(name)
        out[name] = list(listed[0]) if listed and sorted(listed[0]) == sorted(units) else units
    return out


def _destroyed_units(movement):
    """The units a movement phase destroyed: ``movement`` is its ``PhaseData``, or
    already the list (or None: no movement phase)."""
    if movement is None or isinstance(movement, list):
        return list(movement or ())
    return movement._destroyed()


def _destroyed(record):
    """``Game.popped`` from what ``process()`` left: the record of the movement or
    retreat phase played, which holds ``popped`` before it (``popped_before``: a list,
    maybe such a record, None after a movement phase)."""
    before = record.popped_before
    before = _destroyed(before) if isinstance(before, _Played) else list(before or ())
    return record.popped(before)


def _movement_outcome(played, void_units, start_units):
    """A played movement phase's commands (unit -> order, ``H`` for units without one),
    results as the package labels them (in the commands' order), and ``dislodged`` (unit
    -> the province its dislodger came from), each in the package's order: power by
    power, a power's units in the order of ``start_units`` (power -> units, in the
    package's order), then the units it gave a void order to; ``dislodged`` in the order
    of the dislodgers."""
    command = {}
    void_units = void_units or {}
    state_units = played.state["units"]
    for name, units in start_units.items():
        for unit in units:
            command[unit] = "H"
        own = {u.lstrip("*")[2:5] for u in state_units.get(name, ())}
        for unit in void_units.get(name, ()):
            if unit[2:5] in own:
                command.setdefault(unit, "H")
    unrouted = set(played._unrouted())
    for texts in played.orders.values():
        for text in texts:
            words = text.split(" ", 2)
            unit = " ".join(words[:2])
            command[unit] = words[2] if len(words) > 2 else ""
            if unit in unrouted and command[unit].endswith(" VIA"):
                command[unit] = command[unit][:-4]  # no path: the package drops VIA
    results = {unit: list(codes) for unit, codes in played.results.items()}
    for name, units in void_units.items():
        own = {u.lstrip("*")[2:5] for u in state_units[name]}
        for unit in units:
            if unit[2:5] in own:
                results[unit] = [VOID] + [c for c in results.get(unit, []) if c == DISLODGED]
                command[unit] = "H"
    # The package lists the results in its commands' order; any other unit after them.
    ordered = {unit: results[unit] for unit in command if unit in results}
    ordered.update(results)
    place = {unit: i for i, unit in enumerate(command)}
    return command, ordered, _dislodged_by(played.orders, ordered, place)


def _retreat_or_adjustment_labels(results, duplicates, adjusts=(), disbanded=()):
    """A retreat or adjustment phase's labels (the native game's: the package's) with
    ``void`` first for each unit ordered twice in one ``set_orders`` call (the package
    follows the first order and voids the others), a ``void`` for each ``VOID`` order
    of the powers' ``adjust`` lists, as many as there are (a ``WAIVE`` a power that must
    remove may not give is under ``WAIVE``), one for each ``WAIVE``, and ``disband`` for
    the units of ``disbanded``; in the package's order (the units of the orders given,
    then the others)."""
    out = {unit: [VOID] for unit in duplicates}
    for unit, codes in results.items():
        mine = out.setdefault(unit, [])
        mine.extend(code for code in codes if code not in mine)
    voided = {}
    waived = 0
    for adjust in adjusts:
        for order in adjust:
            words = order.split()
            if words and words[0] == "VOID":
                unit = " ".join(words[1:3])
                voided[unit] = voided.get(unit, 0) + 1
            elif words == ["WAIVE"]:
                waived += 1
    for unit, count in voided.items():
        mine = out.setdefault(unit, [])
        mine.extend([VOID] * (count - mine.count(VOID)))
    if waived:
        # The package voids each WAIVE it takes, under ``WAIVE``.
        out.setdefault("WAIVE", []).extend([VOID] * waived)
    for unit in disbanded:
        mine = out.setdefault(unit, [])
        if DISBAND not in mine:
            mine.append(DISBAND)
    # The package lists the units of the orders given first, power by power in the
    # order given, then the others (units removed in civil disorder...).
    ordered = {}
    for adjust in adjusts:
        for order in adjust:
            unit = " ".join(_unvoided(order)[:2])
            if unit in out:
                ordered.setdefault(unit, out[unit])
    ordered.update(out)
    return ordered


def _unvoided(order):
    """An order's words without a ``VOID`` mark."""
    words = order.split()
    return words[1:] if words[:1] == ["VOID"] else words


def _dislodged_by(orders, results, place):
    """The units ``results`` labels dislodged -> the province their dislodger came from,
    in the order of the dislodgers' ``place`` (unit -> its place in the package's
    ``command``), as the package marks them."""
    found = []
    for unit, codes in results.items():
        if DISLODGED in codes:
            mover, site = _dislodger(unit, orders, results)
            found.append((place.get(mover, len(place)), unit, site))
    found.sort(key=lambda entry: entry[0])
    return {unit: site for _, unit, site in found}


def _dislodger(unit, orders, results):
    """The unit that dislodged ``unit`` and the province it came from (empty if not
    found)."""
    province = unit[2:5]
    for texts in orders.values():
        for text in texts:
            words = text.split()
            if len(words) >= 4 and words[2] == "-":
                dest = words[-2] if words[-1] == "VIA" else words[-1]
                mover = " ".join(words[:2])
                if dest[:3] == province and not results.get(mover):
                    return mover, words[1][:3]
    return "", ""


class _History(SortedDict):
    """A phase history (``SortedDict``) whose values may be built on first read: the game
    stores the phase's ``_Played`` record and pays for the package's dicts only when they
    are read (``build(record, phase name)`` makes one). Every way of reading a value
    (item, ``get``, ``values``, ``items``, ``dict()``, copies, pickling) sees the built
    value."""

    def __init__(self, *args, build=None, **kwargs):
        self._build = build
        super().__init__(*args, **kwargs)

    @classmethod
    def _empty(cls, sort_key):
        new = super()._empty(sort_key)
        new._build = None
        return new

    def _built(self, key):
        value = dict.__getitem__(self, key)
        if type(value) is _Played:
            value = self._build(value, key)
            dict.__setitem__(self, key, value)
        return value

    def __getitem__(self, key):
        return self._built(key)

    def __iter__(self):
        # Not dict's own iterator: dict(history) and {**history} then read through
        # keys() and __getitem__, so they see built values.
        return iter(self.keys())

    def get(self, key, default=None):
        return self._built(key) if key in self else default

    def values(self):
        return [self._built(k) for k in self.keys()]

    def items(self):
        return [(k, self._built(k)) for k in self.keys()]

    def pop(self, key, *default):
        if key in self:
            value = self._built(key)
            dict.__delitem__(self, key)
            return value
        return dict.pop(self, key, *default)

    def setdefault(self, key, default=None):
        if key not in self:
            self.put(key, default)
        return self._built(key)

    def __eq__(self, other):
        return isinstance(other, dict) and dict(self.items()) == dict(other.items() if isinstance(other, _History) else other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __repr__(self):
        return repr(dict(self.items()))

    def __reduce__(self):
        return (_history, (dict(self.items()), self._sort_key))


def _file(history, phase, record, build):
    """Files a played phase's record in a history: as the record if the history builds
    its entries when read, else (a map the user put in its place) as the built entry."""
    if isinstance(history, _History) and history._build is build:
        history.put(phase, record)
    else:
        history[phase] = build(record, phase)


def _history(items, sort_key):
    return _History(items, sort_key=sort_key)


def _time_key(key):
    """Messages are kept in the order they were sent (``time_sent``)."""
    return key


class Message:
    """A press message (the package's ``Message``): ``sender``, ``recipient``, ``message``,
    ``phase``, ``time_sent``."""

    __slots__ = ("sender", "recipient", "message", "phase", "time_sent")

    def __init__(self, sender="", recipient="", message="", phase="", time_sent=None):
        self.sender, self.recipient, self.message = sender, recipient, message
        self.phase, self.time_sent = phase, time_sent

    def to_dict(self):
        return {"sender": self.sender, "recipient": self.recipient, "message": self.message,
                "phase": self.phase, "time_sent": self.time_sent}

    def is_global(self):
        """Sent to every power."""
        return self.recipient == "GLOBAL"

    def for_observer(self):
        """Sent to the observers."""
        return self.recipient == "OBSERVER"

    @classmethod
    def from_dict(cls, d):
        return cls(d.get("sender", ""), d.get("recipient", ""), d.get("message", ""), d.get("phase", ""),
                   d.get("time_sent"))

    def __eq__(self, other):
        return isinstance(other, Message) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return f"Message({self.sender!r} -> {self.recipient!r}, {self.phase!r}: {self.message!r})"


def _messages_of(phase):
    """A saved phase's messages (a list, or the package's time -> message dict) as a
    ``SortedDict`` time_sent -> ``Message``."""
    out = SortedDict(sort_key=_time_key)
    messages = phase.get("messages") or []
    if isinstance(messages, dict):
        messages = list(messages.values())
    for item in messages:
        if isinstance(item, (dict, Message)):
            message = Message.from_dict(item) if isinstance(item, dict) else item
            out.put(message.time_sent if message.time_sent is not None else len(out), message)
    return out


class _NativeOrders:
    """Stands for a power's movement orders while only the native game holds them:
    ``set_orders`` leaves ``power.orders`` unbuilt, and it is read from the native
    game when first used (``Power.orders``), or from the played phase once played."""

    __slots__ = ()

    def __repr__(self):
        return "<orders held by the native game>"


_NATIVE_ORDERS = _NativeOrders()


#: The Power attributes that hold the board (read from the native game when first used
#: after it changed the board).
_BOARD_FIELDS = frozenset(("units", "centers", "retreats", "influence"))

#: The Power attributes that hold its orders.
_ORDER_FIELDS = frozenset(("orders", "adjust"))


class Power(PowerControl):
    """One power of a game, live (the package's ``Power``): ``units``, ``centers``,
    ``homes``, ``retreats`` (unit -> options), ``orders`` (movement: unit -> order;
    ``adjust`` in retreat and adjustment phases) are the game's own lists and dicts:
    changing them changes the game.

    After the game changes the board (``process()``, ``set_state()``...) ``units``,
    ``centers`` and ``retreats`` are read from it when one of them is first used, not
    before (a loop that never reads them does not pay for them)."""

    def __getattr__(self, name):
        # Only called for a missing attribute: a board field not read yet, or orders the
        # game holds (movement orders in the native game, `adjust` in `_sent`).
        if name in _BOARD_FIELDS:
            game = self.__dict__.get("game")
            if game is not None and getattr(game, "_board_pending", False):
                game._pull_now()
                return self.__dict__[name]
        elif name in _ORDER_FIELDS:
            game = self.__dict__.get("game")
            if game is not None:
                if name == "orders":
                    game._pull_orders(self)
                else:
                    game._pull_adjust(self)
                return self.__dict__[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name, value):
        if name in _BOARD_FIELDS:
            game = self.__dict__.get("game")
            if game is not None and getattr(game, "_board_pending", False):
                game._pull_now()
        elif name in _ORDER_FIELDS:
            game = self.__dict__.get("game")
            if game is not None:
                game._powers_clean = False  # process() reads this Power's orders
        object.__setattr__(self, name, value)

    def __getstate__(self):
        game = self.__dict__.get("game")
        if game is not None and getattr(game, "_board_pending", False):
            game._pull_now()
        if game is not None and "orders" not in self.__dict__:
            game._pull_orders(self)
        if game is not None and "adjust" not in self.__dict__:
            game._pull_adjust(self)
        return self.__dict__

    def __setstate__(self, state):
        if not isinstance(state.get("controller"), SortedDict):  # pickled by earlier versions
            state["controller"], state["role"] = _new_controller(), SERVER_TYPE
            state.setdefault("tokens", set())
            state.setdefault("goner", 0)
        self.__dict__.update(state)

    def __init__(self, game, name):
        # Written to the instance dict at once (a game makes a Power per power each time
        # it is built or copied): what ``__setattr__`` would do for these fields is
        # only the mark that the Power objects hold orders of their own.
        self.__dict__.update(
            game=game, name=name, abbrev=name[:1], units=[], centers=[], homes=[],
            retreats={}, orders={}, adjust=[], influence=[], civil_disorder=0,
            role=SERVER_TYPE, controller=_new_controller(), tokens=set(), goner=0)
        if game is not None:
            game._powers_clean = False

    def __repr__(self):
        return f"<Power {self.name} units={self.units} centers={self.centers}>"

    def to_dict(self):
        """The package's ``Power.to_dict()``."""
        return _jsonable.power_dict(self)

    def json(self):
        """``to_dict()`` as JSON text."""
        return _json.dumps(self.to_dict())

    def __dir__(self):
        # The board fields and orders are read when first used (``__getattr__``).
        return sorted(set(super().__dir__()) | _BOARD_FIELDS | _ORDER_FIELDS)

    def is_eliminated(self):
        """No units, no centers, no dislodged units."""
        return not (self.units or self.centers or self.retreats)

    def clear_units(self):
        self.units = []
        self.retreats = {}
        self.influence = []

    def clear_centers(self):
        self.centers = []

    def clear_orders(self):
        """No orders: ``order_is_set`` and ``wait`` are reset too, as in the package."""
        self.orders = {}
        self.adjust = []
        self.civil_disorder = 0
        if self.__dict__.get("game") is not None:
            self._clear_marks()



def _new_controller():
    """A power's controllers (time -> name) when no one has taken it."""
    controller = SortedDict._empty(_time_key)
    dict.__setitem__(controller, timestamp_microseconds(), DUMMY)
    return controller


_ZOBRIST_TABLES = {}


def _zobrist_table(game_map):
    """The package's Zobrist table for a map (same seed and draws, so the same hashes)."""
    table = _ZOBRIST_TABLES.get(game_map.name)
    if table is not None:
        return table
    powers = sorted(game_map.powers)
    locs = sorted(loc.upper() for loc in game_map.locs if game_map.area_type(loc) != "SHUT")
    scs = "-".join(sorted(sc.upper() for sc in game_map.scs))
    seed = (12345 + len(locs) + sum(ord(x) * 7 ** ix for ix, x in enumerate(scs))) % 2 ** 32
    rng = _random.Random(seed)

    def draw(rows):
        return [[rng.randint(1, _sys.maxsize) for _ in range(len(locs))] for _ in range(rows)]

    table = {"unit_type": draw(2), "units": draw(len(powers)), "dis_unit_type": draw(2),
             "dis_units": draw(len(powers)), "centers": draw(len(powers)), "homes": draw(len(powers)),
             "power_ix": {p: i for i, p in enumerate(powers)}, "loc_ix": {l: i for i, l in enumerate(locs)}}
    _ZOBRIST_TABLES[game_map.name] = table
    return table


def _zobrist_values(game_map):
    """Per power: unit text -> its XOR value, dislodged unit text -> its value, center or
    home -> its value (the package's table, flattened for quick lookups)."""
    table = _zobrist_table(game_map)
    values = table.get("flat")
    if values is None:
        values = {}
        for name, p in table["power_ix"].items():
            units, dislodged, centers, homes = {}, {}, {}, {}
            for loc, i in table["loc_ix"].items():
                for t, kind in enumerate("AF"):
                    units[f"{kind} {loc}"] = table["unit_type"][t][i] ^ table["units"][p][i]
                    dislodged[f"{kind} {loc}"] = table["dis_unit_type"][t][i] ^ table["dis_units"][p][i]
                centers[loc] = table["centers"][p][i]
                homes[loc] = table["homes"][p][i]
            values[name] = (units, dislodged, centers, homes)
        table["flat"] = values
    return values


def _zobrist_hash(game_map, powers):
    """The package's Zobrist hash of a board given as (power, units, dislodged units,
    centers, homes) tuples."""
    flat = _zobrist_values(game_map)
    value = 0
    for name, units, dislodged, centers, homes in powers:
        unit_v, dis_v, center_v, home_v = flat[name]
        for unit in units:
            value ^= unit_v[unit]
        for unit in dislodged:
            value ^= dis_v[unit.lstrip("*")]
        for center in centers:
            value ^= center_v[center[:3]]
        for home in homes:
            value ^= home_v[home[:3]]
    return str(value)


def _lists_of_state(state):
    """Power -> (units, centers, dislodged units, influence) as a state dict lists them
    (names as the board writes them: upper case, single spaces; influence None when the
    state has none)."""
    return _standoff.lists_of_state(state)


def _package_state(game_map, source, names, board, name, note):
    """The package's state dict of a board (``source``: the native game, for its current
    board, or a ``PhaseData``, for the board it started from), named ``name`` with
    ``note``; ``board``: power -> (units, centers, dislodged units, influence) in the
    package's order, as far as known."""
    return _standoff.package_state(source, [board.get(power) for power in names], name, note,
                                   _zobrist_values(game_map))


def _copy_state(state):
    """A copy of a state dict down to its lists."""
    out = {}
    for key, value in state.items():
        if isinstance(value, dict):
            value = {k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in value.items()}
        out[key] = value
    return out


#: Rules the package leaves out of saved games (``diplomacy.utils.export.RULES_TO_SKIP``).
RULES_TO_SKIP = ("SOLITAIRE", "NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "IGNORE_ERRORS")


def _order_texts(movement, no_check, orders, adjust):
    """A power's orders as the package lists them, from its ``orders`` (movement; with
    NO_CHECK, ``ORDER n`` -> text) or its ``adjust`` list."""
    if movement:
        if no_check:
            return [o for o in orders.values() if o and not o.startswith("ORDER ")]
        return [f"{unit} {order}" for unit, order in orders.items()]
    return [o for o in adjust if o and o != "WAIVE" and o.split()[0] != "VOID"]


def _power_key(power_name):
    """A power's key in ``game.powers``: its name in capitals, its words joined (the
    package's map files write ``FROZENANTARCTICA``), whatever case or spaces were given."""
    return "".join(str(power_name).split()).upper()


def _as_list(value):
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        raise TypeError("expected an order string or a list of them, not a dict")
    return list(value)


_MAPS = {}


def _names_builtin(name, variant):
    """Whether ``name`` is a name of the built-in variant ``variant`` (the package's map
    names as the package means them: ``package_board``)."""
    try:
        return _standoff.Variant.builtin(package_board(str(name))) == variant
    except ValueError:
        return False


def _shared_map(variant, map_name=None):
    """One ``Map`` per name of a built-in variant, shared by its games (the package shares
    its maps too); its ``name`` is ``map_name`` when that names the variant (the package's
    ``standard_france_austria``), else the variant's. A variant loaded from a file gets a
    map of its own."""
    if not _names_builtin(variant.name, variant):
        return Map(variant)
    name = str(map_name) if map_name is not None and _names_builtin(map_name, variant) else variant.name
    game_map = _MAPS.get(name)
    if game_map is None:
        game_map = _MAPS[name] = Map(name)
    return game_map


def _history_property(name, doc):
    """A phase history of the game: played phases are filed in it when it is read."""
    attr = "_" + name

    def get(self):
        if self._unfiled:
            self._file_played()
        return self.__dict__[attr]

    def set(self, value):
        if self._unfiled:
            self._file_played()
        self.__dict__[attr] = value

    return property(get, set, doc=doc)


class Game(GameAdministration, _standoff.GameCore):
    """A game of Diplomacy with the ``diplomacy`` package's ``Game`` interface.

    ``Game(game_id=None, map_name="standard", rules=None, *, variant=None, position=None,
    status=, deadline=, n_controls=, registration_password=, role=, timestamp_created=)``.
    ``rules`` are the package's rule names (default: the package's defaults); ``NO_CHECK``
    defers order checks to ``process()`` (invalid orders are then ``void``). The other
    settings are the package's (see ``_compat_admin``).

    Orders standoff cannot use are never dropped silently: they are recorded in
    ``order_errors`` and announced with an ``OrderWarning`` (``set_orders(...,
    errors="raise")`` raises instead).
    """

    #: The attributes kept as fields of ``GameCore`` (the native base class), not in the
    #: instance dict: copies and pickles carry them explicitly.
    _CORE_FIELDS = ("_native", "_phase", "_board_pending", "_cache", "_sent", "_modes", "_orders_round",
                    "_processed_round", "_power_names", "_unfiled", "_outcome", "_ordered_units",
                    "_ordered_from", "_snap", "_destroyed_by", "_popped", "_duplicates", "_units_since",
                    "rules", "note", "messages", "_board_orders")

    order_history = _history_property("order_history", "Phase -> power -> the orders given.")
    state_history = _history_property("state_history", "Phase -> the package's state dict at its start.")
    result_history = _history_property("result_history", "Phase -> unit -> the package's result labels.")
    message_history = _history_property("message_history", "Phase -> the press sent in it.")

    def __init__(self, game_id=None, map_name="standard", rules=None, *, variant=None, position=None, **kwargs):
        settings = checked_settings(kwargs)
        self._native = _standoff.Game(game_id=game_id, variant=variant,
                                      map_name=None if variant is not None else package_board(map_name),
                                      position=position)
        self._init_python_side(None if variant is not None else map_name)
        self.rules = []
        for rule in (DEFAULT_RULES if rules is None else _as_list(rules)):
            self.add_rule(rule)
        # The map's own rules come last, as the package adds its map file's (Modern
        # Diplomacy's BUILD_ANY).
        for rule in self.map.rules:
            self.add_rule(rule)
        self._apply_settings(settings)
        self._pull()

    def _init_python_side(self, map_name=None):
        """The Python side of a game around ``self._native``; ``map_name``: the map's
        name as the game was asked for it (the package's, ``standard_france_austria``),
        else the variant's."""
        native = self._native
        self.map = _shared_map(native.variant, map_name)
        self.map_name = self.map.name
        self.game_id = native.game_id
        self.powers = {name: Power(self, name) for name in native.get_map_power_names()}
        self._power_list = list(self.powers.values())
        self._power_names = tuple(self.powers)
        for name, homes in self.map.homes.items():
            self.powers[name].homes = list(homes)
        self.error = []
        # Rules kept out by a rule added (``RULE_RELATIONS``).
        self.no_rules = set()
        self.note = ""
        self.win = self.map.victory[0]
        self.outcome = []
        self.victory = list(self.map.victory)
        self._popped = []
        self._outcome = None
        self.dislodged = {}
        self.command = {}
        self._ordered_units = {}
        self._ordered_from = None
        self.result = {}
        self.messages = SortedDict(sort_key=_time_key)
        # Played phases not yet filed in the histories (``_file_played``).
        self._unfiled = []
        self._order_history = _History()
        self._state_history = _History()
        self._result_history = _History()
        self._message_history = _History()
        self._attach_history_builders()
        self._reasons = {}
        self._phase = native.get_current_phase()
        self._snap = None
        self._board_pending = False
        # Power -> (units, centers, dislodged units, influence) in the package's order on
        # the board at the start of phase ``_units_since`` of the native history (or,
        # that unset, on the board last read; None: not known); ``_board_orders``: the
        # same for each board of the history worked out so far, by its place (what its
        # state lists).
        self._prev_board = {}
        self._units_since = None
        self._board_orders = {}
        # The movement phase last played, when it was the last phase played (see
        # ``_Played.destroyed_by``).
        self._destroyed_by = None
        self._cache = {}
        self._sent = {}
        # Power -> the ``errors`` mode the native game last had for it (it keeps one per
        # power; "warn" until set).
        self._modes = {}
        self._duplicates = set()

    # ------------------------------------------------------------------ sync
    def _attach_history_builders(self):
        """How each history builds its entries from the records of played phases (set
        again on copies and unpickled games: a history copied or pickled on its own
        holds built values only)."""
        self._order_history._build = _Played.orders_by_power
        self._state_history._build = _Played.state
        self._result_history._build = _Played.results

    def _board_changed(self):
        """Whether the Power objects were edited since the last sync."""
        if self._board_pending:
            return False  # not even read since the native game changed the board
        snap = self._snap
        if snap is None:
            return True
        for power, units, centers, retreats in zip(self._power_list, *snap):
            if power.units != units or power.centers != centers or power.retreats != retreats:
                return True
        return False

    def _snapshot(self, clear_cache=True):
        powers = self._power_list
        self._snap = ([p.units[:] for p in powers], [p.centers[:] for p in powers],
                      [{u: list(o) for u, o in p.retreats.items()} for p in powers])
        if clear_cache:
            self._cache = {}

    def _pull(self, given=None):
        """The native game changed the board (not by playing a phase): each power's
        units, centers, dislodged units and influence are put in the package's order now
        (those kept, or listed in ``given``, power -> (units, centers, dislodged units,
        influence), in that order; new ones last), the rest is read when a board field
        of a Power object is next used (``_pull_now``)."""
        self._settle_units()
        previous = self._unread_board() if not self._board_pending else self._prev_board
        if given is not None:
            previous = given
        self._prev_board = self._in_package_order(previous)[-1]
        self._board_pending = True
        self._after_board_change()

    def _in_package_order(self, previous, since=None):
        """``_standoff.board_in_package_order`` for ``previous`` (power -> lists): power ->
        lists on each board it gives."""
        names = self._power_names
        boards = _standoff.board_in_package_order(self._native, [previous.get(name) for name in names], since)
        return [dict(zip(names, board)) for board in boards]

    def _board_lists(self):
        """Power -> (units, centers, dislodged units, influence) on the current board in
        the package's order, without reading the board into the Power objects when they
        have not read it yet (a loop reading only ``get_state()`` keeps them unread)."""
        if self._board_pending:
            self._settle_units()
            return self._prev_board
        return {p.name: (p.units, p.centers, list(p.retreats), p.influence) for p in self._power_list}

    def _unread_board(self):
        """Drops the Power objects' board fields (read again when next used); returns
        each power's units, centers, dislodged units and influence as they were (power
        -> lists; None for a power whose lists are all empty: not known)."""
        lists = {}
        for power in self._power_list:
            fields = power.__dict__
            held = (fields.pop("units", None) or [], fields.pop("centers", None) or [],
                    list(fields.pop("retreats", None) or ()), fields.pop("influence", None) or [])
            lists[power.name] = held if any(held) else None
            fields["civil_disorder"] = 0  # standoff has no civil disorder flag
        return lists

    def _after_board_change(self):
        self._snap = None
        phase = self._native.get_current_phase()
        if phase == "COMPLETED":
            self._phase = phase
        elif self._phase != "COMPLETED" or not self.outcome:
            self._phase = phase
        self._cache = {}

    def _settle_units(self):
        """Puts each power's lists (units, centers, dislodged units, influence) in the
        package's order over the phases played since the board was last read, keeping
        them for each board of the history, for its state (before anything else changes
        the native board or its history)."""
        since = self._units_since
        if since is None:
            return
        self._units_since = None
        boards = self._in_package_order(self._prev_board, since)
        orders = self._board_orders
        for index, board in enumerate(boards, start=since):
            orders[index] = board
        self._prev_board = boards[-1]

    def _pull_now(self):
        """Reads the board from the native game into the Power objects."""
        self._settle_units()
        self._board_pending = False
        _, boards = self._native.get_board()
        ordered = self._prev_board
        self._prev_board = {}
        for power, (units, centers, retreats) in zip(self._power_list, boards):
            fields = power.__dict__
            own, owned, dislodged, influence = ordered.get(power.name) or (units, centers, list(retreats), [])
            fields["units"] = list(own)
            fields["centers"] = list(owned)
            if set(dislodged) == set(retreats):
                retreats = {unit: retreats[unit] for unit in dislodged}
            fields["retreats"] = retreats
            fields["influence"] = list(influence)
        self._snapshot(clear_cache=False)

    def _push(self):
        """Sends edits made through the Power objects to the native game."""
        if not self._board_changed():
            return
        if self._phase == "COMPLETED":
            self._snapshot()
            return
        self._settle_units()
        state = self._native.get_state()
        for name, power in self.powers.items():
            state["units"][name] = list(power.units)
            state["centers"][name] = list(power.centers)
            state["retreats"][name] = {u: list(o) for u, o in power.retreats.items()}
        orders = {name: self.get_orders(name) for name in self.powers}
        self._native.set_state(state, clear_history=False)
        self._snapshot()
        # Orders set before the edit are sent again (checked against the new board).
        for name, texts in orders.items():
            if texts and not self._no_check:
                self._native.set_orders(name, texts, errors="ignore")
                self._modes[name] = "ignore"
        self._sent = {}

    @property
    def _no_check(self):
        return "NO_CHECK" in self.rules

    # ------------------------------------------------------------------ rules
    def add_rule(self, rule):
        """Adds one of the package's rules (``NO_CHECK``, ...) with the rules it brings
        and without those it removes (``RULE_RELATIONS``). A rule that cannot stand
        beside one the game has (``REAL_TIME`` and ``ALWAYS_WAIT``) is not added: as in
        the package, and a ``RuleWarning`` says so (the package's reason also goes to
        ``error`` when the other rule was added first without its relations)."""
        rule = str(rule).strip().upper()
        if rule not in KNOWN_RULES:
            raise _standoff.StandoffError(
                f"unknown rule {rule!r}: the package's rules are {', '.join(sorted(KNOWN_RULES))}")
        forbidden, added, removed = RULE_RELATIONS.get(rule, ((), (), ()))
        if rule in self.no_rules:
            keeper = next(other for other, (kept_out, _, _) in RULE_RELATIONS.items() if rule in kept_out)
            _warnings.warn(f"rule {rule} not added: rule {keeper} keeps it out of this game", RuleWarning,
                           stacklevel=2)
            return
        blocker = next((other for other in forbidden if other in self.rules), None)
        if blocker is not None:
            message = f"RULE {blocker} PREVENTS RULE {rule} FROM BEING APPLIED."
            self.error.append(message)
            _warnings.warn(f"rule {rule} not added: {message}", RuleWarning, stacklevel=2)
            return
        self.no_rules.update(forbidden)
        for other in added:
            if other not in self.rules:
                self.rules.append(other)
        for other in removed:
            if other in self.rules:
                self.rules.remove(other)
        if rule not in self.rules:
            self.rules.append(_sys.intern(rule))  # found by identity (``GameCore``'s NO_CHECK test)

    def remove_rule(self, rule):
        rule = str(rule).strip().upper()
        if rule in self.rules:
            self.rules.remove(rule)

    # ------------------------------------------------------------------ phase
    @property
    def phase(self):
        """``SPRING 1901 MOVEMENT`` (writable: a long or short name, or ``COMPLETED``)."""
        return self._phase if self._phase in ("COMPLETED", "FORMING") else self.map.phase_long(self._phase)

    @phase.setter
    def phase(self, value):
        self.set_current_phase(value)

    @property
    def phase_type(self):
        return None if self._phase in ("COMPLETED", "FORMING") else self._phase[-1]

    @property
    def current_short_phase(self):
        return self._phase

    @property
    def winner(self):
        return self._native.winner

    def set_current_phase(self, new_phase):
        if new_phase in ("FORMING", "COMPLETED"):
            self._phase = new_phase
            self._cache = {}
            return
        self._push()
        self._settle_units()
        self._native.set_current_phase(phase_short(new_phase))
        self._clear_orders_python()
        self._pull()

    def get_phase_from_history(self, short_phase_name, game_role=None):
        return self.get_phase_history(short_phase_name, short_phase_name, game_role)[0]

    def get_phase_history(self, from_phase=None, to_phase=None, game_role=None):
        """The played phases from ``from_phase`` to ``to_phase`` (names or indexes, bounds
        included) as ``PhaseData``: their state, orders, results and press as the
        histories keep them (the press ``game_role`` may see, when given), as the
        package's ``GamePhaseData``; with standoff's ``report`` and ``order_errors``."""
        phases = []
        for played in self._native.get_phase_history(from_phase, to_phase):
            name = played.name
            messages = self.message_history.get(name)
            if messages is None:
                messages = SortedDict(sort_key=_time_key)
            elif game_role is not None:
                messages = SortedDict(self.filter_messages(messages, game_role), sort_key=_time_key)
            phases.append(played._with_history(self.state_history.get(name), self.order_history.get(name),
                                               self.result_history.get(name), messages))
        return phases

    @classmethod
    def filter_messages(cls, messages, game_role, timestamp_from=None, timestamp_to=None):
        """The messages (time sent -> ``Message``) ``game_role`` may see, sent between the
        two times (included): an observer (``OBSERVER``) the global ones and those to
        observers, ``OMNISCIENT`` all, a power (or a list of powers) the global ones
        and those it sent or received."""
        chosen = [m for t, m in messages.items()
                  if (timestamp_from is None or t >= timestamp_from) and (timestamp_to is None or t <= timestamp_to)]
        if game_role == "OBSERVER":
            return {m.time_sent: m for m in chosen if m.is_global() or m.for_observer()}
        if game_role == "OMNISCIENT":
            return {m.time_sent: m for m in chosen}
        roles = [game_role] if isinstance(game_role, str) else list(game_role)
        return {m.time_sent: m for m in chosen if m.is_global() or m.recipient in roles or m.sender in roles}

    def clear_cache(self):
        """Drops the cached state and possible orders (edits made
        through the Power objects are noticed anyway)."""
        self._cache = {}

    # ------------------------------------------------------------------ board
    def get_power(self, power_name):
        return self.powers.get(_power_key(power_name))

    def has_power(self, power_name):
        return _power_key(power_name) in self.powers

    def get_map_power_names(self):
        return list(self.powers)

    def _power_arg(self, power_name):
        power = self.powers.get(_power_key(power_name))
        if power is None:
            raise _exceptions.MapPowerException(
                f"`{power_name}` is not a power of this variant ({', '.join(self.powers)})")
        return power

    def get_units(self, power_name=None):
        if power_name is None:
            return {name: self.get_units(name) for name in self.powers}
        power = self._power_arg(power_name)
        return power.units[:] + ["*" + unit for unit in power.retreats]

    def get_centers(self, power_name=None):
        if power_name is None:
            return {name: p.centers[:] for name, p in self.powers.items()}
        return self._power_arg(power_name).centers[:]

    def _unit_owner(self, unit, coast_required=1):
        for power in self.powers.values():
            for own in power.units:
                if own == unit or (not coast_required and "/" in own and own.split("/")[0] == unit):
                    return power
        return None

    def _occupant(self, site, any_coast=0):
        site = site[:3] if any_coast else site
        for power in self.powers.values():
            for unit in power.units:
                if unit[2:].startswith(site):
                    return unit
        return None

    def set_units(self, power_name, units, reset=False):
        """Puts units on the board (``*A PAR``: dislodged), as leniently as the package:
        invalid units are left out and noted in ``error``; a unit already in the province
        (any power's) is replaced."""
        power = self.get_power(power_name)
        if power is None:
            return
        texts = [str(u).strip().upper() for u in _as_list(units) if str(u).strip()]
        valid = []
        for text in texts:
            body = text[1:] if text.startswith("*") else text
            if len(body.split()) != 2 or not self.map.is_valid_unit(body):
                self.error.append(f"Invalid unit {text}")
                continue
            valid.append(text)
        self._push()
        self._settle_units()
        if reset:
            self._native.clear_units(power.name)
            power.units = []
            power.retreats = {}
            power.influence = []
        had = set(power.units)
        if valid:
            self._native.set_units(power.name, valid)
        self._pull()
        # New units in the order given (the package appends them).
        given = {text: i for i, text in enumerate(valid)}
        old = [u for u in power.units if u not in given]
        power.units = old + sorted((u for u in power.units if u in given), key=given.get)
        # As in the package, the places of the units given leave every power's influence
        # and those of the units added join this power's.
        places = {text.lstrip("*")[2:5] for text in valid}
        for other in self._power_list:
            other.influence = [place for place in other.influence if place not in places]
        power.influence += [text[2:5] for text in valid if not text.startswith("*") and text not in had]
        self._snapshot()

    def set_centers(self, power_name, centers, reset=False):
        """Gives supply centers to a power; names that are not supply centers are left
        out (noted in ``error``), as in the package."""
        power = self.get_power(power_name)
        if power is None:
            return
        scs = set(self.map.scs)
        valid = []
        for text in (str(c).strip().upper() for c in _as_list(centers)):
            if text[:3] in scs:
                valid.append(text[:3])
            elif text:
                self.error.append(f"Invalid supply center {text}")
        self._push()
        self._settle_units()
        if reset:
            self._native.clear_centers(power.name)
        if valid:
            self._native.set_centers(power.name, valid)
        # The package keeps the order centers were given in.
        before = power.centers[:]
        self._pull()
        keep = [c for c in before if c in power.centers and not reset]
        power.centers = keep + [c for c in valid if c not in keep and c in power.centers]
        power.centers += [c for c in self._native.get_centers(power.name) if c not in power.centers]
        self._snapshot()

    def clear_units(self, power_name=None):
        self._push()
        self._settle_units()
        self._native.clear_units(power_name)
        self._pull()
        for power in self._power_list:
            if power_name is None or power.name == _power_key(power_name):
                power.influence = []  # as the package clears it

    def clear_centers(self, power_name=None):
        self._push()
        self._settle_units()
        self._native.clear_centers(power_name)
        self._pull()

    def _current_state(self):
        """The package's state dict of the board (cached until the board changes; not
        to be changed by the caller)."""
        self._push()
        state = self._cache.get("state")
        if state is None:
            state = self._cache["state"] = _package_state(
                self.map, self._native, self._power_names, self._board_lists(), self._phase, self.note)
        return state

    def get_state(self):
        """The package's state dict (with ``zobrist_hash``, ``influence``, ``timestamp``)."""
        return _copy_state(self._current_state())

    def set_state(self, state, clear_history=True):
        if state.get("units") is None:
            raise _standoff.InvalidStateError("state has no units (units: None)")
        self._settle_units()
        self._native.set_state({k: v for k, v in state.items() if k not in ("zobrist_hash", "timestamp", "influence")},
                               clear_history=clear_history)
        if clear_history:
            for history in (self.order_history, self.state_history, self.result_history, self.message_history):
                history.clear()
            self._board_orders = {}
        self._clear_orders_python()
        self._phase = self._native.get_current_phase()
        if "note" in state:
            self.note = state["note"]
        # The package keeps the lists in the order the state gives them.
        self._pull(given=_lists_of_state(state))

    # ------------------------------------------------------------------ hash
    def rebuild_hash(self):
        """Recomputes the package's Zobrist hash of the board (a decimal string)."""
        return _zobrist_hash(self.map, ((p.name, p.units, p.retreats, p.centers, p.homes) for p in self.powers.values()))

    def get_hash(self):
        """The package's Zobrist hash of the board (a decimal string)."""
        return self._current_state()["zobrist_hash"]

    # ------------------------------------------------------------------ orders
    def _set_orders_python(self, power_name, orders, expand=True, replace=True, *, errors="warn"):
        """``set_orders`` in the cases ``GameCore.set_orders`` hands over (see the class doc
        for what happens to orders that cannot be used)."""
        if isinstance(orders, dict):
            raise TypeError("set_orders takes an order string or a list of them, not a dict")
        power = self._power_arg(power_name)
        if self._phase == "COMPLETED":
            raise _standoff.StandoffError("the game is over: no more orders")
        texts = [o for o in _as_list(orders) if o and str(o).strip()]
        if self._no_check and self._phase[-1] == "M":
            self._set_orders_no_check(power, texts, replace)
        else:
            self._push()
            if self._phase[-1] in "RA":
                self._retreat_or_adjustment_orders(power, texts, expand, replace, errors)
            else:
                orders = self._native.set_orders_and_get_map(power.name, texts, expand, replace, errors)
                self._modes[power.name] = errors
                power.orders = orders
                self._sent[power.name] = orders.copy()
        self._mark_orders_set(power)

    def _set_orders_no_check(self, power, texts, replace):
        """NO_CHECK (movement): orders are kept as given and checked by ``process()``."""
        for text in texts:
            words = str(text).strip().upper().split()
            if len(words) < 2:
                self.error.append(f"Bad order {text}")
                continue
            if replace:
                for key, value in power.orders.items():
                    parts = value.split()
                    if len(parts) >= 2 and parts[1][:3] == words[1][:3]:
                        power.orders[key] = ""
            power.orders[f"ORDER {len(power.orders) + 1}"] = " ".join(words)

    def _pull_orders(self, power):
        """``power.orders`` (unit -> order), read from the native game, which held them
        since ``set_orders`` or the start of the phase (``{}`` outside movement phases,
        where orders are ``power.adjust``)."""
        orders = {}
        if self._phase[-1:] == "M":
            for order in self._native.get_orders(power.name):
                words = order.split(" ", 2)
                orders[f"{words[0]} {words[1]}"] = words[2] if len(words) > 2 else ""
            self._sent[power.name] = dict(orders)
        power.__dict__["orders"] = orders
        self._powers_clean = False  # process() reads this Power's orders

    def _pull_adjust(self, power):
        """``power.adjust``, a new list of what the game holds for it (``GameCore._adjust_of``:
        its list in ``_sent`` in a retreat or adjustment phase, else none)."""
        power.__dict__["adjust"] = list(self._adjust_of(power))
        self._powers_clean = False  # process() reads this Power's orders

    def get_orders(self, power_name=None):
        if power_name is None:
            return {name: self.get_orders(name) for name in self.powers}
        power = self._power_arg(power_name)
        if self._phase[-1:] == "M":
            return _order_texts(True, self._no_check, power.orders, ())
        return _order_texts(False, self._no_check, None, self._adjust_of(power))

    def clear_orders(self, power_name=None):
        names = list(self.powers) if power_name is None else [self._power_arg(power_name).name]
        self._native.clear_orders(power_name)
        for name in names:
            self.powers[name].clear_orders()
        self._sent = {}

    def _mark_orders_set(self, power):
        """``power.order_is_set`` after a ``set_orders`` the native game's submission does
        not tell (retreats, adjustments, ``NO_CHECK``): 2 when it has orders, else 1."""
        power.order_is_set = 2 if self.get_orders(power.name) else 1

    def _clear_orders_python(self):
        """The Power objects have no orders, as the native game has none (it was just
        given a new board or phase): ``_sent`` says so, so ``process()`` need not
        compare them. Each power's ``orders`` and ``adjust`` are read from the game when
        used (movement orders from the native game; ``{}`` and ``[]`` until orders are
        given)."""
        self._duplicates = set()
        self._orders_round += 1
        movement = self._native.get_current_phase()[-1:] == "M"
        sent = {}
        for power in self._power_list:
            # (not board fields: no __setattr__ needed)
            fields = power.__dict__
            fields.pop("adjust", None)
            fields.pop("orders", None)
            sent[power.name] = _NATIVE_ORDERS if movement else []
        self._sent = sent
        self._powers_clean = True

    @property
    def order_errors(self):
        return self._native.order_errors

    def _sync_orders(self, orders, adjusts):
        """Makes the native game's orders exactly the Power objects' orders (``orders``,
        ``adjusts``: theirs, in power order). Returns, in NO_CHECK mode, the units whose
        orders were not usable (they become ``void``)."""
        void_units = {}
        if self._no_check and self._phase[-1] == "M":
            self._native.clear_orders()
            before = len(self._native.order_errors)
            for name, power in self.powers.items():
                texts = self.get_orders(name)
                if texts:
                    self._native.set_orders(name, texts, errors="ignore")
                    self._modes[name] = "ignore"
                    for rejected in self._native.order_errors[before:]:
                        unit = " ".join(rejected.order.upper().split()[:2])
                        void_units.setdefault(name, []).append(unit)
                    before = len(self._native.order_errors)
            return void_units
        movement = self._phase[-1] == "M"
        if list(map(self._sent.get, self._power_names)) == (orders if movement else adjusts):
            return void_units  # the native game has exactly the Power objects' orders
        for name, power in self.powers.items():
            current = power.orders if movement else self._adjust_of(power)
            if name in self._sent and self._sent[name] == current:
                continue  # the native game has exactly these orders
            wanted = self.get_orders(name)
            if sorted(self._native.get_orders(name)) != sorted(wanted):
                self._native.clear_orders(name)
                if wanted:
                    self._native.set_orders(name, wanted, errors="ignore")
                    self._modes[name] = "ignore"
        return void_units

    # ------------------------------------------------------------------ process
    # process() is GameCore's (its bookkeeping before and after the play is native, not a
    # Python method).

    def _centers_from_homes(self):
        """As the package does when it counts a year's centers and no power owns one (a
        board set up without centers): each power owns its home centers first."""
        for name, power in self.powers.items():
            self._native.set_centers(name, list(power.homes), reset=True)
        self._pull()

    def _order_void_units(self, record, played):
        """NO_CHECK: the units whose orders were void count as ordered."""
        ordered = self.ordered_units  # worked out now: NO_CHECK's void orders are added
        for name, units in record.void_units.items():
            own = {u.lstrip("*")[2:5] for u in played.state["units"][name]}
            for unit in units:
                if unit[2:5] in own and unit not in ordered[name]:
                    ordered[name].append(unit)

    def _after_last_phase(self, played):
        """``process()`` played the game's last phase, or one in the package's 100th year:
        the outcome."""
        if self._phase == "COMPLETED":
            winner = self._native.winner
            self.outcome = [played, winner] if winner else [played]
            self.status = COMPLETED
        self._check_year_limit(played)

    @property
    def ordered_units(self):
        """Power -> the units given an order in the last played phase."""
        record = self._ordered_from
        if record is not None:
            self._settle_units()  # the order of the units of the board it started from
            self._ordered_from = None
            self._ordered_units = record.ordered_units()
        return self._ordered_units

    @ordered_units.setter
    def ordered_units(self, value):
        self._ordered_from = None
        self._ordered_units = value

    @property
    def popped(self):
        """The units destroyed since the last movement phase, as the package keeps them:
        those dislodged with nowhere to go, then those of its retreat phase that bounced
        or were disbanded (an adjustment phase leaves the list as it was)."""
        popped = self._popped
        if isinstance(popped, _Played):
            self._settle_units()  # the order of the units of the boards played from
            popped = self._popped = _destroyed(popped)
        return popped

    @popped.setter
    def popped(self, value):
        self._popped = value

    @property
    def command(self):
        """The last played movement phase's orders: unit -> order (``H`` for a unit
        without one)."""
        if self._outcome is not None:
            self._settle_outcome()
        return self._command

    @command.setter
    def command(self, value):
        self._settle_outcome()
        self._command = value

    @property
    def result(self):
        """The last played phase's results (unit -> the package's labels)."""
        if self._outcome is not None:
            self._settle_outcome()
        return self._result

    @result.setter
    def result(self, value):
        self._settle_outcome()
        self._result = value

    @property
    def dislodged(self):
        """The units dislodged in the last played phase -> where their dislodger came
        from."""
        if self._outcome is not None:
            self._settle_outcome()
        return self._dislodged

    @dislodged.setter
    def dislodged(self, value):
        self._settle_outcome()
        self._dislodged = value

    def _settle_outcome(self):
        record, self._outcome = self._outcome, None
        if record is not None:
            self._settle_units()  # the order of the units of the board it started from
            self._command, self._result, self._dislodged = record.outcome()

    def _check_year_limit(self, played):
        """The package's draw after 100 years (its default rules): once the winter of the
        100th year has been played the game ends in a draw of the powers with units."""
        current = self._phase
        if current == "COMPLETED" or current == "FORMING" or not played or played[-1] not in "AR" and played[0] != "F":
            return
        year = int(current[1:-1])
        if year >= self.map.first_year + 100:
            self._finish([p.name for p in self.powers.values() if p.units], phase_name=f"W{year - 1}A")

    def _finish(self, winners, phase_name=None):
        self._cache = {}
        self.outcome = [phase_name or self._phase] + list(winners)
        self._phase = "COMPLETED"
        self.status = COMPLETED
        self.note = "Victory by: " + ", ".join(w[:3] for w in winners) if winners else ""

    def draw(self, winners=None):
        """Ends the game in a draw (all powers with units, or ``winners``)."""
        if winners is None:
            winners = [p.name for p in self.powers.values() if p.units]
        self.clear_orders()
        phase = self._phase
        state = self.get_state()
        self.order_history.put(phase, self.get_orders())
        self.message_history.put(phase, self.messages.copy())
        self.state_history.put(phase, state)
        self.result_history.put(phase, {})
        self.messages = SortedDict(sort_key=_time_key)
        self._orders_round += 1  # votes and waits are reset too
        self._finish(winners)

    def get_order_status(self, power_name=None, unit=None, loc=None):
        """The last played phase's result labels: for a unit (a list), a location
        (``(unit, list)``), a power (``{unit: list}``) or all powers
        (``{power: {unit: list}}``)."""
        result = self.result_history.last_value() if self.result_history else {}
        if unit or loc:
            if unit:
                return list(result.get(unit, []))
            for result_unit, codes in result.items():
                if result_unit[2:5] == loc[:3].upper():
                    return result_unit, list(codes)
            return loc, []
        if power_name is not None:
            name = self._power_arg(power_name).name
            status = {}
            if self.state_history:
                for ordered in self.state_history.last_value()["units"][name]:
                    ordered = ordered.replace("*", "")
                    status[ordered] = self.get_order_status(unit=ordered)
            return status
        return {name: self.get_order_status(name) for name in self.powers}

    def get_order_reasons(self):
        """standoff's readable report of the last played phase (every order with its
        outcome and the reason), ``''`` before the first phase."""
        history = self._native.get_phase_history()
        return history[-1].report if history else ""

    # ------------------------------------------------------------------ press
    def add_message(self, message):
        """Adds a press message (a ``Message`` or a dict) to the current phase."""
        if isinstance(message, dict):
            message = Message.from_dict(message)
        if not message.phase:
            message.phase = self._phase
        stamp = message.time_sent
        if stamp is None and message.phase != self._phase:
            # A new message (no time sent yet) is press of the current phase, as in the
            # package; one with its time is filed as it is (a game's press restored).
            raise _exceptions.GamePhaseException(
                f"a new message for {message.phase} cannot be added in {self._phase} (press "
                f"is filed with the current phase)")
        if stamp is None:
            stamp = (max(self.messages) + 1) if self.messages else 1
            message.time_sent = stamp
        self.messages.put(stamp, message)
        return stamp

    def new_system_message(self, recipient, body):
        return self.add_message(Message("SYSTEM", recipient, body, self._phase))

    # ------------------------------------------------------------------ misc
    def render(self, *args, **kwargs):
        self._push()
        return self._native.render(*args, **kwargs)

    def random_orders(self, seed=0):
        self._push()
        return self._native.random_orders(seed)

    @property
    def position(self):
        self._push()
        return self._native.position

    def set_position(self, position, clear_history=False):
        self._settle_units()
        self._native.set_position(position, clear_history)
        self._clear_orders_python()
        self._phase = self._native.get_current_phase()
        self._pull()

    @property
    def variant(self):
        return self._native.variant

    @property
    def phase_history(self):
        return self.get_phase_history()

    def get_phase_data(self):
        """The current phase as the package's ``GamePhaseData``: its state, the orders
        set so far (None for a power that set none: ``order_is_set``), no results yet, its
        press."""
        return GamePhaseData(self._phase, self.get_state(), self._current_orders(), {},
                             SortedDict(self.messages, sort_key=_time_key))

    def _current_orders(self):
        """Power -> the orders set this phase, None for a power that set none."""
        return {name: self.get_orders(name) if power.order_is_set else None for name, power in self.powers.items()}

    def _phase_dicts(self):
        """Every played phase and the current one, as the package's phase dicts."""
        phases = []
        for name, state in self.state_history.items():
            messages = self.message_history.get(name, {})
            phases.append({"name": name, "state": dict(state), "orders": self.order_history.get(name, {}),
                           "results": self.result_history.get(name, {}),
                           "messages": [m.to_dict() for m in messages.values()]})
        phases.append({"name": self._phase, "state": self.get_state(), "orders": self._current_orders(),
                       "results": {}, "messages": [m.to_dict() for m in self.messages.values()]})
        return phases

    def to_saved_game_format(self):
        """The package's saved-game dict: ``id``, ``map``, ``rules``, ``phases`` (each with
        ``name``, ``state`` (with ``zobrist_hash``), ``orders``, ``results``, ``messages``)."""
        rules = [rule for rule in self.rules if rule not in RULES_TO_SKIP]
        phases = self._phase_dicts()
        for phase in phases:
            phase["state"].update(game_id=self.game_id, map=self.map_name, rules=rules)
        return {"id": self.game_id, "map": self.map_name, "rules": rules, "phases": phases}

    def to_dict(self):
        """The package's ``Game.to_dict()``: the game's settings, rules, histories, press
        and each power's fields (``_compat_jsonable``); the package's ``Game.from_dict``
        loads it."""
        return _jsonable.game_dict(self)

    @classmethod
    def from_dict(cls, data):
        """A game from the package's ``Game.to_dict()`` dict, or from a saved game."""
        return _jsonable.game_from_dict(cls, data)

    def json(self):
        """``to_dict()`` as JSON text."""
        return _json.dumps(self.to_dict())

    @property
    def zobrist_hash(self):
        """The package's Zobrist hash of the board (an int; ``get_hash()`` gives it as a
        string)."""
        return int(self.get_hash())

    @classmethod
    def _wrap(cls, native, saved=None):
        """A Game around a native game (loaded from a saved game: ``saved``, whose rules
        and press are kept)."""
        game = cls.__new__(cls)
        game._native = native
        game._init_python_side((saved or {}).get("map"))
        game.rules = []
        for rule in (DEFAULT_RULES if saved is None else saved.get("rules", [])):
            if str(rule).upper() in KNOWN_RULES:
                game.add_rule(rule)
        game._apply_settings(checked_settings({}))
        recorded = {p.get("name"): p for p in (saved or {}).get("phases", []) if isinstance(p, dict)}

        def recorded_state(name):
            state = recorded.get(name, {}).get("state")
            return state if isinstance(state, dict) else None

        played = native.get_phase_history()
        # The package's order of each board: as a recorded state lists it, else worked
        # out over the phases from the first board's.
        first = recorded_state(played[0].name) if played else None
        boards = game._in_package_order(_lists_of_state(first) if first else {}, since=0) if played else []
        for phase, board in zip(played, boards):
            state = recorded_state(phase.name)
            if state is None:
                state = _package_state(game.map, phase, game._power_names, board, phase.name, "")
            game.state_history.put(phase.name, state)
            game.order_history.put(phase.name, phase.orders)
            results = recorded.get(phase.name, {}).get("results")
            game.result_history.put(phase.name, results if isinstance(results, dict) else phase.results)
            game.message_history.put(phase.name, _messages_of(recorded.get(phase.name, {})))
        game.messages = _messages_of(recorded.get(native.get_current_phase(), {}))
        current = recorded_state(native.get_current_phase())
        if current and "note" in current:
            # The package sets the last phase's state, and its note with it.
            game.note = current["note"]
        game._pull(given=_lists_of_state(current) if current else (boards[-1] if boards else None))
        # The orders set in the current phase are set again (None: the power set none).
        orders = recorded.get(native.get_current_phase(), {}).get("orders")
        if isinstance(orders, dict) and not game.is_game_done:
            for name, texts in orders.items():
                if texts is not None:
                    game.set_orders(name, texts)
        return game

    def set_phase_data(self, phase_data, clear_history=True):
        """Sets the game from phases (``GamePhaseData``/``PhaseData``, or a list of them),
        as the package does: the last is the current phase (its state, the orders set
        in it, its press), the others become the history (after the history kept, with
        ``clear_history=False``). standoff replays the history's orders from its first
        state, as ``from_saved_game_format`` does. The rules, settings and controllers
        stay."""
        if not phase_data:
            return
        phases = [phase_data] if hasattr(phase_data, "state") else list(phase_data)
        given = [_phase_dict(phase) for phase in phases]
        kept = [] if clear_history else self._phase_dicts()[:-1]
        names = {phase["name"] for phase in given}
        self._replay([d for d in kept if d["name"] not in names] + given)

    def extend_phase_history(self, game_phase_data):
        """Adds a played phase to the history (before the current phase, which stays):
        the history is replayed with it, as ``set_phase_data`` does."""
        added = _phase_dict(game_phase_data)
        phases = self._phase_dicts()
        if any(phase["name"] == added["name"] for phase in phases):
            raise ValueError(f"phase {added['name']} is already in the game's history")
        current = phases.pop()
        self._replay(sorted(phases + [added], key=lambda d: phase_sort_key(d["name"])) + [current])

    def _replay(self, phase_dicts):
        """This game made again from phase dicts (the last one current) replayed as a
        saved game, keeping its id, rules, settings and each power's controller. When
        the replay does not reach the last phase's board (a phase missing, or
        adjudicated otherwise by the engine that recorded it: a warning says so), the
        last phase's state is set over the replayed history, as the package sets it."""
        saved = {"id": self.game_id, "map": self.map_name, "rules": [], "phases": phase_dicts}
        loaded = Game._wrap(_standoff.from_saved_game_format(saved), saved)
        state = loaded.__getstate__()
        for name in ("rules", "no_rules", *SETTINGS, "fixed_state", "error", "note"):
            state[name] = getattr(self, name)
        old_powers = self.powers
        self.__setstate__(state)
        for power in self._power_list:
            power.game = self
            old = old_powers.get(power.name)
            if old is not None:
                power.controller, power.role, power.tokens = old.controller, old.role, old.tokens
        last = phase_dicts[-1]
        if not _same_board(self.get_state(), last["state"]) or self._phase != last["name"]:
            self.set_state(last["state"], clear_history=False)
            self.messages = _messages_of(last)
            for name, texts in (last.get("orders") or {}).items():
                if texts is not None:
                    self.set_orders(name, texts)

    def copy(self):
        return _copy.deepcopy(self)

    def _file_played(self):
        """Files the phases played since the histories were last read (one record per
        phase: the histories build their entries from it when read)."""
        # Each board's order is worked out first: the states built from the records
        # list the units and centers in it.
        self._settle_units()
        unfiled, self._unfiled = self._unfiled, []
        fields = self.__dict__
        results, orders = fields["_result_history"], fields["_order_history"]
        states, messages = fields["_state_history"], fields["_message_history"]
        for record in unfiled:
            phase, state_before, press = record.phase_name, record.state_before, record.press
            _file(results, phase, record, _Played.results)
            _file(orders, phase, record, _Played.orders_by_power)
            if state_before is None:
                _file(states, phase, record, _Played.state)
            else:
                states[phase] = state_before
            messages[phase] = press if press is not None else SortedDict._empty(_time_key)

    def _settle_all(self):
        """Works out everything kept for later (last phase's outcome, ordered units, the
        board), so that copies and pickles hold plain values."""
        if self._unfiled:
            self._file_played()
        if self._outcome is not None:
            self._settle_outcome()
        if self._ordered_from is not None:
            self.ordered_units
        if isinstance(self._popped, _Played):
            self.popped
        self._destroyed_by = _destroyed_units(self._destroyed_by) or None
        if self._board_pending:
            self._pull_now()
        for power in self._power_list:
            if "orders" not in power.__dict__:
                self._pull_orders(power)
            if "adjust" not in power.__dict__:
                self._pull_adjust(power)

    def __deepcopy__(self, memo):
        self._settle_all()
        new = self.__class__.__new__(self.__class__)
        memo[id(self)] = new
        for key, value in self._state_items():
            if key == "map":
                new.map = value
            elif key == "_native":
                new._native = value.copy()
            elif key == "_cache":
                new._cache = {}  # what is cached refers to this game's native game
            else:
                setattr(new, key, _copy.deepcopy(value, memo))
        new._attach_history_builders()
        return new

    __copy__ = copy

    def _state_items(self):
        """The game's attributes: its own, then ``GameCore``'s fields."""
        return [*self.__dict__.items(), *((name, getattr(self, name)) for name in self._CORE_FIELDS)]

    def __reduce_ex__(self, protocol):
        # Every protocol makes the game with ``Game.__new__`` (protocols 0 and 1 would
        # not know how to make the native base class).
        return _copyreg.__newobj__, (type(self),), self.__getstate__()

    def __getstate__(self):
        self._settle_all()
        state = dict(self._state_items())
        del state["map"]  # rebuilt from the variant
        state["_cache"] = {}  # what is cached refers to this game's native game
        return state

    def __setstate__(self, state):
        # A game pickled before the board was read lazily kept `popped` as a plain list.
        state.setdefault("_popped", state.pop("popped", []))
        if isinstance(state["_popped"], str):  # a kind of phase, kept by earlier versions
            state["_popped"] = []
        state.setdefault("_board_pending", False)
        state.pop("_prev_units", None)  # kept by earlier versions (units only): not known now
        state.setdefault("_prev_board", {})
        state.setdefault("_units_since", None)
        state.setdefault("_board_orders", {})
        state.setdefault("_destroyed_by", None)
        state.setdefault("_modes", {})
        state.setdefault("_orders_round", 0)
        state.setdefault("_processed_round", None)
        state.setdefault("_ordered_units", state.pop("ordered_units", {}))
        state.setdefault("_ordered_from", None)
        state.setdefault("_power_names", tuple(state.get("powers", ())))
        for name in ("order_history", "state_history", "result_history", "message_history"):
            if name in state:
                state["_" + name] = state.pop(name)
        state.setdefault("_unfiled", [])
        state.setdefault("_outcome", None)
        state.setdefault("_snap", None)
        state.setdefault("_duplicates", set())
        state.setdefault("no_rules", set())
        if "status" not in state:  # pickled by earlier versions
            state.update(checked_settings({}), fixed_state=None)
            if state.get("_phase") == "COMPLETED":
                state["status"] = COMPLETED
        state.pop("_kept_adjust", None)  # kept by earlier versions (now `VOID` entries)
        state["_cache"] = {}  # earlier versions pickled it
        for name in self._CORE_FIELDS:
            setattr(self, name, state.pop(name))
        self.__dict__.update(state)
        self._attach_history_builders()
        self.map = _shared_map(self._native.variant, self.__dict__.get("map_name"))

    def __repr__(self):
        return f"<Game {self.game_id} {self._phase}>"

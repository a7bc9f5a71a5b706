"""The ``diplomacy`` package's ``Game.to_dict()`` / ``Game.from_dict()`` format, on a
``standoff.Game``: every field of the package's game (settings, rules, histories, the
current phase's press) and each power's (units, centers, orders, controller, vote ...),
so that a dict written by either engine loads in the other.

``from_dict`` also takes a saved game (the ``to_saved_game_format`` dict, with
``phases``). A game dict is loaded as a saved game is: its histories become phases
replayed by standoff, then the current phase (the powers' boards, their orders, the
press) is set, then the settings and each power's controller, vote and wait flag.
"""

from ._compat_admin import ORDER_NOT_SET, SETTINGS

#: The game fields the package writes that a local game leaves at these values.
_NETWORK_FIELDS = {"controlled_powers": None, "daide_port": None, "observer_level": None, "meta_rules": [],
                   "phase_abbr": ""}


def power_dict(power):
    """A ``Power`` as the package's ``Power.to_dict()`` writes it."""
    game = power.__dict__.get("game")
    adjust = power.adjust if game is None else game._adjust_of(power)  # not read into the Power
    return {
        "abbrev": power.abbrev, "adjust": list(adjust), "centers": list(power.centers),
        "civil_disorder": power.civil_disorder,
        "controller": {str(time): name for time, name in power.controller.items()},
        "homes": list(power.homes), "influence": list(power.influence), "name": power.name,
        "order_is_set": power.order_is_set, "orders": dict(power.orders), "retreats": dict(power.retreats),
        "role": power.role, "tokens": sorted(power.tokens), "units": list(power.units), "vote": power.vote,
        "wait": power.wait,
    }


def game_dict(game):
    """The package's ``Game.to_dict()`` of ``game``."""
    def labels(results):
        return {unit: [str(label) for label in unit_labels] for unit, unit_labels in results.items()}

    def press(messages):
        return [message.to_dict() for message in messages.values()]

    return {
        **{name: (list(value) if isinstance(value, list) else value) for name, value in _NETWORK_FIELDS.items()},
        "deadline": game.deadline, "error": [str(error) for error in game.error], "game_id": game.game_id,
        "map_name": game.map_name,
        "message_history": {phase: press(messages) for phase, messages in game.message_history.items()},
        "messages": press(game.messages), "n_controls": game.n_controls, "no_rules": sorted(game.no_rules),
        "note": game.note, "order_history": {phase: dict(orders) for phase, orders in game.order_history.items()},
        "outcome": list(game.outcome), "phase": game.phase,
        "powers": {name: power_dict(power) for name, power in game.powers.items()},
        "registration_password": game.registration_password,
        "result_history": {phase: labels(results) for phase, results in game.result_history.items()},
        "role": game.role, "rules": list(game.rules),
        "state_history": {phase: dict(state) for phase, state in game.state_history.items()},
        "status": game.status, "timestamp_created": game.timestamp_created, "victory": list(game.victory),
        "win": game.win, "zobrist_hash": int(game.get_hash()),
    }


def _field(data, name, kind, default):
    """``data[name]`` (``default`` when missing), checked to be a ``kind``."""
    value = data.get(name, default)
    if value is None and default is None:
        return None
    if not isinstance(value, kind):
        kinds = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise ValueError(f"the game dict's {name} is a {type(value).__name__}, not a {kinds}")
    return value


def _current_phase(data, short):
    """The current phase of a game dict as a saved game's phase dict: its state from the
    powers, the orders they set (None: not set), its press."""
    powers = _field(data, "powers", dict, {})
    state = {"name": short, "note": data.get("note", ""), "units": {}, "retreats": {}, "centers": {},
             "homes": {}, "influence": {}, "civil_disorder": {}}
    orders = {}
    for name, power in powers.items():
        if not isinstance(power, dict):
            raise ValueError(f"the game dict's power {name} is a {type(power).__name__}, not a dict")
        retreats = power.get("retreats") or {}
        state["units"][name] = list(power.get("units") or []) + ["*" + unit for unit in retreats]
        state["retreats"][name] = dict(retreats)
        for key in ("centers", "homes", "influence"):
            state[key][name] = list(power.get(key) or [])
        state["civil_disorder"][name] = power.get("civil_disorder", 0)
        if power.get("order_is_set", ORDER_NOT_SET) == ORDER_NOT_SET:
            orders[name] = None
        elif short.endswith("M"):
            orders[name] = [f"{unit} {order}".strip() for unit, order in (power.get("orders") or {}).items()]
        else:
            orders[name] = [order for order in power.get("adjust") or []
                            if order and order != "WAIVE" and order.split()[0] != "VOID"]
    return {"name": short, "state": state, "orders": orders, "results": {},
            "messages": _field(data, "messages", (list, dict), [])}


def _restore_power(power, data):
    """A power's controller, vote, wait flag, tokens and ``order_is_set`` from its dict."""
    from ._compat import SortedDict, _time_key

    controller = data.get("controller")
    if isinstance(controller, dict) and controller:
        power.controller = SortedDict({int(time): name for time, name in controller.items()}, sort_key=_time_key)
    for name in ("vote", "wait", "order_is_set"):
        if name in data:
            setattr(power, name, data[name])
    power.tokens = set(data.get("tokens") or [])


def game_from_dict(cls, data):
    """A ``Game`` from the package's ``Game.to_dict()`` dict (or a saved game)."""
    from . import from_saved_game_format
    from ._compat import phase_short, phase_sort_key

    if not isinstance(data, dict):
        raise ValueError(f"a game dict is a dict, not {type(data).__name__}")
    if "phases" in data:
        return from_saved_game_format(data)
    settings = {name: data[name] for name in SETTINGS if data.get(name) is not None}
    game = cls(game_id=data.get("game_id"), map_name=_field(data, "map_name", str, "standard"),
               rules=_field(data, "rules", list, None), **settings)
    histories = {name: _field(data, name, dict, {})
                 for name in ("state_history", "order_history", "result_history", "message_history")}
    phases = [{"name": phase, "state": state, "orders": histories["order_history"].get(phase, {}),
               "results": histories["result_history"].get(phase, {}),
               "messages": histories["message_history"].get(phase) or []}
              for phase, state in sorted(histories["state_history"].items(), key=lambda item: phase_sort_key(item[0]))]
    phase = _field(data, "phase", str, game.phase)
    if phase not in ("COMPLETED", "FORMING"):
        game._replay(phases + [_current_phase(data, phase_short(phase))])
    elif phases:
        game._replay(phases)
    for name, power_data in _field(data, "powers", dict, {}).items():
        _restore_power(game._power_arg(name), power_data)
    game.error = list(_field(data, "error", list, []))
    game.no_rules.update(_field(data, "no_rules", list, []))
    if phase == "COMPLETED":
        game.set_current_phase("COMPLETED")
        game.outcome = list(_field(data, "outcome", list, []))
        game.note = data.get("note", game.note)
    return game

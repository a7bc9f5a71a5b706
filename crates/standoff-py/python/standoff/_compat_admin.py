"""The ``diplomacy`` package's game administration, on a local ``standoff.Game``: the
settings a game is made with (``status``, ``deadline``, ``n_controls``,
``registration_password``, ``role``, ``timestamp_created``), its status
(``forming`` ... ``completed``), the flags its rules set (``no_press`` ...), who controls
each power (``set_controlled``, ``is_dummy``, ``get_dummy_power_names`` ...), draw votes,
wait flags, and the ``with game.current_state():`` guard.

Adjudication does not read any of it, except that the package fills the builds a power
leaves with ``WAIVE`` only when the power is a dummy (not controlled), and so does
``standoff.Game``. Bad values are refused with ``ValueError`` (the package asserts).
"""

import logging as _logging
import random as _random
import time as _time

from . import _package_exceptions as _exceptions

FORMING, ACTIVE, PAUSED, COMPLETED, CANCELED = "forming", "active", "paused", "completed", "canceled"
#: The package's game statuses (``strings.ALL_GAME_STATUSES``), in its order.
STATUSES = (FORMING, ACTIVE, PAUSED, COMPLETED, CANCELED)

OBSERVER_TYPE, OMNISCIENT_TYPE, SERVER_TYPE = "observer_type", "omniscient_type", "server_type"

#: The controller of a power no one controls.
DUMMY = "dummy"

YES, NO, NEUTRAL = "yes", "no", "neutral"
VOTES = frozenset((YES, NO, NEUTRAL))

#: ``Power.order_is_set``: nothing set, an empty set of orders set, orders set.
ORDER_NOT_SET, ORDER_SET_EMPTY, ORDER_SET = 0, 1, 2

#: The settings ``Game(...)`` takes besides ``game_id``, ``map_name`` and ``rules``.
SETTINGS = frozenset(("status", "deadline", "n_controls", "registration_password", "role", "timestamp_created"))


def timestamp_microseconds():
    """Now, in microseconds since the epoch (the package's timestamps)."""
    return _time.time_ns() // 1000


def _natural(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _exceptions.NaturalIntegerException(f"{name} must be a natural integer, not {value!r}")
    return value


def checked_settings(settings):
    """The settings given to ``Game(...)``, checked as the package checks them, with the
    package's defaults for those not given."""
    unknown = set(settings) - SETTINGS
    if unknown:
        raise TypeError(f"Game() got unexpected keyword argument(s): {', '.join(sorted(unknown))}")
    status = settings.get("status", FORMING)
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
    deadline = _natural("deadline", settings.get("deadline", 300))
    n_controls = settings.get("n_controls")
    if n_controls is not None:
        _natural("n_controls", n_controls)
    password = settings.get("registration_password")
    if password is not None and (not isinstance(password, str) or not password):
        raise _exceptions.DiplomacyException("registration_password must be None or a non-empty string")
    role = settings.get("role", SERVER_TYPE)
    if role != SERVER_TYPE:
        raise ValueError(f"a local game's role is {SERVER_TYPE!r}, not {role!r} (the package's player, "
                         "observer and omniscient games are its network games)")
    created = settings.get("timestamp_created")
    created = timestamp_microseconds() if created is None else _natural("timestamp_created", created)
    return {"status": status, "deadline": deadline, "n_controls": n_controls,
            "registration_password": password, "role": role, "timestamp_created": created}


def _rule_flag(rule):
    return property(lambda self: rule in self.rules, doc=f"Whether the game has the rule ``{rule}``.")


def _marked(power, name):
    """The value of ``power``'s mark ``name`` if it was made since the game last cleared
    every power's orders (None: reset since)."""
    mark = power.__dict__.get(name)
    if mark is not None and mark[1] == power.game._orders_round:
        return mark[0]
    return None


def _mark(power, name, value):
    power.__dict__[name] = (value, power.game._orders_round)
    power.game._powers_clean = False  # the fast `set_orders` then drops an order mark


def _reset_values(power):
    """``(order_is_set, wait)`` of a power that set nothing since the game cleared every
    power's orders: as the package's ``Power.clear_orders()`` leaves them (``1, False``
    for a power out of the game, else ``0`` and whether it waits: a dummy does, a
    controlled power unless the game is ``REAL_TIME``), but right after a phase is
    played a power with nothing to order has (empty) orders set and does not wait, as
    the package's ``process()`` sets them."""
    game = power.game
    if power.is_eliminated():
        return ORDER_SET_EMPTY, False
    if game._orders_round == game._processed_round and not game.is_game_done \
            and not game.get_orderable_locations(power.name):
        return ORDER_SET_EMPTY, False
    return ORDER_NOT_SET, power.is_dummy() or not game.real_time


class PowerControl:
    """A power's controller, vote, wait flag and ``order_is_set`` (mixed into ``Power``).
    ``controller`` is a ``SortedDict`` of time -> controller name, ``dummy`` when no one
    controls it.

    ``order_is_set``, ``wait`` and ``vote`` are reset each time the game clears every
    power's orders (a phase played, a draw, a new board): each is kept as a mark with the
    round it was made in (see ``GameCore._orders_round``), so that playing a phase need
    not touch them."""

    @property
    def order_is_set(self):
        """0: no orders set this phase; 1: set, none; 2: set (the package's
        ``OrderSettings``). Orders set in a movement phase are the native game's
        submission; others are marked. Until set, see ``_reset_values``."""
        value = _marked(self, "_order_mark")
        if value is not None:
            return value
        value = self.game._native._order_is_set(self.name)
        return value if value != ORDER_NOT_SET else _reset_values(self)[0]

    @order_is_set.setter
    def order_is_set(self, value):
        _mark(self, "_order_mark", value)

    @property
    def wait(self):
        """Whether the power asks the game to wait for it (until set, see
        ``_reset_values``)."""
        value = _marked(self, "_wait_mark")
        return _reset_values(self)[1] if value is None else value

    @wait.setter
    def wait(self, value):
        _mark(self, "_wait_mark", value)

    def _clear_marks(self):
        """``order_is_set`` and ``wait`` as the package's ``Power.clear_orders()`` leaves
        them: 1 and False for a power out of the game, else 0 and (a dummy) True or (a
        controlled power) not ``REAL_TIME``."""
        out = self.is_eliminated()
        _mark(self, "_order_mark", ORDER_SET_EMPTY if out else ORDER_NOT_SET)
        _mark(self, "_wait_mark", False if out else self.is_dummy() or not self.game.real_time)

    @property
    def vote(self):
        """The power's draw vote this phase: ``yes``, ``no`` or ``neutral``."""
        value = _marked(self, "_vote_mark")
        return NEUTRAL if value is None else value

    @vote.setter
    def vote(self, value):
        if value not in VOTES:
            raise ValueError(f"a vote is one of {', '.join(sorted(VOTES))}, not {value!r}")
        _mark(self, "_vote_mark", value)

    def is_dummy(self):
        return self.controller.last_value() == DUMMY

    def is_controlled(self):
        return self.controller.last_value() != DUMMY

    def is_controlled_by(self, username):
        return self.controller.last_value() == username

    def get_controller(self):
        """The current controller's name (``dummy`` when no one controls the power)."""
        return self.controller.last_value()

    def get_controller_timestamp(self):
        """When the current controller took the power."""
        return self.controller.last_key()

    def update_controller(self, username, timestamp):
        self.controller.put(timestamp, username)

    def set_controlled(self, username):
        """Gives the power to ``username`` (``None`` or ``dummy``: to no one). A power
        controlled by someone else must be given up first (``DiplomacyException``, a
        ``ValueError``)."""
        current = self.controller.last_value()
        if username is None or username == DUMMY:
            if current != DUMMY:
                self.controller.put(timestamp_microseconds(), DUMMY)
                self.wait = True
                self.vote = NEUTRAL
        elif current == DUMMY:
            self.controller.put(timestamp_microseconds(), username)
            self.wait = not self.game.real_time
        elif current != username:
            raise _exceptions.DiplomacyException(
                f"{self.name} is already controlled by {current!r}: set it to None first")

    def does_not_wait(self):
        """Whether the power's orders are set and it does not ask to wait."""
        return bool(self.order_is_set) and not self.wait

    def moves_submitted(self):
        """Outside movement phases always true; else whether it has orders or no units."""
        if self.game.phase_type != "M":
            return 1
        return self.orders or not self.units

    def is_observer_power(self):
        return self.role == OBSERVER_TYPE

    def is_omniscient_power(self):
        return self.role == OMNISCIENT_TYPE

    def is_player_power(self):
        return self.role == self.name

    def is_server_power(self):
        return self.role == SERVER_TYPE


class GameAdministration:
    """The package's ``Game`` members for status, roles, controllers, votes and waits
    (mixed into ``Game``)."""

    is_game_forming = property(lambda self: self.status == FORMING)
    is_game_active = property(lambda self: self.status == ACTIVE)
    is_game_paused = property(lambda self: self.status == PAUSED)
    is_game_canceled = property(lambda self: self.status == CANCELED)
    is_game_completed = property(lambda self: self.status == COMPLETED)

    civil_disorder = _rule_flag("CIVIL_DISORDER")
    multiple_powers_per_player = _rule_flag("MULTIPLE_POWERS_PER_PLAYER")
    no_observations = _rule_flag("NO_OBSERVATIONS")
    no_press = _rule_flag("NO_PRESS")
    power_choice = _rule_flag("POWER_CHOICE")
    public_press = _rule_flag("PUBLIC_PRESS")
    real_time = _rule_flag("REAL_TIME")
    start_master = _rule_flag("START_MASTER")
    solitaire = _rule_flag("SOLITAIRE")

    def _apply_settings(self, settings):
        """Sets the checked settings, then what the rules imply: ``NO_DEADLINE`` makes
        the deadline 0, ``SOLITAIRE`` no controls, and no controls ``SOLITAIRE``."""
        for name, value in settings.items():
            setattr(self, name, value)
        self.fixed_state = None
        # The package's fields for its network games (a local game leaves them so).
        self.controlled_powers = self.daide_port = self.observer_level = None
        self.meta_rules, self.phase_abbr = [], ""
        if "NO_DEADLINE" in self.rules:
            self.deadline = 0
        if "SOLITAIRE" in self.rules:
            self.n_controls = 0
        elif self.n_controls == 0:
            self.add_rule("SOLITAIRE")
        for power in self.powers.values():
            power.role = self.role

    def set_status(self, status):
        """Sets the status (one of ``forming``, ``active``, ``paused``, ``completed``,
        ``canceled``)."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        self.status = status

    # -------------------------------------------------------------- roles
    @property
    def power(self):
        """The game's power in a player game; None here (a local game is not one power's)."""
        return self.powers[self.role] if self.is_player_game() else None

    def is_player_game(self):
        return self.has_power(self.role)

    def is_observer_game(self):
        return self.role == OBSERVER_TYPE

    def is_omniscient_game(self):
        return self.role == OMNISCIENT_TYPE

    def is_server_game(self):
        return self.role == SERVER_TYPE

    # -------------------------------------------------------------- controllers
    def is_controlled(self, power_name):
        return self._power_arg(power_name).is_controlled()

    def is_dummy(self, power_name):
        return not self.is_controlled(power_name)

    def set_controlled(self, power_name, username):
        """Gives ``power_name`` to ``username`` (``None``: to no one)."""
        self._power_arg(power_name).set_controlled(username)

    def update_dummy_powers(self, dummy_power_names):
        """Gives each named power (of this game) to no one."""
        for name in dummy_power_names:
            if self.has_power(name):
                self.set_controlled(name, None)

    def update_powers_controllers(self, powers_controllers, timestamps):
        for name, controller in powers_controllers.items():
            self._power_arg(name).update_controller(controller, timestamps[name])

    def get_controllers(self):
        return {power.name: power.get_controller() for power in self.powers.values()}

    def get_controllers_timestamps(self):
        return {power.name: power.get_controller_timestamp() for power in self.powers.values()}

    def get_controlled_power_names(self, username):
        return [power.name for power in self.powers.values() if power.is_controlled_by(username)]

    def count_controlled_powers(self):
        return sum(1 for power in self.powers.values() if power.is_controlled())

    def get_expected_controls_count(self):
        """``n_controls``, or the number of powers when it is not set."""
        return len(self.powers) if self.n_controls is None else self.n_controls

    def has_expected_controls_count(self):
        return self.count_controlled_powers() == self.get_expected_controls_count()

    def get_dummy_power_names(self):
        """The set of powers no one controls and not eliminated."""
        return {power.name for power in self.powers.values() if power.is_dummy() and not power.is_eliminated()}

    def get_dummy_unordered_power_names(self):
        """The dummy powers still in the game with locations to order, no orders, and
        waiting."""
        return [power.name for power in self.powers.values()
                if power.is_dummy() and not power.is_eliminated() and not self.get_orders(power.name)
                and self.get_orderable_locations(power.name) and power.wait]

    def get_random_power_name(self):
        """A random dummy power (``RandomPowerException``, a ``ValueError``, when there
        is none)."""
        names = sorted(self.get_dummy_power_names())
        if not names:
            raise _exceptions.RandomPowerException("no dummy power left to choose from")
        return names[_random.randint(0, len(names) - 1)]

    # -------------------------------------------------------------- votes, waits
    def has_draw_vote(self):
        """Whether every power still in the game voted ``yes`` to a draw."""
        return all(power.vote == YES for power in self.powers.values() if not power.is_eliminated())

    def count_voted(self):
        return sum(1 for power in self.powers.values() if not power.is_eliminated() and power.vote != NEUTRAL)

    def clear_vote(self):
        for power in self.powers.values():
            power.vote = NEUTRAL

    def set_wait(self, power_name, wait):
        """Sets a power's wait flag (ignored for a name that is not a power, and while a
        ``current_state()`` guard sees the game changed, as in the package)."""
        if not self.is_fixed_state_unchanged(log_error=False) or not self.has_power(power_name):
            return
        self.get_power(power_name).wait = wait

    def does_not_wait(self):
        """Whether every power still in the game has set its orders and does not wait."""
        return all(power.is_eliminated() or power.does_not_wait() for power in self.powers.values())

    # -------------------------------------------------------------- context
    def current_state(self):
        """The game, for ``with game.current_state():`` (the block must not see the phase
        or the board change under it)."""
        return self

    def __enter__(self):
        current = (self.get_current_phase(), self.get_hash())
        if self.fixed_state and self.fixed_state != current:
            raise RuntimeError("Game already used in a different context.")
        self.fixed_state = current
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.fixed_state = None

    def is_fixed_state_unchanged(self, log_error=True):
        """Whether the phase and board are those the ``current_state()`` block started
        with (always true outside one)."""
        current = (self.get_current_phase(), self.get_hash())
        if self.fixed_state and current != self.fixed_state:
            if log_error:
                _logging.getLogger("standoff").error("State has changed from: %s to %s", self.fixed_state, current)
            return False
        return True

    def phase_history_from_timestamp(self, timestamp):
        """The played phases from the earliest whose state was saved at ``timestamp`` or
        later (standoff's states carry timestamp 0: every phase for a timestamp of 0 or
        less, none for a later one)."""
        earliest = ""
        for state in self.state_history.reversed_values():
            if state.get("timestamp", 0) < timestamp:
                break
            earliest = state["name"]
        return self.get_phase_history(from_phase=earliest) if earliest else []

    def get_latest_timestamp(self):
        """The latest of the game's creation, its last state's and its last message's
        times."""
        latest = self.timestamp_created
        if self.state_history:
            latest = max(self.state_history.last_value().get("timestamp", 0), latest)
        if self.messages:
            latest = max(self.messages.last_key(), latest)
        return latest

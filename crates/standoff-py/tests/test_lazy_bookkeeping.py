"""The package-compatible Game builds its per-phase bookkeeping (state, order and result
history entries, ``command``, ``result``, ``dislodged``) only when it is read: what is
read later must be what an eager reader saw at the time, through every way of reading
(items, ``dict()``, copies, pickling). Also the two native calls the speed-up uses."""

import copy
import pickle
import random
import warnings

from standoff import Game, _standoff


def random_phases(game, seed, phases, eager, given=None):
    """Plays ``phases`` phases of random orders; with ``eager``, reads everything the
    package records before and after each phase, as it was then. ``given``, a dict, gets
    each phase's orders as they were set (``order_history`` leaves out a `WAIVE` that
    was void, which the phase's results list)."""
    rng = random.Random(seed)
    seen = []
    for _ in range(phases):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        for name in game.powers:
            orders = [rng.choice(possible[loc]) for loc in game.get_orderable_locations(name) if possible[loc]]
            game.set_orders(name, orders, errors="ignore")
            if given is not None:
                given.setdefault(game.get_current_phase(), {})[name] = orders
        if eager:
            before = (game.get_current_phase(), game.get_state(), game.get_orders())
        game.process()
        if eager:
            seen.append(before + (copy.deepcopy(game.result), dict(game.command), dict(game.dislodged)))
    return seen


def pair(seed=3, phases=24):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        eager, lazy = Game(), Game()
        seen = random_phases(eager, seed, phases, eager=True)
        random_phases(lazy, seed, phases, eager=False)
    return seen, lazy


def test_history_entries_read_late_are_what_was_seen_at_the_time():
    seen, lazy = pair()
    assert len(seen) == len(lazy.state_history) > 10
    for phase, state, orders, result, _, _ in seen:
        assert lazy.state_history[phase] == state
        assert lazy.state_history[phase]["zobrist_hash"] == state["zobrist_hash"]
        assert lazy.order_history[phase] == orders
        assert lazy.result_history[phase] == result


def test_last_phase_command_result_and_dislodged_are_built_when_read():
    seen, lazy = pair()
    _, _, _, result, command, dislodged = seen[-1]
    assert lazy.result == result
    assert lazy.command == command
    assert lazy.dislodged == dislodged


def test_every_way_of_reading_a_history_sees_built_values():
    seen, lazy = pair()
    states = {phase: state for phase, state, *_ in seen}
    assert dict(lazy.state_history) == states
    assert {**lazy.state_history} == states
    assert dict(lazy.state_history.items()) == states
    assert list(lazy.state_history.values()) == list(states.values())
    assert lazy.state_history.last_value() == seen[-1][1]
    assert copy.deepcopy(lazy).state_history == states
    assert pickle.loads(pickle.dumps(lazy)).result_history == {phase: r for phase, _, _, r, _, _ in seen}
    copied = copy.deepcopy(lazy)
    assert copied.result == seen[-1][3] and copied.command == seen[-1][4]


def test_native_board_is_the_state_dicts_units_centers_and_retreats():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game()
        for seed in range(3):
            random_phases(game, seed, 5, eager=False)
            native = game._native
            state = native.get_state()
            phase, boards = native.get_board()
            assert phase == state["name"]
            for name, (units, centers, retreats) in zip(native.get_map_power_names(), boards):
                assert units == [u for u in state["units"][name] if not u.startswith("*")]
                assert centers == state["centers"][name]
                assert retreats == state["retreats"][name]


def test_native_set_orders_and_get_map_is_the_power_orders_map():
    native = _standoff.Game()
    got = native.set_orders_and_get_map("FRANCE", ["A PAR - BUR", "F BRE H", "A XXX - YYY"], errors="ignore")
    assert got == {"A PAR": "- BUR", "F BRE": "H"}
    assert sorted(native.get_orders("FRANCE")) == ["A PAR - BUR", "F BRE H"]
    assert len(native.order_errors) == 1


def units_of(game):
    return {name: list(power.units) for name, power in game.powers.items()}


def test_unit_order_read_late_is_the_order_a_reader_after_every_phase_sees():
    # The package keeps units that stay in place and adds new ones (built, or moved)
    # last. A game whose Power objects are not read for many phases puts them in that
    # order when they are read, over every board in between.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reordered = False
        for seed in (1, 5):
            eager, lazy = Game(), Game()
            rng_e, rng_l = random.Random(seed), random.Random(seed)
            seen = []
            for step in range(30):
                if eager.is_game_done:
                    break
                for game, rng in ((eager, rng_e), (lazy, rng_l)):
                    possible = game.get_all_possible_orders()
                    for name in game.powers:
                        orders = [rng.choice(possible[loc]) for loc in game.get_orderable_locations(name)
                                  if possible[loc]]
                        game.set_orders(name, orders, errors="ignore")
                    game.process()
                seen.append(units_of(eager))
                if step == 12:
                    assert units_of(lazy) == seen[-1]  # read once midway, then left again
            assert units_of(lazy) == seen[-1]
            board = dict(zip(lazy.powers, lazy._native.get_unit_lists()))
            reordered |= any(units != board[name] for name, units in units_of(lazy).items())
        assert reordered  # the package's order is not simply the board's


def test_board_edits_while_the_board_is_unread_keep_the_package_unit_order():
    # set_units changes the native board and is followed by its own reordering: the
    # phases played before it (not read yet) are put in order first.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        eager, lazy = Game(), Game()
        for game in (eager, lazy):
            game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO", "A MAR H"])
            game.set_orders("ENGLAND", ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"])
            game.process()
            if game is eager:
                units_of(game)
            game.set_orders("FRANCE", ["A BUR - PIC"])
            game.process()
            if game is eager:
                units_of(game)
            game.set_units("FRANCE", ["A GAS"])
        assert units_of(lazy) == units_of(eager)
        assert lazy.get_power("FRANCE").units[-1] == "A GAS"
        assert lazy.get_power("FRANCE").units[:2] == ["A MAR", "F MAO"]


def test_ordered_units_and_copies_right_after_a_phase_are_what_an_eager_reader_saw():
    # The eager game reads every power's orders before each phase (so its Power objects
    # hold them); the lazy one leaves them in the native game.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        eager, lazy = Game(), Game()
        for step in range(14):
            for game in (eager, lazy):
                rng = random.Random(step)
                possible = game.get_all_possible_orders()
                for name in game.powers:
                    orders = [rng.choice(possible[loc]) for loc in game.get_orderable_locations(name)
                              if possible[loc]]
                    game.set_orders(name, orders, errors="ignore")
                if game is eager:
                    # The package lists them in its units' order.
                    given = {name: [unit for unit in power.units if unit in power.orders]
                             for name, power in game.powers.items()}
                game.process()
            seen = copy.deepcopy(eager.ordered_units)
            if eager.order_history.last_key()[-1] == "M":
                assert seen == given
            if step % 3 == 0:
                assert pickle.loads(pickle.dumps(lazy)).ordered_units == seen
            elif step % 3 == 1:
                assert copy.deepcopy(lazy).ordered_units == seen
        assert lazy.ordered_units == eager.ordered_units
        assert lazy.order_history == eager.order_history
        assert any(eager.ordered_units.values())


def test_orders_held_by_the_native_game_read_as_the_package_map():
    # After set_orders in a movement phase, power.orders is built when first used, and
    # edits to it are what the phase plays.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game()
        game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
        assert "orders" not in game.get_power("FRANCE").__dict__
        france = game.get_power("FRANCE")
        assert france.orders == {"A PAR": "- BUR", "F BRE": "- MAO"}
        france.orders["A MAR"] = "- SPA"
        game.process()
        assert sorted(game.order_history["S1901M"]["FRANCE"]) == ["A MAR - SPA", "A PAR - BUR", "F BRE - MAO"]
        assert "A SPA" in game.get_power("FRANCE").units


def test_copied_and_unpickled_games_play_on_with_lazy_histories():
    # A copy (or an unpickled game) files the phases it plays later as records too: its
    # histories must still know how to build their entries (they once did not: reading
    # the history of a copy that had played on raised TypeError).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        eager, given = Game(), {}
        seen = random_phases(eager, 5, 8, eager=True, given=given)
        original = Game()
        play_like(original, given, phases=4)
        for game in (original.copy(), copy.deepcopy(original), pickle.loads(pickle.dumps(original))):
            play_like(game, given)
            assert len(game.order_history) == len(seen)
            for phase, state, orders, result, _, _ in seen:
                assert game.order_history[phase] == orders
                assert game.result_history[phase] == result
                assert game.state_history[phase] == state


def play_like(game, given, phases=None):
    """Plays ``game`` on with the orders ``given`` (phase -> power -> orders) in the same
    phases (all of them, or ``phases`` of them)."""
    while game.get_current_phase() in given and phases != 0:
        for name, orders in given[game.get_current_phase()].items():
            game.set_orders(name, orders, errors="ignore")
        game.process()
        phases = None if phases is None else phases - 1


def test_a_history_replaced_by_a_plain_map_gets_built_entries():
    from standoff import SortedDict

    game = Game()
    game.process()
    game.order_history = SortedDict(dict(game.order_history))
    game.process()
    assert list(game.order_history) == ["S1901M", "F1901M"]
    assert game.order_history["F1901M"] == {name: [] for name in game.powers}


def test_games_pickle_with_every_protocol():
    # The native base class (GameCore) cannot be made by pickle's protocols 0 and 1 on
    # their own: Game says how (``__reduce_ex__``).
    game = Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.process()
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        copy_ = pickle.loads(pickle.dumps(game, protocol=protocol))
        assert copy_.get_state() == game.get_state()
        copy_.process()
        assert list(copy_.order_history) == ["S1901M", "F1901M"]


def test_a_phase_record_keeps_its_own_duplicates_and_press():
    # A phase played without duplicate orders or press shares no set or map that a
    # later phase fills: its results and messages, read late, are as they were.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game()
        state = game.get_state()
        state.update(name="F1901M", units={"FRANCE": ["A BUR", "F BRE"], "GERMANY": ["A MUN", "A RUH"]},
                     centers={"FRANCE": ["PAR", "MAR", "BRE", "BEL"], "GERMANY": ["MUN", "BER", "KIE"]})
        game.set_state(state)
        game.set_orders("GERMANY", ["A MUN - BUR", "A RUH S A MUN - BUR"])
        game.process()
        assert game.get_current_phase() == "F1901R"
        game.set_orders("FRANCE", ["A BUR R PIC"])
        game.process()
        assert game.get_current_phase() == "W1901A"
        game.add_message(standoff_message("FRANCE", "GERMANY", "hello"))
        game.set_orders("FRANCE", ["A PAR B", "A PAR B"])
        assert game.result_history["F1901R"] == {"A BUR": []}
        assert dict(game.message_history["F1901R"]) == {}
        game.process()
        assert "void" in game.result_history["W1901A"]["A PAR"]
        assert [m.message for m in game.message_history["W1901A"].values()] == ["hello"]
        assert dict(game.messages) == {}


def standoff_message(sender, recipient, text):
    from standoff import Message

    return Message(sender=sender, recipient=recipient, message=text)


def test_skipping_clean_power_objects_plays_as_reading_them():
    # process() and set_orders skip the Power objects in a phase where they hold nothing
    # of their own (`_powers_clean`). The same random calls, with orders also read,
    # edited and replaced through the Power objects now and then, must play the same on
    # a game that never skips them.
    clean_phases = clean_retreats_and_adjustments = 0
    for seed in range(4):
        rng = random.Random(seed)
        fast, slow = Game(), Game()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(40):
                if fast.is_game_done:
                    break
                possible = fast.get_all_possible_orders()
                for name in fast.powers:
                    orders = [rng.choice(possible[loc]) for loc in fast.get_orderable_locations(name)
                              if possible[loc]]
                    clean_phases += fast._powers_clean
                    clean_retreats_and_adjustments += fast._powers_clean and not fast.get_current_phase().endswith("M")
                    slow._powers_clean = False
                    for game in (fast, slow):
                        game.set_orders(name, orders)
                    touch = rng.random()
                    if fast.get_current_phase().endswith("M") and orders and touch < 0.2:
                        unit, rest = " ".join(orders[0].split()[:2]), "H"
                        for game in (fast, slow):
                            game.get_power(name).orders[unit] = rest
                    elif fast.get_current_phase().endswith("M") and orders and touch < 0.3:
                        for game in (fast, slow):
                            game.get_power(name).orders = {}
                    elif not fast.get_current_phase().endswith("M") and orders and touch < 0.2:
                        for game in (fast, slow):
                            game.get_power(name).adjust.pop()
                    elif not fast.get_current_phase().endswith("M") and touch < 0.25:
                        for game in (fast, slow):
                            game.get_power(name).adjust = []
                    elif touch < 0.4:
                        for game in (fast, slow):
                            game.get_power(name).orders
                            game.get_power(name).adjust
                slow._powers_clean = False
                fast.process()
                slow.process()
                assert fast.get_state()["units"] == slow.get_state()["units"]
                assert fast.get_current_phase() == slow.get_current_phase()
        assert dict(fast.order_history) == dict(slow.order_history)
        assert dict(fast.result_history) == dict(slow.result_history)
    assert clean_phases > 100  # the skipping was exercised
    assert clean_retreats_and_adjustments > 20


def test_process_bookkeeping_is_not_a_python_method():
    # process()'s bookkeeping before and after the play is internal: a script calling it
    # out of turn would leave a game half processed.
    game = Game()
    for name in ("_before_process", "_after_process", "before_process", "after_process"):
        assert not hasattr(game, name), name


def test_a_game_in_a_reference_cycle_through_its_native_fields_is_collected():
    # What process() leaves for later lives in fields of the native base class
    # (``GameCore``) and of each phase's record (``PlayedCore``): Python's cycle
    # collector must see through them, or a game referred to from its own fields
    # (here through the record of its last phase, and through its pending outcome)
    # would never be freed.
    import gc
    import weakref

    game = Game()
    random_phases(game, 3, 2, eager=False)
    assert game._outcome is not None  # the last phase's labels are not worked out yet
    game._outcome.note = game  # record -> game -> record
    game._snap = game  # game -> game, through a GameCore field
    alive = weakref.ref(game)
    del game
    gc.collect()
    assert alive() is None


def test_process_leaves_few_containers_alive(mila_data):
    """``process()`` keeps no tuple or dict of its own a phase (the phase's record holds
    what its history entries and ``popped`` need): Python's collector of young objects,
    which walks every container made since it last ran, then runs about half as often
    in a loop of ``process()`` calls. A phase leaves its record and its ``PhaseData``,
    and a retreat or adjustment phase one empty list of ``adjust`` orders (before: 3.6
    containers a phase over these phases)."""
    import gc
    import json

    phases = []
    with open(mila_data / "random-seed1.jsonl") as f:
        for line in f:
            if line.strip():
                phases += json.loads(line)["phases"][:-1]
    games = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for phase in phases:
            game = Game()
            game.set_state(phase["state"])
            for power, orders in phase["orders"].items():
                game.set_orders(power, list(orders or []), errors="ignore")
            games.append(game)
    kinds = {kind: sum(p["name"].endswith(kind) for p in phases) for kind in "MRA"}
    assert min(kinds.values()) > 20, kinds  # every kind of phase is played
    gc.collect()
    gc.disable()
    try:
        before = gc.get_count()[0]
        for game in games:
            game.process()
        made = gc.get_count()[0] - before
    finally:
        gc.enable()
    assert made <= 2 * len(games) + kinds["R"] + kinds["A"], (made, len(games), kinds)

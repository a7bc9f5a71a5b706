"""``standoff.SortedDict``: the package's constructor and members (the package's own tests
run in the contract, ``contract/run_contract.py``), and standoff's kind (the histories)
through copies and pickles."""

import copy
import pickle

import pytest

import standoff
from standoff import SortedDict


def test_package_form_orders_and_checks_types():
    made = SortedDict(int, str, {5: "five", 1: "one"})
    made[3] = "three"
    assert list(made) == [1, 3, 5] and made.key_type is int and made.val_type is str
    assert isinstance(made, dict) and made == {1: "one", 3: "three", 5: "five"}
    with pytest.raises(TypeError, match="value of type str"):
        made[7] = 7.0
    with pytest.raises(TypeError, match="key of type int"):
        made["7"] = "seven"
    assert list(made) == [1, 3, 5]  # nothing was put
    assert SortedDict(int, str, kwargs={2: "two"}) == SortedDict.builder(int, str)({2: "two"})


@pytest.mark.parametrize("args", [(int,), (int, str, {}, {}), (int, "str"), (int, str, [1, 2])])
def test_package_form_refuses_bad_arguments(args):
    with pytest.raises(TypeError):
        SortedDict(*args)


def test_neighbours_and_ranges():
    made = SortedDict(int, str, {k: str(k) for k in (2, 4, 6, 8)})
    assert made.get_previous_key(5) == 4 and made.get_next_key(5) == 6
    assert made.get_previous_key(2) is None and made.get_next_key(8) is None
    assert made.key_from_index(-1) == 8 and made.key_from_index(4) is None
    assert made.last_item() == (8, "8") and made.reversed_items()[0] == (8, "8")
    assert made.sub(3, 7) == ["4", "6"] and made.sub_keys(None, 4) == [2, 4]
    made.remove_sub(3, 7)
    assert list(made) == [2, 8] and made.remove(2) == "2" and made.remove(2) is None


def test_types_decide_equality():
    assert SortedDict(float, int) != SortedDict(float, bool)
    assert SortedDict(float, int, {1.0: 1}) == SortedDict(float, int, {1.0: 1})
    assert SortedDict(float, int, {1.0: 1}) != SortedDict({1.0: 1})


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_both_kinds_copy_and_pickle(protocol):
    typed = SortedDict(str, int, {"b": 2, "a": 1})
    phases = SortedDict({"F1901M": 2, "S1901M": 1})
    for made in (typed, phases):
        for other in (made.copy(), copy.deepcopy(made), pickle.loads(pickle.dumps(made, protocol))):
            assert type(other) is SortedDict and other == made and list(other) == list(made)
            assert (other.key_type, other.val_type) == (made.key_type, made.val_type)
    assert list(phases) == ["S1901M", "F1901M"]
    # Pickles made before the class had its own module name this function.
    assert standoff._compat._sorted_dict({"a": 1}, standoff._compat.phase_sort_key) == {"a": 1}


def test_histories_copied_stay_histories():
    game = standoff.Game()
    game.process()
    history = copy.deepcopy(game.order_history)
    assert history == game.order_history and history.key_type is None
    assert history.get_previous_key("F1901M") == "S1901M"
    game.order_history = copy.copy(game.order_history)
    game.process()
    assert list(game.order_history) == ["S1901M", "F1901M"]

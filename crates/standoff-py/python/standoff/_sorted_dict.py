"""``SortedDict``: the ``diplomacy`` package's ordered map (``diplomacy.utils.sorted_dict``),
as a ``dict`` whose keys are kept in order.

Two ways to make one:

* the package's, ``SortedDict(key_type, val_type, kwargs=None)``: keys in their natural
  order (``<``), each key and value checked against its type (``TypeError``), ``key_type``
  and ``val_type`` readable, and two such dicts equal only if their types are the same;
  ``SortedDict.builder(key_type, val_type)`` makes a function building them;
* standoff's, ``SortedDict(mapping_or_items, sort_key=...)``: keys ordered by ``sort_key``
  (phase names in game order by default), no types (``key_type`` and ``val_type`` are
  ``None``). The game's histories, press and controller maps are of this kind.

Both are real ``dict`` subclasses (JSON-serialisable, ``dict(...)`` copies them) with the
package's helpers: ``put``, ``remove``, ``first_key`` / ``last_key`` / ``first_value`` /
``last_value`` / ``last_item``, ``get_previous_key`` / ``get_next_key``,
``key_from_index``, ``sub_keys`` / ``sub`` / ``remove_sub``, ``reversed_values`` /
``reversed_items``, ``fill``. Unlike the package's, ``del d[key]`` of a missing key raises
``KeyError`` (``remove`` returns ``None``, as the package's does).
"""

import copy as _copy

from ._compat_map import phase_sort_key


def natural_order(key):
    """The sort key of the package's kind: the key itself."""
    return key


class SortedDict(dict):
    """A ``dict`` kept in key order, with the package's ``SortedDict`` members (see the
    module's documentation for the two ways to make one)."""

    def __init__(self, *args, sort_key=phase_sort_key, **kwargs):
        super().__init__()
        if args and isinstance(args[0], type):
            # The package's form: SortedDict(key_type, val_type, kwargs=None).
            if len(args) not in (2, 3) or not isinstance(args[1], type) or set(kwargs) - {"kwargs"}:
                raise TypeError("SortedDict(key_type, val_type, kwargs=None) takes two types "
                                "and an optional mapping")
            self._types = (args[0], args[1])
            self._sort_key = natural_order
            initial = args[2] if len(args) == 3 else kwargs.get("kwargs")
            if initial is not None:
                if not hasattr(initial, "items"):
                    raise TypeError(f"SortedDict's initial values must be a mapping, not {type(initial).__name__}")
                self.fill(initial)
            return
        self._types = None
        self._sort_key = sort_key
        if args or kwargs:
            for key, value in dict(*args, **kwargs).items():
                self.put(key, value)

    @staticmethod
    def builder(key_type, val_type):
        """A function making a ``SortedDict(key_type, val_type, mapping)`` of a mapping."""
        return lambda mapping: SortedDict(key_type, val_type, mapping)

    @classmethod
    def _empty(cls, sort_key):
        """An empty one of standoff's kind (quicker than the constructor)."""
        new = cls.__new__(cls)
        new._types = None
        new._sort_key = sort_key
        return new

    def _like(self, items):
        """A new one of the same kind and types holding ``items`` (a mapping)."""
        new = self._empty(self._sort_key)
        new._types = self._types
        for key, value in items.items():
            new.put(key, value)
        return new

    @property
    def key_type(self):
        """The keys' type (``None`` for standoff's kind)."""
        return self._types[0] if self._types else None

    @property
    def val_type(self):
        """The values' type (``None`` for standoff's kind)."""
        return self._types[1] if self._types else None

    def __reduce__(self):
        return (_rebuild, (dict(self), self._sort_key, self._types))

    def __deepcopy__(self, memo):
        return self._like({k: _copy.deepcopy(v, memo) for k, v in self.items()})

    def copy(self):
        return self._like(dict(self))

    def __eq__(self, other):
        if isinstance(other, SortedDict) and (self._types or other._types) and self._types != other._types:
            return False
        return dict.__eq__(self, other)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None

    def put(self, key, value):
        """Sets ``key`` to ``value``, the key in its place."""
        if self._types:
            key_type, val_type = self._types
            if not isinstance(key, key_type):
                raise TypeError(f"expected a key of type {key_type.__name__}, got {type(key).__name__}")
            if not isinstance(value, val_type):
                raise TypeError(f"expected a value of type {val_type.__name__}, got {type(value).__name__}")
        if key in self or not self:
            dict.__setitem__(self, key, value)
            return
        # The stored values as they are (a subclass may build them when read).
        sort_key = self._sort_key
        if sort_key(key) < sort_key(next(reversed(dict.keys(self)))):
            items = sorted([*dict.items(self), (key, value)], key=lambda kv: sort_key(kv[0]))
            dict.clear(self)
            dict.update(self, items)
        else:
            dict.__setitem__(self, key, value)

    __setitem__ = put

    def fill(self, mapping):
        """Puts each key and value of ``mapping``."""
        for key, value in mapping.items():
            self.put(key, value)

    def remove(self, key):
        """Removes ``key`` and gives its value (``None`` if it is not there)."""
        return self.pop(key, None)

    def first_key(self):
        return next(iter(self.keys()))

    def last_key(self):
        return next(reversed(self.keys()))

    def first_value(self):
        return self[self.first_key()]

    def last_value(self):
        return self[self.last_key()]

    def last_item(self):
        key = self.last_key()
        return key, self[key]

    def key_from_index(self, index):
        """The key at ``index`` (negative from the end), ``None`` past either end."""
        keys = list(self.keys())
        return keys[index] if -len(keys) <= index < len(keys) else None

    def _bound(self, key):
        """The sort key of ``key`` used as a bound (a phase given as any object: its
        name, ``str(key)``)."""
        return self._sort_key(str(key) if self._sort_key is phase_sort_key else key)

    def get_previous_key(self, key):
        """The greatest key before ``key`` (which need not be there), or ``None``."""
        bound = self._bound(key)
        before = [k for k in self.keys() if self._sort_key(k) < bound]
        return before[-1] if before else None

    def get_next_key(self, key):
        """The smallest key after ``key`` (which need not be there), or ``None``."""
        bound = self._bound(key)
        return next((k for k in self.keys() if self._sort_key(k) > bound), None)

    def reversed_values(self):
        return list(reversed(list(self.values())))

    def reversed_items(self):
        return list(reversed(list(self.items())))

    def sub_keys(self, key_from=None, key_to=None):
        """The keys from ``key_from`` to ``key_to``, both included (either may be absent;
        ``None``: from the first, to the last)."""
        lo = self._bound(key_from) if key_from is not None else None
        hi = self._bound(key_to) if key_to is not None else None
        return [k for k in self.keys()
                if (lo is None or self._sort_key(k) >= lo) and (hi is None or self._sort_key(k) <= hi)]

    def sub(self, key_from=None, key_to=None):
        """The values of ``sub_keys(key_from, key_to)``."""
        return [self[k] for k in self.sub_keys(key_from, key_to)]

    def remove_sub(self, key_from=None, key_to=None):
        """Removes the keys of ``sub_keys(key_from, key_to)``."""
        for key in self.sub_keys(key_from, key_to):
            dict.__delitem__(self, key)


def _rebuild(items, sort_key, types=None):
    """Unpickles a ``SortedDict`` (``types``: the package's kind's, or None)."""
    if types:
        return SortedDict(*types, items)
    return SortedDict(items, sort_key=sort_key)

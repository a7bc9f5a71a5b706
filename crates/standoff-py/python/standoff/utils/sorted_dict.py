"""``diplomacy.utils.sorted_dict``: the ``SortedDict`` the histories are."""

from .._sorted_dict import SortedDict

__all__ = ["SortedDict"]

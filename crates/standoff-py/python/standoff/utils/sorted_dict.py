"""``diplomacy.utils.sorted_dict``: the ``SortedDict`` the histories are."""

from .._compat import SortedDict

__all__ = ["SortedDict"]

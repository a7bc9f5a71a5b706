"""The ``diplomacy`` package's ``diplomacy.utils`` modules that scripts import from
(``export``, ``sorted_dict``), so ``from standoff.utils.export import ...`` works where
``from diplomacy.utils.export import ...`` did."""

from . import export, sorted_dict

__all__ = ["export", "sorted_dict"]

"""The ``diplomacy`` package's ``diplomacy.utils`` modules that scripts import from
(``export``, ``sorted_dict``, ``game_phase_data``, ``order_results``, ``exceptions``), so ``from standoff.utils.export import ...`` works where
``from diplomacy.utils.export import ...`` did."""

from . import exceptions, export, game_phase_data, order_results, sorted_dict

__all__ = ["exceptions", "export", "game_phase_data", "order_results", "sorted_dict"]

"""``diplomacy.utils.game_phase_data``: ``GamePhaseData`` (one phase's name, state,
orders, results and press; ``to_dict()`` / ``from_dict()``)."""

from .._compat import GamePhaseData

__all__ = ["GamePhaseData"]

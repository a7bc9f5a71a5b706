"""``diplomacy.engine.game``: ``Game``."""

from .._compat import Game

__all__ = ["Game"]

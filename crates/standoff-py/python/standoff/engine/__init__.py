"""The ``diplomacy`` package's ``diplomacy.engine`` modules that scripts import from
(``game``, ``map``, ``power``, ``message``, ``renderer``), so ``from standoff.engine.game import Game``
works where ``from diplomacy.engine.game import Game`` did."""

from . import game, map, message, power, renderer

__all__ = ["game", "map", "message", "power", "renderer"]

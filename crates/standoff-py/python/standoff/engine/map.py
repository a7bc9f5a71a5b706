"""``diplomacy.engine.map``: ``Map``."""

from .._compat_map import Map

__all__ = ["Map"]

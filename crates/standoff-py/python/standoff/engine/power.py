"""``diplomacy.engine.power``: ``Power``."""

from .._compat import Power

__all__ = ["Power"]

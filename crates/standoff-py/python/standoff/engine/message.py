"""``diplomacy.engine.message``: ``Message``."""

from .._compat import Message

__all__ = ["Message"]

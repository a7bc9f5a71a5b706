"""``diplomacy.engine.message``: ``Message`` and the special recipients and senders
(``GLOBAL``: every power; ``OBSERVER``, ``OMNISCIENT``: those watching; ``SYSTEM``: the
game itself)."""

from .._compat import Message

GLOBAL = "GLOBAL"
OBSERVER = "OBSERVER"
OMNISCIENT = "OMNISCIENT"
SYSTEM = "SYSTEM"

__all__ = ["GLOBAL", "Message", "OBSERVER", "OMNISCIENT", "SYSTEM"]

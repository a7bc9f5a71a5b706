"""The ``diplomacy`` package's exception names (``diplomacy.utils.exceptions``), so that
a script's ``except`` clauses naming them work with ``standoff``.

Every class here is a ``standoff.StandoffError`` (so a ``ValueError``), and
``DiplomacyException`` is the base of the others, as in the package. A local
``standoff.Game`` raises five of them where the package raises the same:
``MapPowerException`` (a power name that is no power of the game),
``GamePhaseException`` (a message dated another phase than the current one),
``NaturalIntegerException`` (a ``deadline`` or ``n_controls`` that is not a natural
integer), ``RandomPowerException`` (no dummy power left to choose) and
``DiplomacyException`` itself (a bad registration password; a power someone else
controls). The others name errors of the package's network server and client, which
standoff does not offer (its judge is ``standoff serve``): they are never raised, and
are here only to be named. The messages are standoff's own; ``message`` holds the
message, as the package's ``message`` attribute does.
"""

from .._package_exceptions import *  # noqa: F401,F403 - the package's names
from .._package_exceptions import __all__  # noqa: F401

"""standoff: a Diplomacy adjudicator written in Rust, for Python.

Two interfaces over one engine:

* ``standoff.Game`` follows the ``diplomacy`` package's ``Game`` (same method names and
  return shapes), so most scripts port by changing the import::

      import standoff as diplomacy            # was: import diplomacy
      game = diplomacy.Game()
      game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR"])
      game.process()

  Unlike the package, orders that cannot be read or are illegal are never dropped
  silently: they are recorded (``game.order_errors``, ``PhaseData.order_errors``) and
  announced with an ``OrderWarning`` (or raised, with ``set_orders(..., errors="raise")``).

* A native API: ``Variant``, ``Position`` (immutable boards that ``repr`` round-trips),
  typed ``Order`` objects (``parse_order``), and batch entry points that release the GIL
  and use every core (``adjudicate_many``, ``step_many``).

Errors are ``StandoffError`` (a ``ValueError``) and its subclasses ``InvalidOrderError``
(``AmbiguousOrderError``), ``IllegalOrderError`` and ``InvalidStateError``.
"""

from ._standoff import (
    AdjudicationResult,
    AmbiguousOrderError,
    Game,
    IllegalOrderError,
    InvalidOrderError,
    InvalidStateError,
    Order,
    OrderWarning,
    PhaseData,
    Position,
    PowerView,
    RejectedOrder,
    StandoffError,
    Variant,
    __version__,
    adjudicate_many,
    from_saved_game_format,
    load_saved_games,
    parse_order,
    step_many,
    to_saved_game_format,
)

#: The ``diplomacy`` package's name for ``load_saved_games``
#: (``diplomacy.utils.export.load_saved_games_from_disk``).
load_saved_games_from_disk = load_saved_games

__all__ = [
    "AdjudicationResult",
    "AmbiguousOrderError",
    "Game",
    "IllegalOrderError",
    "InvalidOrderError",
    "InvalidStateError",
    "Order",
    "OrderWarning",
    "PhaseData",
    "Position",
    "PowerView",
    "RejectedOrder",
    "StandoffError",
    "Variant",
    "__version__",
    "adjudicate_many",
    "from_saved_game_format",
    "load_saved_games",
    "load_saved_games_from_disk",
    "parse_order",
    "step_many",
    "to_saved_game_format",
]

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
  typed ``Order`` objects (``parse_order``), and ``adjudicate_many``, which releases the
  GIL and uses every core; ``step_many`` steps many ``Game`` objects at once.

Errors are ``StandoffError`` (a ``ValueError``) and its subclasses ``InvalidOrderError``
(``AmbiguousOrderError``), ``IllegalOrderError`` and ``InvalidStateError``.
"""

import os

from ._standoff import (
    AdjudicationResult,
    AmbiguousOrderError,
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
    parse_order,
)
from . import _standoff
from ._compat import Game, GamePhaseData, Message, Power, RuleWarning, SortedDict
from ._compat_map import Map, package_board as _package_board


def step_many(games):
    """Plays the current phase of each ``Game`` (orders already set), as ``process()`` on
    each would. Each game's Python bookkeeping runs on the calling thread, with the GIL,
    while another thread plays the games already prepared (two cores at most); fewer
    than 32 games, or one core, and each game's ``process()`` runs in turn. Returns
    each game's ``PhaseData`` (None for a game that is over)."""
    return _standoff.step_compatible_games(games)


def set_helper_awake_time(seconds):
    """Sets how long the thread that plays ``step_many``'s games stays awake after each
    call (spinning, yielding its core to any other thread that needs it) before it
    sleeps, and gives the previous setting. 0, the default, sleeps at once. On a
    virtual machine a sleeping thread wakes 0.1-0.2 ms late, a tenth of a call of 200
    games: a loop that calls ``step_many`` again within this time gains that, at the
    cost of a core kept busy between calls. The environment variable
    ``STANDOFF_HELPER_AWAKE_MS`` sets it when standoff is imported."""
    return _standoff.set_helper_awake_time(float(seconds))


def _awake_time_from_environment():
    text = os.environ.get("STANDOFF_HELPER_AWAKE_MS")
    if text is None or not text.strip():
        return
    try:
        millis = float(text)
        set_helper_awake_time(millis / 1000.0)
    except ValueError:
        raise ValueError(
            "STANDOFF_HELPER_AWAKE_MS must be a number of milliseconds from 0 to 3600000, "
            "not %r" % text
        ) from None


_awake_time_from_environment()


def to_saved_game_format(game, output_path=None, output_mode="a"):
    """The package's saved-game dict of ``game`` (also written to ``output_path`` as one
    JSON line when given: ``output_mode`` ``"a"`` appends, ``"w"`` overwrites; the file is
    replaced atomically)."""
    saved = game.to_saved_game_format()
    if output_path is not None:
        _standoff.write_json_line(saved, str(output_path), output_mode)
    return saved


def from_saved_game_format(saved_game):
    """A ``Game`` replaying a saved game (the package's format); its press and rules are
    kept. Its ``map`` is the package's map name (``colonial`` is the package's board)."""
    replayed = saved_game
    if isinstance(saved_game, dict) and isinstance(saved_game.get("map"), str):
        board = _package_board(saved_game["map"])
        if board != saved_game["map"]:
            replayed = dict(saved_game, map=board)
    return Game._wrap(_standoff.from_saved_game_format(replayed), saved_game)


def is_valid_saved_game(saved_game):
    """Whether ``saved_game`` loads: it is a dict in the package's format whose orders
    standoff can replay (a ``UserWarning`` says where standoff's board differs from the
    recorded one)."""
    if not isinstance(saved_game, dict) or not saved_game.get("id") or "phases" not in saved_game:
        return False
    try:
        from_saved_game_format(saved_game)
    except (ValueError, TypeError, KeyError):
        return False
    return True


def load_saved_games(path, on_error="raise"):
    """Every game of a saved-game file (JSON, or JSON lines), as ``Game`` objects
    (``on_error``: ``"raise"``, ``"warn"`` or ``"ignore"`` for games that cannot be read)."""
    games = []
    for i, saved in enumerate(_standoff.read_saved_games(path, on_error)):
        try:
            games.append(from_saved_game_format(saved))
        except (ValueError, TypeError) as err:
            if on_error == "raise":
                raise InvalidStateError(f"{path}: game {i}: {err}") from err
            if on_error == "warn":
                import warnings
                warnings.warn(f"{path}: game {i} skipped: {err}", UserWarning, stacklevel=2)
    return games


#: The ``diplomacy`` package's name for ``load_saved_games``
#: (``diplomacy.utils.export.load_saved_games_from_disk``).
load_saved_games_from_disk = load_saved_games

# The package's module paths (``diplomacy.utils.export``, ``diplomacy.engine.game``...),
# imported last: they take their names from this module.
from . import engine, utils  # noqa: E402

__all__ = [
    "AdjudicationResult",
    "AmbiguousOrderError",
    "Game",
    "GamePhaseData",
    "Map",
    "Message",
    "Power",
    "SortedDict",
    "IllegalOrderError",
    "InvalidOrderError",
    "InvalidStateError",
    "Order",
    "OrderWarning",
    "RuleWarning",
    "PhaseData",
    "Position",
    "PowerView",
    "RejectedOrder",
    "StandoffError",
    "Variant",
    "__version__",
    "adjudicate_many",
    "engine",
    "from_saved_game_format",
    "load_saved_games",
    "load_saved_games_from_disk",
    "is_valid_saved_game",
    "parse_order",
    "set_helper_awake_time",
    "step_many",
    "to_saved_game_format",
    "utils",
]

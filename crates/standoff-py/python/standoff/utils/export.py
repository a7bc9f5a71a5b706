"""``diplomacy.utils.export``: saved games in the package's format (see the top-level
functions of ``standoff`` of the same names)."""

from .. import (
    from_saved_game_format,
    is_valid_saved_game,
    load_saved_games_from_disk,
    to_saved_game_format,
)

__all__ = ["from_saved_game_format", "is_valid_saved_game", "load_saved_games_from_disk", "to_saved_game_format"]

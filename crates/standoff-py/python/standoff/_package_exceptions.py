"""The ``diplomacy`` package's exception names, as ``StandoffError`` subclasses: the
classes of ``standoff.utils.exceptions`` (see there), kept here so that the game's own
modules can raise them without importing ``standoff.utils`` (which imports them)."""

from ._standoff import StandoffError

# The classes' module is the public one (their repr, and pickles, name it).
_PUBLIC = "standoff.utils.exceptions"


class DiplomacyException(StandoffError):
    """An error of the game (the base of the package's exception names)."""

    __module__ = _PUBLIC

    @property
    def message(self):
        return " ".join(str(arg) for arg in self.args) or (self.__doc__ or "").strip()


class ResponseException(DiplomacyException):
    """An error a server would send back."""

    __module__ = _PUBLIC


class AlreadyScheduledException(DiplomacyException):
    """Something already scheduled."""

    __module__ = _PUBLIC


class CommonKeyException(DiplomacyException):
    """A key in two dicts that must not share one."""

    __module__ = _PUBLIC


class KeyException(DiplomacyException):
    """A key that is not there."""

    __module__ = _PUBLIC


class LengthException(DiplomacyException):
    """A sequence of the wrong length."""

    __module__ = _PUBLIC


class NaturalIntegerException(DiplomacyException):
    """A number that must be a natural integer."""

    __module__ = _PUBLIC


class NotificationException(DiplomacyException):
    """A notification that cannot be handled."""

    __module__ = _PUBLIC


class RandomPowerException(DiplomacyException):
    """Too few powers to choose from at random."""

    __module__ = _PUBLIC


class TypeException(DiplomacyException):
    """A value of the wrong type."""

    __module__ = _PUBLIC


class ValueException(DiplomacyException):
    """A value that is not allowed."""

    __module__ = _PUBLIC


class AdminTokenException(ResponseException):
    """A token without administrator rights."""

    __module__ = _PUBLIC


class DaidePortException(ResponseException):
    """A DAIDE port that cannot be used."""

    __module__ = _PUBLIC


class FolderException(ResponseException):
    """A server folder that is not there."""

    __module__ = _PUBLIC


class GameCanceledException(ResponseException):
    """A game that was cancelled."""

    __module__ = _PUBLIC


class GameCreationException(ResponseException):
    """A game that cannot be created."""

    __module__ = _PUBLIC


class GameFinishedException(ResponseException):
    """A game that is over."""

    __module__ = _PUBLIC


class GameIdException(ResponseException):
    """A game id that is wrong or taken."""

    __module__ = _PUBLIC


class GameJoinRoleException(ResponseException):
    """A role that cannot join the game."""

    __module__ = _PUBLIC


class GameMasterTokenException(ResponseException):
    """A token without game master rights."""

    __module__ = _PUBLIC


class GameNotPlayingException(ResponseException):
    """A game that is not being played."""

    __module__ = _PUBLIC


class GameObserverException(ResponseException):
    """A token that cannot observe the game."""

    __module__ = _PUBLIC


class GamePhaseException(ResponseException):
    """Data for another phase than the current one."""

    __module__ = _PUBLIC


class GamePlayerException(ResponseException):
    """A token that does not play the power."""

    __module__ = _PUBLIC


class GameRegistrationPasswordException(ResponseException):
    """A wrong game password."""

    __module__ = _PUBLIC


class GameRoleException(ResponseException):
    """A role that cannot do this."""

    __module__ = _PUBLIC


class GameSolitaireException(ResponseException):
    """A solitaire game that takes no players."""

    __module__ = _PUBLIC


class GameTokenException(ResponseException):
    """A token that is not in the game."""

    __module__ = _PUBLIC


class MapIdException(ResponseException):
    """A map that is not there."""

    __module__ = _PUBLIC


class MapPowerException(ResponseException):
    """A power name that is no power of the map."""

    __module__ = _PUBLIC


class PasswordException(ResponseException):
    """A wrong password."""

    __module__ = _PUBLIC


class RequestException(ResponseException):
    """A request that cannot be handled."""

    __module__ = _PUBLIC


class ServerDirException(ResponseException):
    """A server directory that cannot be used."""

    __module__ = _PUBLIC


class ServerRegistrationException(ResponseException):
    """Registration that is not open."""

    __module__ = _PUBLIC


class TokenException(ResponseException):
    """A token that is not known."""

    __module__ = _PUBLIC


class UserException(ResponseException):
    """A user name or password that is wrong."""

    __module__ = _PUBLIC


class NaturalIntegerNotNullException(NaturalIntegerException):
    """A number that must be a natural integer above 0."""

    __module__ = _PUBLIC


__all__ = [
    "AdminTokenException",
    "AlreadyScheduledException",
    "CommonKeyException",
    "DaidePortException",
    "DiplomacyException",
    "FolderException",
    "GameCanceledException",
    "GameCreationException",
    "GameFinishedException",
    "GameIdException",
    "GameJoinRoleException",
    "GameMasterTokenException",
    "GameNotPlayingException",
    "GameObserverException",
    "GamePhaseException",
    "GamePlayerException",
    "GameRegistrationPasswordException",
    "GameRoleException",
    "GameSolitaireException",
    "GameTokenException",
    "KeyException",
    "LengthException",
    "MapIdException",
    "MapPowerException",
    "NaturalIntegerException",
    "NaturalIntegerNotNullException",
    "NotificationException",
    "PasswordException",
    "RandomPowerException",
    "RequestException",
    "ResponseException",
    "ServerDirException",
    "ServerRegistrationException",
    "TokenException",
    "TypeException",
    "UserException",
    "ValueException",
]

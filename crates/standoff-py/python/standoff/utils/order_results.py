"""``diplomacy.utils.order_results``: the result labels as constants (``BOUNCE``,
``VOID`` ...). Each is a ``str`` equal to the label ``standoff.Game`` writes in
``result_history``, ``get_order_status()`` and ``PhaseData.results`` (``BOUNCE ==
"bounce"``), with the package's ``code`` and ``message``."""

__all__ = ["OrderResult", "OK", "NO_CONVOY", "BOUNCE", "VOID", "CUT", "DISLODGED", "DISRUPTED", "DISBAND", "MAYBE"]

ORDER_RESULT_OFFSET = 10000


class OrderResult(str):
    """A result label (a string) with the package's numeric ``code``."""

    def __new__(cls, code, message):
        label = super().__new__(cls, message)
        label.code = code
        return label

    @property
    def message(self):
        return str(self)

    def __reduce__(self):
        return OrderResult, (self.code, str(self))


OK = OrderResult(0, "")
NO_CONVOY = OrderResult(ORDER_RESULT_OFFSET + 1, "no convoy")
BOUNCE = OrderResult(ORDER_RESULT_OFFSET + 2, "bounce")
VOID = OrderResult(ORDER_RESULT_OFFSET + 3, "void")
CUT = OrderResult(ORDER_RESULT_OFFSET + 4, "cut")
DISLODGED = OrderResult(ORDER_RESULT_OFFSET + 5, "dislodged")
DISRUPTED = OrderResult(ORDER_RESULT_OFFSET + 6, "disrupted")
DISBAND = OrderResult(ORDER_RESULT_OFFSET + 7, "disband")
MAYBE = OrderResult(ORDER_RESULT_OFFSET + 8, "maybe")

"""``diplomacy.engine.renderer``: ``Renderer(game).render(...)`` draws the game as
``game.render(...)`` does (standoff's own map artwork; SVG, or PNG bytes)."""

__all__ = ["Renderer"]


class Renderer:
    """Draws a ``standoff.Game``. ``svg_path`` (the package's map artwork file) is not
    taken: standoff draws every variant with its own artwork, and says so rather than
    ignore the file."""

    def __init__(self, game, svg_path=None):
        if svg_path is not None:
            raise ValueError("standoff draws its own map artwork: Renderer(game) takes no svg_path")
        self.game = game

    def render(self, incl_orders=True, incl_abbrev=False, output_format="svg", output_path=None):
        """The map with the units, centers and (``incl_orders``) the current phase's
        orders: SVG text, or PNG bytes with ``output_format="png"``; also written to
        ``output_path`` when given."""
        return self.game.render(incl_orders=incl_orders, incl_abbrev=incl_abbrev, output_format=output_format,
                                output_path=output_path)

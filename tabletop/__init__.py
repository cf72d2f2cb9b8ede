"""tabletop: a desktop card-game table. The package root registers the built-in games with the engine
(`tabletop.games`, imported lazily game by game), so the engine never imports a game."""
from tabletop import games as _games
from tabletop.engine import controller as _controller

_controller.add_source(_games)

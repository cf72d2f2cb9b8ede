"""The game `danmaku` (rulesets/danmaku): importing the package registers its controller, `Danmaku`."""
from .controller import Danmaku

__all__ = ["Danmaku"]

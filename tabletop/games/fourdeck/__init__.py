"""The game `fourdeck` (rulesets/fourdeck): importing the package registers its controller, `FourDeck`."""
from .controller import FourDeck

__all__ = ["FourDeck"]

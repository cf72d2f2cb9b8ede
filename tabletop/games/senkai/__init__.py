"""The game `senkai` (rulesets/senkai): importing the package registers its controller, `Senkai`."""
from .controller import Senkai

__all__ = ["Senkai"]

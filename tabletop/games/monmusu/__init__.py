"""The game `monmusu` (rulesets/monmusu): importing the package registers its controller, `Monmusu`."""
from .controller import Monmusu

__all__ = ["Monmusu"]

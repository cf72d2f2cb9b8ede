"""The game `ijinden` (rulesets/ijinden): importing the package registers its controller, `Ijinden`."""
from .controller import Ijinden

__all__ = ["Ijinden"]

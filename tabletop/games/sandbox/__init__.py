"""The game `sandbox` (rulesets/sandbox): importing the package registers its controller, `Sandbox`."""
from .controller import Sandbox

__all__ = ["Sandbox"]

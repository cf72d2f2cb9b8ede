"""The controller `declared` (tabletop/declared/): any game whose rules are declared in YAML. Importing
this package registers it, found by the games source as the five games' packages are."""
from tabletop.declared.controller import Declared

__all__ = ["Declared"]

"""Registers the `declared` controller (tabletop/declared/): games whose rules are declared in YAML."""
from tabletop.declared.controller import Declared  # noqa: F401  (registers on import)

"""The rules engine: plain Python, never imports pygame.

The public API is small: `Game`, `Action`, `Event`, `View`, `Outcome`, `IllegalAction`,
`DataError`, the `Controller` base with `register`, and the data loaders.
"""
from .action import Action, Event
from .controller import Controller, controller_class, controller_ids, register
from .errors import DataError, DataErrors, IllegalAction, SaveError, TabletopError
from .game import Game
from .ruleset import CardDef, DeckList, Ruleset, load_ruleset, ruleset_ids
from .state import Card, Outcome, State, zone_key
from .view import CardView, View

__all__ = ["Action", "Event", "Controller", "controller_class", "controller_ids", "register", "DataError",
           "DataErrors", "IllegalAction", "SaveError", "TabletopError", "Game", "CardDef", "DeckList", "Ruleset",
           "load_ruleset", "ruleset_ids", "Card", "Outcome", "State", "zone_key", "CardView", "View"]

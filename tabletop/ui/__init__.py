"""The window: a stack of pygame scenes (main menu, table) drawn with pygame-ce and pygame_gui.

Nothing here changes game state except through the engine's `Game` API, and the table draws only
`Game.view(seat)`.
"""

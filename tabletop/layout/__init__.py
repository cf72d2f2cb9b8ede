"""Card faces from data: layouts (`rulesets/<id>/layout.yaml`), the renderer, the studio and the export.

`CardRenderer(ruleset)` draws faces and backs for the table, the studio and the print export;
`load_layout(path)` reads and checks a layout file (errors name `path:line`).
"""
from .model import Layout, KindLayout, Region, default_layout, load_layout
from .render import CardRenderer

__all__ = ["CardRenderer", "Layout", "KindLayout", "Region", "default_layout", "load_layout"]

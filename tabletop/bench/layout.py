from tabletop.layout.bench import run  # noqa: F401  (card-face rendering figures)

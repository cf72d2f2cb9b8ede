"""Every label of the new-game page fits its text, for every ruleset and both interface languages
(pygame_gui warns "Label Rect is too small for text" when a label cuts its text off)."""
import warnings

import pytest

from tabletop.engine import ruleset_ids
from tabletop.ui.menu import MenuScene


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("ruleset_id", [r for r in ruleset_ids() if r != "tiny"])
def test_new_game_page_cuts_no_text(app, ruleset_id, language):
    app.settings["language"] = language
    menu = MenuScene(app)
    app.push(menu)
    menu.ruleset_id = ruleset_id
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        menu.show("new")
        app.step()
    cut = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert not cut, cut

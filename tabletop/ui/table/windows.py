"""Windows over the table that teach: the briefing page (new game, menu, F1) and the searchable rules.

The rules are the project's own `docs/rules/<id>.md` (every rule with its id), found next to the
package (`<repo>/docs/rules/`), else as `rules.md` in the ruleset's folder (a ruleset shipped on its
own); when neither exists the window says so. The table waits while one of these is open
(`TableScene.paused`).
"""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UITextEntryLine, UIWindow

from tabletop.engine.ruleset import ROOT

from ..scene import html_escape
from . import guide

RULE_ID = re.compile(r"((?<![\w-])[A-Z]{2}-[RD]\d+\b|(?<=[(（])[A-Z]{1,3}\d+(?=[)）]))")   # SK-R15; a declared game's (R3)


def rules_path(rs) -> Path | None:
    """Return the rules text of a ruleset: the repository's docs/rules/<id>.md, else <ruleset>/rules.md."""
    for p in (ROOT / "docs" / "rules" / f"{rs.id}.md", Path(rs.path) / "rules.md"):
        if p.is_file():
            return p
    return None


def rule_blocks(text: str) -> list[tuple[str, str]]:
    """Split a rules text into (kind, text) blocks: 'h' headings, 'p' paragraphs and list items (one each)."""
    blocks: list[list] = []
    for line in text.splitlines():
        s = line.rstrip()
        if not s:
            if blocks and blocks[-1][0] != "gap":
                blocks.append(["gap", ""])
            continue
        if s.startswith("#"):
            blocks.append(["h", s.lstrip("#").strip()])
        elif s.lstrip().startswith(("- ", "* ")) or not blocks or blocks[-1][0] in ("h", "gap"):
            blocks.append(["p", s.strip()])
        else:   # a continuation line of the paragraph or list item above
            blocks[-1][1] += " " + s.strip()
    return [(k, t) for k, t in blocks if k != "gap"]


def block_html(kind: str, text: str, mark: str = "") -> str:
    """Render one block as the simple HTML a UITextBox reads (bold, headings; the searched words lit)."""
    s = html_escape(text)
    s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
    s = s.replace("`", "")
    if s.startswith("- ") or s.startswith("* "):
        s = "• " + s[2:]
    if mark:
        s = re.sub("(" + re.escape(html_escape(mark)) + ")", r"<font color=#ffd84a><b>\1</b></font>", s,
                   flags=re.IGNORECASE)
    if kind == "h":
        return f"<font color=#9cc8f0><b>{s}</b></font>"
    return s


class GuideWindows:
    """The briefing and rules windows of one table (at most one of each open)."""

    def __init__(self, scene):
        self.scene = scene
        self.briefing = None     # (window, {button: call})
        self.rules = None        # (window, search line, text box, blocks)
        self.rules_query = ""

    def is_open(self) -> bool:
        return bool(self.briefing or self.rules)

    def close_all(self) -> None:
        for w in (self.briefing, self.rules):
            if w:
                w[0].kill()
        self.briefing = self.rules = None

    def close_top(self) -> bool:
        """Close the rules window, else the briefing (Esc); return whether one was open."""
        if self.rules:
            self.rules[0].kill()
            self.rules = None
            return True
        if self.briefing:
            self.briefing[0].kill()
            self.briefing = None
            return True
        return False

    def process_event(self, e) -> bool:
        """Handle the windows' widget events; return whether the event was theirs."""
        if e.type == pygame_gui.UI_BUTTON_PRESSED and self.briefing and e.ui_element in self.briefing[1]:
            self.briefing[1][e.ui_element]()
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.rules and e.ui_element is self.rules[1]:
            self.show_rules_matching(e.ui_element.get_text())
            return True
        if e.type == pygame_gui.UI_WINDOW_CLOSE:
            if self.briefing and e.ui_element is self.briefing[0]:
                self.briefing = None
                return True
            if self.rules and e.ui_element is self.rules[0]:
                self.rules = None
                return True
        return False

    # --- the briefing ---------------------------------------------------------------------------
    def open_briefing(self) -> None:
        """Show the ruleset's briefing (and the scenario's title and description) with Play and Rules buttons."""
        sc = self.scene
        t = sc.app.words
        if self.briefing:
            self.briefing[0].kill()
        W, H = sc.size
        w, h = min(760, W - 60), min(560, H - 60)
        win = UIWindow(pygame.Rect((W - w) // 2, (H - h) // 2, w, h), sc.manager,
                       window_display_title=t("How to play"), object_id="#briefing")
        cw, ch = win.get_container().get_size()
        UITextBox(guide.briefing_html(sc), pygame.Rect(8, 8, cw - 16, ch - 62), sc.manager, container=win,
                  allow_split_dashes=False)   # Japanese breaks between any two characters, without dashes
        play = UIButton(pygame.Rect(cw - 168, ch - 48, 160, 40), t("Play"), sc.manager, container=win,
                        object_id="#lit")
        rules = UIButton(pygame.Rect(8, ch - 48, 160, 40), t("Rules"), sc.manager, container=win)
        self.briefing = (win, {play: self._close_briefing, rules: lambda: self.open_rules()})

    def _close_briefing(self) -> None:
        if self.briefing:
            self.briefing[0].kill()
            self.briefing = None

    # --- the rules ------------------------------------------------------------------------------
    def open_rules(self, rule: str = "") -> None:
        """Open the ruleset's rules, searched for `rule` (a rule id such as SK-R15) when given."""
        sc = self.scene
        t = sc.app.words
        if self.rules:
            self.rules[0].kill()
        W, H = sc.size
        w, h = min(900, W - 60), H - 60
        win = UIWindow(pygame.Rect((W - w) // 2, 30, w, h), sc.manager,
                       window_display_title=t("Rules") + " — " + (sc.rs.name_en if t.language != "ja" else sc.rs.name),
                       object_id="#rules")
        cw, ch = win.get_container().get_size()
        search = UITextEntryLine(pygame.Rect(8, 8, cw - 16, 32), sc.manager, container=win,
                                 placeholder_text=t("Search the rules (a word or a rule id)"))
        box = UITextBox("", pygame.Rect(8, 46, cw - 16, ch - 54), sc.manager, container=win, allow_split_dashes=False)
        path = rules_path(sc.rs)
        blocks = rule_blocks(path.read_text(encoding="utf-8")) if path is not None else None
        self.rules = (win, search, box, blocks)
        if rule:
            search.set_text(rule)
        sc.manager.set_focus_set(search.get_focus_set())   # typing searches at once
        self.show_rules_matching(rule)

    def show_rules_matching(self, query: str) -> None:
        """Show every block, or only the blocks holding the query (with their section's heading)."""
        if not self.rules:
            return
        _, _, box, blocks = self.rules
        t = self.scene.app.words
        self.rules_query = query = query.strip()
        if blocks is None:
            box.set_text(html_escape(t("The rules text of {id} is not installed (docs/rules/{id}.md).",
                                       id=self.scene.rs.id)))
            return
        out, heading, shown_heading = [], None, None
        q = query.lower()
        for kind, text in blocks:
            if kind == "h":
                heading = text
                if not q:
                    out.append(block_html(kind, text))
                continue
            if q and q not in text.lower():
                continue
            if q and heading is not None and heading is not shown_heading:
                out.append(block_html("h", heading))
                shown_heading = heading
            out.append(block_html(kind, text, query))
        if not out:
            out.append(html_escape(t("Nothing in the rules matches “{q}”.", q=query)))
        box.set_text("<br>".join(out))

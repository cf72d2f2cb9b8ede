"""Windows over the table that teach: the briefing page (new game, menu, F1) and the player's rules page (F2).

The rules window shows the ruleset's page for players, `rulesets/<id>/rules.<lang>.md` in the player's
language (the other language's page when that one is missing; a short generated note when the
ruleset has none). The developers' notes in docs/rules/ are not shown to players. The page's format:

    # Title
    ## Section                      (Overview, Components, The turn, How to win, Keywords...)
    A paragraph; lines that follow it join it. **bold** words.
    - a bullet point
    Rule ids in brackets, written at the end of a line: (SK-R21) or （SK-R21）.

Rule ids are drawn small and dim: they are anchors — a refused move's "Rules ▶ SK-R21" link (the
status line, hud.py) opens the page scrolled to the first block naming that rule, lit. The search line
filters the blocks (a word or an id). The table waits while one of these is open (`TableScene.paused`).
"""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine, UIWindow

from tabletop.i18n import N_

from ..scene import html_escape
from ..textbox import TextBox
from . import guide

# a rule id: SK-R15 (R rules, D decisions, H how the table plays), or a declared game's own id in brackets: (R3)
RULE_ID = re.compile(r"((?<![\w-])[A-Z]{2}-[RDH]\d+\b|(?<=[(（])(?!P\d)[A-Z]{1,3}\d+(?=[)）]))")
_ONE_ID = r"(?:[A-Z]{2}-[RDH]\d+|(?!P\d)[A-Z]{1,3}\d+)"      # not (P2), a seat
# a bracketed group of rule ids: (SK-R21), （SK-R21）, (SK-R21, SK-R22), （IJ-R3・IJ-R4）, (R3)
ID_GROUP = re.compile(r"[(（]\s*" + _ONE_ID + r"(?:\s*[,、・/]\s*" + _ONE_ID + r")*\s*[)）]")
LANGS = ("en", "ja")
TITLE_PX, HEAD_PX, ID_PX = 20, 16, 11     # the title, a section heading, a rule id (the body: the box's 13)
NO_PAGE = N_("This game has no rules page for players yet ({file}). The briefing (F1) says how to play.")


def ruleset_folder(rs) -> Path:
    """Return the folder of a ruleset's files (where its player pages are)."""
    return Path(rs.path)


def rules_path(rs, language: str = "en") -> Path | None:
    """Return the player's rules page of a ruleset: rules.<language>.md, else the other language's, else None."""
    folder = ruleset_folder(rs)
    for lang in (language, *[x for x in LANGS if x != language]):
        p = folder / f"rules.{lang}.md"
        if p.is_file():
            return p
    return None


def generated_page(rs, t) -> str:
    """Return the short page of a ruleset without one: its name, its description and where the page would be."""
    name = rs.name if t.language == "ja" else rs.name_en
    lines = [f"# {name}", ""]
    from ..newgame import blurb   # here: only a ruleset without a rules page needs it
    desc = blurb(rs, t.language)
    if desc:
        lines += [desc, ""]
    lines.append(t(NO_PAGE, file=f"rulesets/{rs.id}/rules.{t.language}.md"))
    return "\n".join(lines)


def rule_blocks(text: str) -> list[tuple[str, str]]:
    """Split a rules page into (kind, text) blocks: 't' the title, 'h' headings, 'li' bullet points and
    'p' paragraphs (a paragraph's or a bullet's following lines join it)."""
    blocks: list[list] = []
    for line in text.splitlines():
        s = line.rstrip()
        if not s.strip():
            if blocks and blocks[-1][0] != "gap":
                blocks.append(["gap", ""])
            continue
        st = s.strip()
        if st.startswith("#"):
            level = len(st) - len(st.lstrip("#"))
            blocks.append(["t" if level == 1 else "h", st.lstrip("#").strip()])
        elif st.startswith(("- ", "* ")):
            blocks.append(["li", st[2:].strip()])
        elif blocks and blocks[-1][0] in ("p", "li"):   # a continuation line of the paragraph or bullet above
            joiner = "" if _cjk(blocks[-1][1][-1:]) and _cjk(st[:1]) else " "
            blocks[-1][1] += joiner + st
        else:
            blocks.append(["p", st])
    return [(k, t) for k, t in blocks if k != "gap"]


def _cjk(ch: str) -> bool:
    return bool(ch) and ord(ch) > 0x2E80


def block_html(kind: str, text: str, mark: str = "", lit: bool = False) -> str:
    """Render one block as the simple HTML a text box reads: bold words, headings, rule ids small and dim
    (lit when the page was opened at this rule), the searched words lit."""
    s = html_escape(text).replace("`", "")
    s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
    if mark:
        s = re.sub("(" + re.escape(html_escape(mark)) + ")", r"<font color=#ffd84a><b>\1</b></font>", s,
                   flags=re.IGNORECASE)
    if kind in ("p", "li"):
        idc = "#ffd84a" if lit else "#7f8c9a"
        s = ID_GROUP.sub(lambda m: f"<font pixel_size={ID_PX} color={idc}>{m.group(0)}</font>", s)
    if kind == "t":
        return f"<font pixel_size={TITLE_PX} color=#ffd84a><b>{s}</b></font>"
    if kind == "h":
        return f"<font pixel_size={HEAD_PX} color=#9cc8f0><b>{s}</b></font>"
    if kind == "li":
        s = "• " + s
    if lit:
        s = "<font color=#ffd84a>▶</font> " + s
    return s


class GuideWindows:
    """The briefing and rules windows of one table (at most one of each open)."""

    def __init__(self, scene):
        self.scene = scene
        self.briefing = None     # (window, {button: call})
        self.rules = None        # (window, search line, text box, blocks)
        self.rules_query = ""
        self.rules_rule = ""     # the rule id the page was opened at ("" for none)
        self.rules_at = None     # the rule id the page shows lit and scrolled to, or None
        self.rules_path = None   # the page shown (None: the generated note)

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
            self.scene.play_start_beats()
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
                self.scene.play_start_beats()
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
        TextBox(guide.briefing_html(sc), pygame.Rect(8, 8, cw - 16, ch - 62), sc.manager, container=win,
                  allow_split_dashes=False)   # Japanese breaks between any two characters, without dashes
        play = UIButton(pygame.Rect(cw - 168, ch - 48, 160, 40), t("Play"), sc.manager, container=win,
                        object_id="#lit")
        rules = UIButton(pygame.Rect(8, ch - 48, 160, 40), t("Rules"), sc.manager, container=win)
        self.briefing = (win, {play: self._close_briefing, rules: lambda: self.open_rules()})

    def _close_briefing(self) -> None:
        if self.briefing:
            self.briefing[0].kill()
            self.briefing = None
            self.scene.play_start_beats()

    # --- the rules ------------------------------------------------------------------------------
    def open_rules(self, rule: str = "") -> None:
        """Open the player's rules page; at `rule` (a rule id such as SK-R15) when given: scrolled there, lit."""
        sc = self.scene
        t = sc.app.words
        if self.rules:
            self.rules[0].kill()
        sc.manager.preload_fonts([{"name": "noto_sans_jp", "point_size": px, "style": st, "antialiased": "1"}
                                  for px in (TITLE_PX, HEAD_PX, ID_PX) for st in ("regular", "bold")])
        W, H = sc.size
        w, h = min(900, W - 60), H - 60
        win = UIWindow(pygame.Rect((W - w) // 2, 30, w, h), sc.manager,
                       window_display_title=t("Rules") + " — " + (sc.rs.name_en if t.language != "ja" else sc.rs.name),
                       object_id="#rules")
        cw, ch = win.get_container().get_size()
        search = UITextEntryLine(pygame.Rect(8, 8, cw - 16, 32), sc.manager, container=win,
                                 placeholder_text=t("Search the rules (a word or a rule id)"))
        box = TextBox("", pygame.Rect(8, 46, cw - 16, ch - 54), sc.manager, container=win)
        path = rules_path(sc.rs, t.language)
        page = path.read_text(encoding="utf-8") if path is not None else generated_page(sc.rs, t)
        self.rules = (win, search, box, rule_blocks(page))
        self.rules_path = path
        self.rules_rule = rule
        sc.manager.set_focus_set(search.get_focus_set())   # typing searches at once
        self.show_rules_matching("")

    def show_rules_matching(self, query: str) -> None:
        """Show every block, or only the blocks holding the query (with their section's heading); with no
        query, the page opened at a rule shows that rule's block lit and scrolls to it."""
        if not self.rules:
            return
        _, _, box, blocks = self.rules
        t = self.scene.app.words
        self.rules_query = query = query.strip()
        rule = "" if query else self.rules_rule
        out, heading, shown_heading, at = [], None, None, None
        q = query.lower()
        for kind, text in blocks:
            if kind in ("h", "t"):
                heading = (kind, text)
                if not q:
                    out.append(block_html(kind, text))
                continue
            if q and q not in text.lower():
                continue
            if q and heading is not None and heading is not shown_heading:
                out.append(block_html(*heading))
                shown_heading = heading
            lit = bool(rule) and at is None and re.search(r"\b" + re.escape(rule) + r"\b", text) is not None
            if lit:
                at = len(out)
            out.append(block_html(kind, text, query, lit=lit))
        if rule and at is None:   # the page does not name that rule: say so above it
            out.insert(0, "<font color=#ffd84a>" + html_escape(t("{rule} is not named on this page.", rule=rule))
                       + "</font>")
        if not out:
            out.append(html_escape(t("Nothing in the rules matches “{q}”.", q=query)))
        box.set_text("<br>".join(out))
        self.rules_at = None
        if at is not None:
            self.rules_at = rule
            self.scroll_rules_to(rule)

    def scroll_rules_to(self, rule: str) -> bool:
        """Scroll the rules box to the lit block (the first naming `rule`, marked ▶); return whether it was found."""
        box = self.rules[2]
        rows = box.text_box_layout.layout_rows
        total = box.text_box_layout.layout_rect.height
        for row in rows:
            if "▶" in "".join(getattr(c, "text", "") for c in row.items):
                if box.scroll_bar is not None and total > 0:
                    # a line or two of what comes before (the section's heading) stays in sight
                    y = max(0, row.top - 2 * row.height - box.text_box_layout.layout_rect.top)
                    bar = box.scroll_bar
                    bar.set_scroll_from_start_percentage(min(y / total, 1.0 - bar.visible_percentage))
                return True
        return False

"""Intents → actions: the one place where a gesture (or a bot's choice) becomes a change of the game.

The pointer hands over what the player did (a drop on a card, zone or player panel; a click; a
right-click; End, Undo, Manual, Save); `Actions` finds the matching engine actions among the legal
ones, asks which one when several fit, and applies it with `game.apply` (or `game.manual` in manual
mode) in `act`. After every change, `after` autosaves at a turn's end, lowers the hotseat curtain
and has the scene re-read the view. A bot's action goes through `play_bot` into the same `after`.

A new verb (a hint, a replay step) is a method here that ends in `act` or `after`; a button for it
goes in the HUD and calls that method.
"""
from __future__ import annotations

import sys
import time

from tabletop.engine import Action, IllegalAction, TabletopError
from tabletop.engine.msg import Term, msg
from tabletop.i18n import N_, render_error

from ..players import seats_label
from . import guide, layout

END_KINDS = ("end_phase", "end_turn", "end", "pass", "m_pass")
TARGET_ARGS = ("target", "target_zone", "target_player")
PLACE_ARGS = ("card", "to", "zone", "from", "source") + TARGET_ARGS


def involves(a: Action, uid, skip: tuple = ()) -> bool:
    """Return whether any argument of `a` (but those named in `skip`) is `uid` (or a tuple holding it)."""
    return any(v == uid or (isinstance(v, tuple) and uid in v) for k, v in a.args
               if k not in skip and not isinstance(v, bool))


def pointed_at(acts):
    """Return (zone keys, card uids, players) that the actions point at."""
    zones, cards, players = set(), set(), set()
    for a in acts:
        for k in ("to", "target_zone"):
            if a.get(k) is not None:
                zones.add(a.get(k))
        if a.get("target") is not None:
            cards.add(a.get("target"))
        if a.get("target_player") is not None:
            players.add(a.get("target_player"))
    return zones, cards, players


def aims_elsewhere(a: Action, uid, zkey) -> bool:
    """Return whether an action still needs a target other than the clicked card or zone."""
    t, tz = a.get("target"), a.get("target_zone")
    return (t is not None and t != uid) or (tz is not None and tz != zkey) or a.get("target_player") is not None


def manual_extras(scene, sp) -> list[Action]:
    """Return the counter moves a card's menu adds in manual mode (+1 of each counter, -1 of those it has)."""
    v, uid = scene.viewer, sp.key
    out = []
    for n in sorted(set(sp.card.counters) | {"damage"}):
        out.append(Action.make("m_count", v, card=uid, name=n, delta=1))
        if sp.card.counters.get(n):
            out.append(Action.make("m_count", v, card=uid, name=n, delta=-1))
    return [a for a in out if a not in scene.legal]


def source(sp):
    """Return what a pressed card stands for: its uid, or its pile's zone key if it has none."""
    return sp.card.uid if sp.card.uid is not None else sp.zone


class Actions:
    """Turn the viewer's intents into engine actions and apply them; `targeting` is a click's pending aim."""

    def __init__(self, scene):
        self.scene = scene
        self.targeting = None    # (source uid, [actions]) while choosing a target by clicking
        self._moves = (None, {})  # (the legal list, {source: its moves}) for moves_from
        self._noop = (None, {})   # (the position, {action: does nothing}) for does_nothing

    # --- what the viewer may do -----------------------------------------------------------------
    def candidates(self) -> list[Action]:
        """Return what the viewer may do now: the legal actions, or the manual moves in manual mode."""
        sc, g = self.scene, self.scene.game
        if sc.curtain is not None or g.is_over() or sc.seats[sc.viewer] is not None:
            return []
        if sc.manual_mode:
            return g.controller.manual_actions(g.state, sc.viewer)
        if g.to_act != sc.viewer:
            return []
        return g.legal_actions(sc.viewer)

    def moves_from(self, src) -> list[Action]:
        """Return the legal actions of a card (by uid) or of a pile's top (by zone key), remembered until
        the legal actions change (hovering asks every frame)."""
        legal = self.scene.legal
        if self._moves[0] is not legal:
            self._moves = (legal, {})
        hit = self._moves[1].get(src)
        if hit is None:
            if isinstance(src, int):
                hit = [a for a in legal if a.get("card") == src]
            else:
                hit = [a for a in legal if a.get("card") is None
                       and src in (a.get("zone"), a.get("from"), a.get("source"))]
            self._moves[1][src] = hit
        return hit

    def answers(self) -> list[Action]:
        """Return the legal actions a click may apply at once: not manual moves, nothing to drop (`to`)."""
        if self.scene.manual_mode:
            return []
        return [a for a in self.scene.legal if a.get("to") is None]

    def zone_answers(self, zkey: str) -> list[Action]:
        """Return the answers that name a zone: a deck to damage, a pile to take from."""
        return [a for a in self.answers() if zkey in (a.get("target_zone"), a.get("zone"), a.get("from"),
                                                         a.get("source"))]

    def answer_piles(self) -> set:
        """Return the piles holding a card that an answer to the viewer's pending choice names (a searched deck)."""
        sc = self.scene
        if not any(p.get("player") == sc.viewer for p in sc.view.pending):
            return set()   # only the answers to a pending choice: a playable discard card must not open it every turn
        named = {a.get(k) for a in self.answers() for k in ("card", "target")} - {None}
        if not named:
            return set()
        return {z.key for z in sc.zones if z.spec.kind == "pile"
                and any(c.uid in named for c in sc.view.zones.get(z.key, ()))}

    def button_actions(self) -> list[Action]:
        """Return legal actions not tied to a card or a zone: they are offered as buttons."""
        if self.scene.manual_mode:
            return []
        faces = set(self.scene.choice.actions())     # answers shown as card faces to click
        return [a for a in self.scene.legal if a.kind not in END_KINDS and a not in faces
                and a.kind not in ("m_search", "m_look")      # a pile's own: in its right-click menu
                and not any(a.get(k) is not None for k in PLACE_ARGS)]

    def end_action(self):
        """Return the action of the End button and Space (end the phase or turn, pass), or None."""
        sc = self.scene
        for kind in END_KINDS:
            for a in sc.legal if not sc.manual_mode else []:
                if a.kind == kind and not any(a.get(k) is not None for k in PLACE_ARGS):
                    return a
        if sc.manual_mode and sc.game.to_act == sc.viewer:
            return Action.make("m_pass", sc.viewer)
        return None

    def lit_now(self, dragging=None):
        """Return (zones, cards, players) to light: a drag's (its actions) or a pending aim's targets, else
        the answers a click applies at once (a wall to break, a deck to damage) and the targets of the
        hovered card's actions (so a target shows without dragging)."""
        if dragging is not None:
            return self.pointed(dragging)
        if self.targeting:
            return self.pointed(self.targeting[1])
        sc = self.scene
        if sc.hint.shown is not None:
            return sc.hint.lit()
        hov = sc.hover_key
        if hov is not None and hov in sc.actor_lit:
            z, c, p = self.pointed(self.moves_from(hov))
            az, ac, ap = sc.answer_lit
            return z | az, c | ac, p | ap
        return sc.answer_lit

    def pointed(self, acts):
        """Return (zones, cards, players) the actions point at, players hit through a kind's `aims` too."""
        z, c, p = pointed_at(acts)
        return z, c, p | {x for x in (guide.aims_at(self.scene.rs, a) for a in acts) if x is not None}

    def actors(self) -> set:
        """Return the card uids (and pile zone keys) with a legal action of their own now: they are lit.

        End-of-phase actions and manual moves (every card has those) light nothing.
        """
        sc = self.scene
        if sc.manual_mode:
            return set()
        out = set()
        for a in sc.legal:
            if a.kind in END_KINDS or a.kind.startswith("m_"):
                continue
            if a.get("card") is not None:
                if not self.does_nothing(a):
                    out.add(a.get("card"))
            elif a.get("zone") is not None and a.get("to") is not None:
                out.add(a.get("zone"))
        # A card lit is an invitation: one whose every move does nothing now (a spell with no
        # target) stays dark; the player may still play it, and is asked first (`act`).
        return out

    # --- moves that do nothing (issue 30) --------------------------------------------------------
    def does_nothing(self, a: Action) -> bool:
        """Return whether legal move `a` changes nothing now (`explain.does_nothing`: a card from hand
        that would only go to the discard, the mana paid), remembered per position."""
        sc = self.scene
        g = sc.game
        key = (len(g.actions), g.actions[-1] if g.actions else None)
        if self._noop[0] != key:
            self._noop = (key, {})
        memo = self._noop[1]
        if a in memo:
            return memo[a]
        from tabletop.bots.explain import does_nothing   # not at import: the play path loads no bots module
        memo[a] = result = does_nothing(g, a)
        return result

    def confirm_idle(self, action: Action) -> None:
        """Ask before a move that does nothing now: "This has no target now — use it anyway?"."""
        sc = self.scene
        t = sc.app.words
        sc.dialogs.confirm(t("Nothing happens"), t("This has no target now — use it anyway?"),
                           [(t("Use it anyway"), lambda: self.act(action, confirmed=True)), (t("Cancel"), lambda: None)])

    def player_actions(self, player) -> list[Action]:
        """Return the legal actions that hit `player` (a click on their panel, a card dropped on it)."""
        if self.scene.manual_mode or player is None:
            return []
        return [a for a in self.scene.legal if guide.aims_at(self.scene.rs, a) == player]

    # --- intents ---------------------------------------------------------------------------------
    def drop(self, sp, src, acts, target, zone, player) -> None:
        """Apply what dropping card `sp` on a card (uid), zone (key) or player panel means."""
        sc = self.scene
        if zone is not None and zone == sp.zone and target is None:
            return   # put back where it was: not a move
        matches = [a for a in acts if target is not None and a.get("target") == target]
        matches = matches or [a for a in acts if zone is not None and zone in (a.get("to"), a.get("target_zone"))
                              and a.get("target") is None]
        matches = matches or [a for a in acts if player is not None and guide.aims_at(sc.rs, a) == player]
        if sc.manual_mode and not matches and zone is not None:
            if isinstance(src, int):
                matches = [Action.make("m_move", sc.viewer, card=src, to=zone)]
            else:
                matches = [Action.make("m_top", sc.viewer, zone=src, to=zone)]
        if len(matches) == 1:
            if self.act(matches[0]) and matches[0].get("to") is not None:
                # a payment or choice waits: a card on its way somewhere stays where it was dropped; a card
                # acting where it is (an attack and its choice of wall) stays in its place, not at the drop
                sc.pacing.hold_dropped(sp)
            return
        if matches:
            sc.dialogs.open_menu(msg("Choose"), matches)
            return
        reason = None
        if isinstance(src, int) and zone is not None and not sc.manual_mode:
            a = sc.game.drop_action(sc.viewer, src, zone, target)
            if a is not None:
                reason = sc.game.why_not(a)
                if reason is None:   # the controller reads this drop as a move we did not list
                    self.act(a)
                    return
        sc.say(reason or msg("no move there"))

    def click(self, sp, z, player) -> None:
        """Apply what a click on card spot `sp` (or None), in zone `z`, over a player panel means."""
        sc = self.scene
        if self.targeting:
            self._aim(sp, z, player)
            return
        if sp is None or (sc.inspect and sp.layer < 1000):
            if sc.inspect:   # a click beside the spread pile closes it
                sc.set_inspect(None)
                return
            answers = self.zone_answers(z.key) if z is not None else []
            answers = answers or [a for a in self.player_actions(player) if a.get("to") is None]
            if answers:
                self.apply_or_menu(answers)
            return
        src = source(sp)
        uid = sp.card.uid
        acts = [a for a in self.moves_from(src) if a.get("to") is None]
        acts += [a for a in self.answers() if uid is not None and a.get("target") == uid and a not in acts]
        pz = layout.zone(sc.zones, sp.zone)
        clicked_zone = None
        if pz is not None and pz.spec.kind == "pile" and sp.layer < 1000:
            za = self.zone_answers(pz.key)
            if za:            # an answer that names the pile itself (a deck to damage, a pile to take from)
                acts, clicked_zone = za, pz.key
            elif pz.spec.inspect or pz.spec.visibility == "public" or pz.key in self.answer_piles():
                sc.set_inspect(pz.key)   # its cards' actions are in the spread
                return
        if sc.manual_mode and isinstance(src, int):
            c = sp.card
            self.act(Action.make("m_untap" if c.tapped else "m_tap", sc.viewer, card=src))
            return
        if not acts:
            if sc.legal:
                sc.say(msg("nothing to do with this card now (drag it, or right-click for its actions)"))
            elif sc.game.to_act != sc.viewer:
                sc.say(msg("it is not your move"))
            return
        aimed = [a for a in acts if aims_elsewhere(a, uid, clicked_zone)]
        if aimed and len(aimed) == len(acts):
            self.targeting = (src, aimed)
            sc.say(msg("choose a target (lit); Esc cancels"))
            return
        if len(acts) == 1:
            self.act(acts[0])
            return
        taps = [a for a in acts if a.kind in ("tap", "untap", "m_tap", "m_untap")]
        if len(taps) == 1:
            self.act(taps[0])
            return
        sc.dialogs.open_menu(msg("Choose"), acts, near=sc.mouse)

    def _aim(self, sp, z, player) -> None:
        """Finish a pending aim with the clicked card, zone or player; anything else cancels it."""
        src, acts = self.targeting
        self.targeting = None
        target = sp.card.uid if sp is not None else None
        hit = [a for a in acts if target is not None and a.get("target") == target]
        hit = hit or [a for a in acts if z is not None and a.get("target_zone") == z.key]
        hit = hit or [a for a in acts if player is not None and guide.aims_at(self.scene.rs, a) == player]
        if len(hit) == 1:
            self.act(hit[0])
        elif hit:
            self.scene.dialogs.open_menu(msg("Choose"), hit)
        else:
            self.scene.say(msg("cancelled"))

    def card_menu(self, sp, pos) -> None:
        """Open the list of every action of a right-clicked card (manual counters too in manual mode); a pile's
        lists what is done with it, not every card that could be moved onto it (those are the cards' own)."""
        sc = self.scene
        self.targeting = None
        src = source(sp)
        acts = [a for a in sc.legal if involves(a, src, skip=() if isinstance(src, int) else ("to",))]
        if sc.manual_mode and isinstance(src, int):
            acts += manual_extras(sc, sp)
        sc.hover_key, sc.hover_t = sp.key, sc.HOVER_S   # show the preview with the menu
        if not acts:
            sc.say(msg("no action for this card now"))
            return
        d = sc.rs.cards.get(sp.card.cid)
        title = Term(d.name_en or d.name, d.name, card=True) if d is not None else msg("card")
        sc.dialogs.open_menu(title, acts, near=pos)

    def apply_or_menu(self, acts) -> None:
        """Apply the one action, or ask which of several."""
        if len(acts) == 1:
            self.act(acts[0])
        else:
            self.scene.dialogs.open_menu(msg("Choose"), acts, near=self.scene.mouse)

    def choose(self, a: Action) -> None:
        """Apply an action picked from a menu or an answer button (a note or a blank token asks for its words first)."""
        if self.scene.tools.asks_words(a):
            self.scene.tools.ask_words(a)
            return
        self.act(a)

    def end(self) -> None:
        """End the phase or turn (the End button, Space, Enter)."""
        a = self.end_action()
        if a is not None:
            self.act(a)

    def cancel(self) -> None:
        """Drop a pending aim (Esc)."""
        self.targeting = None

    # --- changing the game ------------------------------------------------------------------------
    def act(self, action: Action, confirmed: bool = False) -> bool:
        """Apply an action for the viewer (manual moves through `game.manual`); report a refusal. A move
        that does nothing now (`does_nothing`) is asked about first, unless `confirmed`."""
        sc, g = self.scene, self.scene.game
        if (not confirmed and not sc.manual_mode and not action.kind.startswith("m_")   # (a manual move: as asked)
                and action in sc.legal and self.does_nothing(action)):
            self.confirm_idle(action)
            return False
        try:
            if action.kind.startswith("m_") and (sc.manual_mode or sc.rs.controller == "sandbox"
                                                 and action not in sc.legal):
                events = g.manual(action)
            else:
                events = g.apply(action)
        except IllegalAction as e:
            sc.say(e.reason)
            return False
        sc.message_t = 0.0   # a hint such as "choose a target" is done with
        sc.pacing.human_moved()
        self.after(events)
        return True

    def play_bot(self, p: int, a: Action, bot, error=None) -> None:
        """Apply bot P`p`'s action (its first legal one if the engine refuses it) and say what it did."""
        sc, g = self.scene, self.scene.game
        try:
            events = g.apply(a)
        except IllegalAction as e:
            print(f"tabletop: bot P{p + 1} chose an illegal move {a} ({e.reason})", file=sys.stderr)
            legal = g.legal_actions(p)
            if not legal:
                return
            events = g.apply(legal[0])
            a = legal[0]
        reason = getattr(bot, "last_reason", "") or ""
        said = g.describe(a, sc.viewer)
        note = (msg("P{n} (bot): {action} — {reason}", n=p + 1, action=said, reason=reason) if reason
                else msg("P{n} (bot): {action}", n=p + 1, action=said))
        print(f"tabletop: {note}", file=sys.stderr)
        sc.say(note)
        sc.pacing.bot_moved(a)
        if error is not None:
            print(f"tabletop: bot error: {error!r}", file=sys.stderr)
        self.after(events)

    def after(self, events) -> None:
        """Follow a change: coins to spin, autosave at a turn's end, the hotseat curtain, a fresh view."""
        sc, g = self.scene, self.scene.game
        sc.pacing.on_events(events)   # coins, fights, checks and damage, shown in turn
        sc.dialogs.close_menu()
        self.targeting = None
        sc.record.note(g)
        if g.state.turn != sc.last_turn or g.is_over():
            sc.last_turn = g.state.turn
            from tabletop.engine import saves   # here, as below: a table opens without the save code
            try:
                path = saves.saves_dir(sc.save_folder) / saves.AUTOSAVE
                saves.save_game(g, path, label=seats_label(sc.seats))
            except (OSError, TabletopError) as e:
                sc.say(msg("autosave failed: {error}", error=render_error(e, sc.app.words.language)))
        nxt = g.to_act
        if sc.hotseat and nxt is not None and nxt != sc.viewer:
            sc.curtain = nxt
            sc.pointer.release()
            sc.dialogs.close_dialog()   # nothing of the table stays drawn over the curtain
            sc.windows.close_all()
        sc.refresh()

    def toggle_manual(self) -> None:
        sc = self.scene
        sc.manual_mode = not sc.manual_mode
        sc.say(msg("manual override on: anything goes, and the log marks each move") if sc.manual_mode
               else msg("manual override off"))
        sc.refresh()

    def undo(self) -> None:
        sc = self.scene
        if sc.seats[sc.viewer] is not None or sc.bot.busy:
            return
        why = sc.hud.undo_blocked()
        if why is None and sc.game.undo():
            sc.say(msg("undone"))
        else:
            sc.say(why or msg("nothing to undo yet"))
        sc.refresh()

    def save(self) -> None:
        sc = self.scene
        stamp = time.strftime("%Y%m%d-%H%M%S")
        from tabletop.engine import saves
        try:
            path = saves.save_game(sc.game, saves.saves_dir(sc.save_folder) / f"{sc.rs.id}-{stamp}.json")
        except (OSError, TabletopError) as e:
            sc.app.message(msg("Could not save: {error}", error=render_error(e, sc.app.words.language)), N_("Save"))
            return
        sc.say(msg("Saved: {path}", path=str(path)))


"""What the table shows: panels, badges and the words of every action."""
from __future__ import annotations

from tabletop.engine.msg import Term, msg

from .rules import BONUS, SWIFT, UNDERWORLD


class IjindenWords:
    """The public view, keyword and action words, and drag-and-drop mapping."""

    def live_stats(self, s, uid):
        """Return an Ijin's power when keywords or modifiers make it differ from the printed one."""
        c = s.cards[uid]
        d = self.rs.cards.get(c.cid)
        if d is None or d.kind != "ijin":
            return {}
        now = self.power(s, uid)
        return {"power": now} if now != (d.get("power") or 0) else {}

    # ------------------------------------------------------------------ what the table shows
    def public(self, s, viewer):
        players = []
        m = s.data.get("match")
        colors_of = []
        for p in (0, 1):
            words = tuple(self.rs.color_term(c) for c in sorted(self.mana_colors(s, p)))
            colors = msg("{colors}", colors=words) if words else "—"   # a Msg: the panel renders each colour
            colors_of.append(colors)
            row = {
                self.rs.word("value.placement"): s.players[p].get("placement", 0),
                self.rs.word("value.summon"): s.players[p].get("summon", 0),
                self.rs.word("value.level"): self.level_sum(s, p),
                self.rs.word("value.colors"): colors,
                self.rs.zones["deck"].term: len(s.zones[f"{p}.deck"]),
                self.rs.zones["hand"].term: len(s.zones[f"{p}.hand"]),
                self.rs.zones["guardians"].term: len(s.zones[f"{p}.guardians"]),
            }
            if m:
                row[self.rs.word("value.wins")] = m["wins"][p]
            players.append(row)
        shared = {}
        if m:
            shared[self.rs.word("value.match")] = msg("game {game}/3 · {w1}–{w2}", game=m["game"], w1=m["wins"][0],
                                                      w2=m["wins"][1])
        badges = {}
        b = s.data.get("battle")
        for p in (0, 1):
            for u in s.zones[f"{p}.battlefield"]:
                c = s.cards[u]
                d = self.rs.cards[c.cid]
                if d.kind != "ijin" or not c.face_up:
                    continue
                role = "attack" if c.flags.get("attacking") else "block" if c.flags.get("blocking") else None
                pw = self.power(s, u, role)
                tags = []
                if pw != d.get("power"):
                    tags.append(msg("{power} {n}", power=self.rs.field_term("ijin", "power"), n=pw))
                extra = [k for k in self.keywords(s, u) if k not in d.keywords]
                tags += [msg("+{keyword}", keyword=self._kw_word(k)) for k in extra if not BONUS.match(k)]
                if c.flags.get("attacking"):
                    tags.append(self.rs.word("attacking"))
                if c.flags.get("entered") == s.turn and p == s.active and not self.has(s, u, SWIFT):
                    tags.append(self.rs.word("value.new"))
                if tags:
                    badges[u] = tags
        if b:
            for x, t in b["blocks"]:
                badges.setdefault(x, []).append(msg("{blocking} → {card}", blocking=self.rs.word("blocking"),
                                                    card=self.card_ref(s, t, viewer)))
        zones = {f"{p}.mana": msg("{level} {n} · {colors}", level=self.rs.word("value.level"), n=self.level_sum(s, p),
                                  colors=colors_of[p]) for p in (0, 1)}
        return {"players": players, "shared": shared, "badges": badges, "zones": zones}

    # --- words in both languages (Terms where the ruleset gives them) ---------------------------------
    def _kw_word(self, kw):
        """Return a keyword in both languages: the ruleset's `keyword.<printed>` word, パワー+N as words, or as printed."""
        m = BONUS.match(kw)
        if m:
            return msg("{role} +{n}", role=self.rs.word("keyword." + m.group(1)), n=int(m.group(2)))
        got = self.rs.word("keyword." + kw)
        return kw if got == "keyword." + kw else got

    def describe(self, s, a, viewer=None):
        k = a.kind
        card = a.get("card")
        nm = self.card_ref(s, card, viewer) if isinstance(card, int) and card in s.cards else ""
        tgt = a.get("target")
        tn = self.card_ref(s, tgt, viewer) if isinstance(tgt, int) and tgt in s.cards else ""
        fn = self.card_ref(s, s.pending[0]["card"], viewer) if k in ("feat", "no_feat") and s.pending \
            and s.pending[0]["kind"] == "feat" else ""
        if k in ("side_in", "side_out") and a.get("cid") in self.rs.cards:
            if viewer is not None and viewer != a.player:   # the deck and the side deck are private (IJ-R35)
                name = msg("a card ({rule})", rule="IJ-R35")
            else:
                d = self.rs.cards[a["cid"]]
                name = Term(d.name_en or d.name, d.name, card=True)
            return (msg("side deck → deck: {card}", card=name) if k == "side_in"
                    else msg("deck → side deck: {card}", card=name))
        if k == "summon":
            return msg("summon {card}", card=nm)
        if k == "play_haikei":
            return msg("put the {haikei} {card}", haikei=self.rs.kind_term("haikei"), card=nm)
        if k == "place":
            return msg("place {card} in the mana zone", card=nm)
        if k == "cast":
            return msg("use the {mahou} {card}", mahou=self.rs.kind_term("mahou"), card=nm)
        if k == "underworld":
            return msg("{underworld}: {card}", underworld=self._kw_word(UNDERWORLD), card=nm)
        if k == "pay":
            return msg("pay with {card}", card=nm)
        if k == "attack":
            return msg("make {card} an attacker", card=nm)
        if k == "block":
            return msg("block: {card} → {target}", card=nm, target=tn)
        if k == "done_blocking":
            return msg("done blocking")
        if k == "unblock":
            return msg("stop blocking: {card}", card=nm)
        if k == "resolve":
            return msg("{step}: {card}", step=self.rs.phase_term("resolve"), card=nm)
        if k == "feat":
            return msg("use the {feat} {card}", feat=self.rs.field_term("ijin", "feat"), card=fn)
        if k == "no_feat":
            return msg("do not use it {card}", card=fn)
        if k == "next_game":
            return msg("on to the next game")
        if k == "mulligan":
            return msg("mulligan (IJ-R33)")
        if k == "keep":
            return msg("keep the hand (IJ-R33)")
        if k == "side_done":
            return msg("the deck is done")
        if k == "end_phase":
            if s.phase == "attack":
                return msg("attackers chosen → {step}", step=self.rs.phase_term("block"))
            return msg("on to the {phase} (end turn)", phase=self.rs.phase_term("end"))
        return super().describe(s, a, viewer)

    def drop_action(self, s, player, uid, zone, target):
        """Map a drag to its action; a Mahou dropped anywhere is cast, a mana card dropped anywhere pays."""
        a = super().drop_action(s, player, uid, zone, target)
        if a is not None:
            return a
        for a in self.drop_candidates(s, player):
            if a.get("card") == uid and a.kind in ("cast", "pay", "attack", "underworld", "resolve"):
                return a
        return None

    def drop_candidates(self, s, p):
        # a drag may mean an illegal action: the table then says why not
        if s.pending and s.pending[0]["kind"] == "block" and s.pending[0]["player"] == p and s.outcome is None:
            return self.answer_block(s, p, s.pending[0], every=True)
        return self.actions(s, p, every=True)

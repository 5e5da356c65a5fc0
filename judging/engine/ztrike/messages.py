"""The texts of ZTRIKE events in English and Japanese (no English word in the Japanese)."""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.core.jsontypes import Value

COLOUR: Mapping[str, tuple[str, str]] = {
    "red": ("Red", "赤"),
    "green": ("Green", "緑"),
    "blue": ("Blue", "青"),
    "generic": ("Generic", "ジェネリック"),
    "ztrike": ("ZTRIKE", "ズトライク"),
}
DECIDED: Mapping[str, tuple[str, str]] = {
    "weakness": ("colour weakness", "色の弱点"),
    "power": ("power", "パワー"),
    "tie": ("a tie", "引き分け"),
}
ZONE: Mapping[str, tuple[str, str]] = {
    "hand": ("hand", "手札"),
    "deck": ("deck", "デッキ"),
    "discard": ("discard pile", "捨て札"),
    "victory_zone": ("Victory Zone", "ビクトリーゾーン"),
    "play": ("Play Zone", "プレイゾーン"),
}
OUTCOME: Mapping[str, tuple[str, str]] = {
    "win": ("win", "勝利"),
    "unfinished": ("unfinished", "未決着"),
    "escalate": ("to the judge", "ジャッジの判断"),
}

#: kind -> (English, Japanese); placeholders are filled by ``render``.
TEMPLATES: Mapping[str, tuple[str, str]] = {
    "draw": (
        "{who} draws {count} card(s): {before} → {after} in hand",
        "{who}が{count}枚引く：手札{before}枚→{after}枚",
    ),
    "deck_refreshed": (
        "{who}'s deck is empty: the discard pile ({after} cards) is shuffled into "
        "a new deck{unordered}",
        "{who}のデッキが尽きた：捨て札{after}枚をシャッフルして新しいデッキにする{unordered}",
    ),
    "cannot_draw": (
        "{who} must draw but the deck and the discard pile are empty: the judge decides",
        "{who}は引く必要があるが、デッキも捨て札も空：ジャッジが判断する",
    ),
    "play": (
        "Both players play a card: {p0} plays {card0}, {p1} plays {card1}",
        "両プレイヤーがカードを出す：{p0}は{card0}、{p1}は{card1}",
    ),
    "bonus": ("{who} applies the bonus {index} of {card}", "{who}が{card}のボーナス{index}を適用"),
    "bonus_not_applied": (
        "{who} does not apply the Battle bonus {index} of {card}",
        "{who}は{card}のバトルボーナス{index}を適用しない",
    ),
    "power": ("{who}'s power: {before} → {after}", "{who}のパワー：{before}→{after}"),
    "power_kept_in_range": (
        "{who}'s power {before} is kept within 0 to 10: {after}",
        "{who}のパワー{before}は0から10の範囲に収める：{after}",
    ),
    "colour": (
        "{who}'s card colour: {before_colour} → {after_colour}",
        "{who}のカードの色：{before_colour}→{after_colour}",
    ),
    "vp_adjust": (
        "{who}'s Victory Points bonus: {before} → {after}",
        "{who}の勝利点の増減：{before}→{after}",
    ),
    "move_card": (
        "{who}'s {card} moves from the {src} to the {dst}",
        "{who}の{card}を{src}から{dst}へ移す",
    ),
    "replaced_card": (
        "A Battle bonus replaced a played card: the judge decides",
        "バトルボーナスが出したカードを入れ替えた：ジャッジが判断する",
    ),
    "replacement_bonuses": (
        "{card} replaced {who}'s played card: its own Battle bonuses apply",
        "{card}が{who}の出したカードと入れ替わった：そのカードのバトルボーナスを適用する",
    ),
    "round_decided": (
        "{colours}, power {powers}: {result}, by {decided}",
        "{colours}、パワー{powers}：{result}（{decided}で決定）",
    ),
    "no_win_lose_bonuses": ("A tie: no Win or Lose bonuses", "引き分け：勝利・敗北ボーナスはない"),
    "card_to_discard": ("{who}'s {card} goes to the discard pile", "{who}の{card}を捨て札に置く"),
    "card_to_victory_zone": (
        "{who}'s {card} goes to the Victory Zone",
        "{who}の{card}をビクトリーゾーンに置く",
    ),
    "victory_points": ("Victory Points: {vp0} to {vp1}", "勝利点：{vp0}対{vp1}"),
    "game_over": ("The game ends: {result}", "ゲーム終了：{result}"),
    "main_player_passes": (
        "End Phase: {who} becomes the Main Player",
        "エンドフェイズ：{who}がメインプレイヤーになる",
    ),
}


def _i(lang: str) -> int:
    return 1 if lang == "ja" else 0


def player_label(p: int | None, names: tuple[str, str], lang: str) -> str:
    if p is None:
        return "—"
    return names[p] if names[p] else (f"プレイヤー{p + 1}" if lang == "ja" else f"Player {p + 1}")


def render(  # noqa: C901 - one branch per event kind
    kind: str,
    player: int | None,
    before: Value,
    after: Value,
    params: Mapping[str, Value],
    names: tuple[str, str],
    card_name: Mapping[str, str],
    lang: str,
) -> str:
    i = _i(lang)

    def who(p: int | None) -> str:
        return player_label(p, names, lang)

    def card(cid: Value) -> str:
        return card_name.get(str(cid), str(cid))

    fields: dict[str, str] = {"who": who(player), "before": str(before), "after": str(after)}
    if kind == "draw":
        fields["count"] = str(params.get("count"))
    elif kind == "deck_refreshed":
        fields["unordered"] = (
            ""
            if params.get("ordered")
            else (
                "（順番の記録がないため捨てた順）"
                if i
                else " (no order recorded: the order discarded)"
            )
        )
    elif kind == "play" and isinstance(after, tuple):
        fields.update(p0=who(0), p1=who(1), card0=card(after[0]), card1=card(after[1]))
    elif kind in ("bonus", "bonus_not_applied"):
        fields.update(card=card(params.get("card")), index=str(params.get("index")))
    elif kind == "colour":
        fields.update(before_colour=COLOUR[str(before)][i], after_colour=COLOUR[str(after)][i])
    elif kind == "move_card":
        fields.update(
            card=card(params.get("card")), src=ZONE[str(before)][i], dst=ZONE[str(after)][i]
        )
    elif kind in ("card_to_discard", "card_to_victory_zone", "replacement_bonuses"):
        fields["card"] = card(after)
    elif kind == "round_decided":
        colours = params.get("colours")
        powers = params.get("powers")
        if not isinstance(colours, tuple) or not isinstance(powers, tuple):
            raise TypeError(kind)
        fields["colours"] = ("対" if i else " against ").join(COLOUR[str(c)][i] for c in colours)
        fields["powers"] = ("対" if i else " to ").join(str(x) for x in powers)
        fields["decided"] = DECIDED[str(params.get("decided_by"))][i]
        if after is None:
            fields["result"] = "引き分け" if i else "a tie"
        else:
            fields["result"] = (
                f"{who(int(str(after)))}の勝ち" if i else f"{who(int(str(after)))} wins"
            )
    elif kind == "victory_points" and isinstance(after, tuple):
        fields.update(vp0=str(after[0]), vp1=str(after[1]))
    elif kind == "game_over":
        if after == "win":
            fields["result"] = f"{who(player)}の勝利" if i else f"{who(player)} wins"
        else:
            fields["result"] = OUTCOME[str(after)][i]
    return TEMPLATES[kind][i].format(**fields)


class Renderer:
    """``render`` for one report: the player labels, templates and card names looked up once;
    the commonest event kinds are filled directly (the same text as ``render``)."""

    __slots__ = ("by", "card_name", "i", "lang", "names", "templates", "who")

    def __init__(self, names: tuple[str, str], card_name: Mapping[str, str], lang: str) -> None:
        self.names = names
        self.card_name = card_name
        self.lang = lang
        self.i = i = _i(lang)
        self.who = (player_label(0, names, lang), player_label(1, names, lang), "—")
        self.templates = {kind: texts[i] for kind, texts in TEMPLATES.items()}
        self.by = (" against ", " to ") if i == 0 else ("対", "対")

    def card(self, cid: Value) -> str:
        return self.card_name.get(str(cid), str(cid))

    def text(
        self,
        kind: str,
        player: int | None,
        before: Value,
        after: Value,
        params: tuple[tuple[str, Value], ...],
    ) -> str:
        who = self.who[2 if player is None else player]
        template = self.templates[kind]
        if kind == "draw":
            return template.format(who=who, count=params[0][1], before=before, after=after)
        if kind in ("card_to_discard", "card_to_victory_zone"):
            return template.format(who=who, card=self.card(after))
        if kind == "main_player_passes" or kind == "no_win_lose_bonuses":
            return template.format(who=who)
        if kind == "victory_points" and isinstance(after, tuple):
            return template.format(vp0=after[0], vp1=after[1])
        if kind == "play" and isinstance(after, tuple):
            return template.format(
                p0=self.who[0], p1=self.who[1], card0=self.card(after[0]), card1=self.card(after[1])
            )
        if kind == "round_decided":
            (_, decided_by), (_, colours), (_, powers) = params
            if isinstance(colours, tuple) and isinstance(powers, tuple):
                i = self.i
                against, to = self.by
                if after is None:
                    result = "引き分け" if i else "a tie"
                else:
                    name = self.who[int(str(after))]
                    result = f"{name}の勝ち" if i else f"{name} wins"
                return template.format(
                    colours=against.join(COLOUR[str(c)][i] for c in colours),
                    powers=to.join(str(x) for x in powers),
                    decided=DECIDED[str(decided_by)][i],
                    result=result,
                )
        return render(
            kind, player, before, after, dict(params), self.names, self.card_name, self.lang
        )

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


# -- the judge pages' words (the ruling page; English and Japanese) ---------------------------
#: What a claim path names; ``{who}`` is the player.
CLAIM_SUBJECTS: Mapping[str, tuple[str, str]] = {
    "winner": ("the round's winner", "ラウンドの勝者"),
    "decided_by": ("what decided the round", "ラウンドを決めたもの"),
    "main_player": ("the Main Player", "メインプレイヤー"),
    "victory_points": ("the Victory Points", "勝利点"),
    "victory_points[]": ("{who}'s Victory Points", "{who}の勝利点"),
    "hand": ("the cards in {who}'s hand", "{who}の手札の枚数"),
    "deck": ("the cards in {who}'s deck", "{who}のデッキの枚数"),
    "discard": ("the cards in {who}'s discard pile", "{who}の捨て札の枚数"),
    "victory_zone": ("{who}'s Victory Zone", "{who}のビクトリーゾーン"),
}
#: Why a game stopped (``Outcome.reason``).
REASONS: Mapping[str, tuple[str, str]] = {
    "victory_points": ("20 Victory Points", "勝利点20"),
    "both_over_20": (
        "both players reached 20 Victory Points in the same round",
        "両プレイヤーが同じラウンドで勝利点20に達した",
    ),
    "cannot_draw": (
        "a player must draw but the deck and the discard pile are empty",
        "引く必要があるが、デッキも捨て札も空",
    ),
    "replaced_card": (
        "a Battle bonus replaced a played card",
        "バトルボーナスが出したカードを入れ替えた",
    ),
}
#: The register's questions for the head judge, and each option's answer (TA-01…TA-10).
QUESTIONS: Mapping[str, tuple[str, str]] = {
    "TA-01": ("Are the round's cards revealed together?", "ラウンドのカードは同時に公開するか？"),
    "TA-02": (
        "Do Victory Points count the printed points or one per card?",
        "勝利点は印刷された点数で数えるか、1枚1点で数えるか？",
    ),
    "TA-03": (
        "Whose Win or Lose bonus applies first?",
        "勝利ボーナスと敗北ボーナスはどちらを先に適用するか？",
    ),
    "TA-04": (
        "Who wins when both players reach 20 Victory Points in one round?",
        "同じラウンドで両プレイヤーが勝利点20に達したら誰の勝ちか？",
    ),
    "TA-05": ("Is a deck exactly 36 cards?", "デッキはちょうど36枚か？"),
    "TA-06": (
        "Is it one copy per ZTRIKE card, or one ZTRIKE card in total?",
        "ZTRIKEカードは同じカード1枚までか、合計1枚までか？",
    ),
    "TA-07": (
        "What happens when a draw is needed and the deck and discard pile are empty?",
        "デッキも捨て札も空のときに引く必要があったらどうするか？",
    ),
    "TA-08": (
        "Is an empty deck refreshed at once or at the next draw?",
        "空になったデッキはすぐに作り直すか、次に引くときか？",
    ),
    "TA-09": (
        "Does a card put into the Play Zone by a Battle bonus apply its own Battle bonus?",
        "バトルボーナスでプレイゾーンに置かれたカードは自分のバトルボーナスを適用するか？",
    ),
    "TA-10": (
        "Is the Victory Pile the Victory Zone?",
        "ビクトリーパイルはビクトリーゾーンと同じか？",
    ),
}
ANSWERS: Mapping[tuple[str, str], tuple[str, str]] = {
    ("TA-01", "SIMULTANEOUS"): ("they are revealed together", "同時に公開する"),
    ("TA-01", "MAIN_FIRST"): ("the Main Player's first", "メインプレイヤーが先"),
    ("TA-02", "SUM"): ("the printed points", "印刷された点数"),
    ("TA-02", "COUNT"): ("one point per card", "1枚1点"),
    ("TA-03", "MAIN_FIRST"): ("the Main Player's first", "メインプレイヤーが先"),
    ("TA-03", "WINNER_FIRST"): ("the winner's first", "勝者が先"),
    ("TA-04", "ESCALATE"): ("the head judge decides", "ヘッドジャッジが判断する"),
    ("TA-04", "MORE_VP"): ("more Victory Points win", "勝利点の多い方が勝つ"),
    ("TA-05", "EXACT"): ("exactly 36", "ちょうど36枚"),
    ("TA-05", "AT_LEAST"): ("at least 36", "36枚以上"),
    ("TA-06", "PER_ID"): ("one copy per ZTRIKE card", "同じカード1枚まで"),
    ("TA-06", "IN_TOTAL"): ("one ZTRIKE card in total", "合計1枚まで"),
    ("TA-07", "ESCALATE"): ("the head judge decides", "ヘッドジャッジが判断する"),
    ("TA-07", "DRAW_WHAT_THERE_IS"): ("the player draws what there is", "引けるだけ引く"),
    ("TA-08", "IMMEDIATE"): ("at once", "すぐに"),
    ("TA-08", "ON_DRAW"): ("at the next draw", "次に引くとき"),
    ("TA-09", "ESCALATE"): ("the head judge decides", "ヘッドジャッジが判断する"),
    ("TA-09", "IGNORE"): ("it does not", "適用しない"),
    ("TA-09", "APPLY"): ("it does", "適用する"),
    ("TA-10", "SAME"): ("the same zone", "同じゾーン"),
}


def claim_subject(path: str, names: tuple[str, str], lang: str) -> str:
    """A claim path in plain words (``players[1].hand`` -> "the cards in Ben's hand")."""
    i = _i(lang)
    who = ""
    key = path
    if path.startswith("players[") and "]." in path:
        seat, key = path[len("players[") :].split("].", 1)
        who = player_label(int(seat) if seat in ("0", "1") else None, names, lang)
    elif path.startswith("victory_points[") and path.endswith("]"):
        seat = path[len("victory_points[") : -1]
        who = player_label(int(seat) if seat in ("0", "1") else None, names, lang)
        key = "victory_points[]"
    pair = CLAIM_SUBJECTS.get(key)
    return path if pair is None else pair[i].format(who=who)


def claim_value(
    path: str, value: object, names: tuple[str, str], card_name: Mapping[str, str], lang: str
) -> str:
    """A claimed or replayed value in plain words (a player's name, card names, a number)."""
    i = _i(lang)
    if path == "winner" or path == "main_player":
        if value is None:
            return "なし（引き分け）" if i else "no one (a tie)"
        return (
            player_label(int(str(value)), names, lang) if str(value) in ("0", "1") else str(value)
        )
    if path == "decided_by" and isinstance(value, str) and value in DECIDED:
        return DECIDED[value][i]
    if isinstance(value, list):
        if not value:
            return "なし" if i else "none"
        return ("、" if i else ", ").join(card_name.get(str(v), str(v)) for v in value)
    return "—" if value is None else str(value)


def reason_words(reason: str, lang: str) -> str:
    pair = REASONS.get(reason)
    return reason if pair is None else pair[_i(lang)]


def question_words(key: str, lang: str) -> str:
    pair = QUESTIONS.get(key)
    return key if pair is None else pair[_i(lang)]


def answer_words(key: str, value: str, lang: str) -> str:
    pair = ANSWERS.get((key, value))
    return value if pair is None else pair[_i(lang)]


#: The ruling page's sentences (answer first).
SENTENCES: Mapping[str, tuple[str, str]] = {
    "game_win": (
        "{who} wins the game in round {round}: {reason} ({vp0} to {vp1}).",
        "{round}ラウンド目で{who}の勝利：{reason}（{vp0}対{vp1}）。",
    ),
    "game_escalate": (
        "Round {round} goes to the head judge: {reason}.",
        "{round}ラウンド目はヘッドジャッジの判断：{reason}。",
    ),
    "game_goes_on": (
        "After round {round} the game goes on: {vp0} to {vp1} Victory Points.",
        "{round}ラウンド目のあと、ゲームは続く：勝利点{vp0}対{vp1}。",
    ),
    "no_rounds": ("The record has no round to replay.", "再生するラウンドがない。"),
    "round_won": (
        "Round {round}: {who} wins the round by {decided} ({colours}, power {powers}).",
        "{round}ラウンド目：{decided}で{who}の勝ち（{colours}、パワー{powers}）。",
    ),
    "round_tie": (
        "Round {round}: a tie ({colours}, power {powers}); both cards go to the discard piles "
        "and no Win or Lose bonus applies.",
        "{round}ラウンド目：引き分け（{colours}、パワー{powers}）。両方のカードを捨て札に置き、"
        "勝利・敗北ボーナスはない。",
    ),
    "illegal": (
        "Round {round}: the record breaks {rule} at {path}: {message}.",
        "{round}ラウンド目：記録が{rule}に反している（{path}）。",
    ),
    "where": ("in round {round}", "{round}ラウンド目"),
    "round_title": ("Round {round}", "{round}ラウンド目"),
}


def sentence(key: str, lang: str, **fields: object) -> str:
    return SENTENCES[key][_i(lang)].format(**fields)

"""English and Japanese texts for events (the engine emits typed events; this renders them)."""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.core.jsontypes import Value
from judging.engine.zutomayo.cardeffects.condition_words import CONDITION_ZONES, CONDITIONS
from judging.engine.zutomayo.cardeffects.words import WORDS as EFFECT_WORDS
from judging.engine.zutomayo.rules import RuleRef

LANGUAGES = ("en", "ja")

VOCABULARY: Mapping[str, Mapping[str, str]] = {
    "en": {
        "night": "NIGHT", "day": "DAY", "power_charger": "power charger", "abyss": "abyss",
        "battle_zone": "battle zone", "zone_a": "set zone A", "zone_b": "set zone B",
        "zone_c": "set zone C", "hand": "hand", "deck": "deck", "deck_top": "top of the deck",
        "deck_bottom": "bottom of the deck", "face_down": "face down",
        "hp_zero": "HP reached 0", "deck_out": "could not draw at the end of the turn",
        "both_decked_out": "neither player could draw at the end of the turn",
        "both_hp_zero": "both players' HP reached 0 at once",
        "effect_draw_failed": "could not draw the cards an effect required",
        "effect_mill_failed": "the deck did not have the cards an effect had to place",
        "otherwise_lose": "could not meet an \"otherwise, you lose\" prerequisite",
        "infinite_loop": "an infinite loop neither player can stop",
        "cannot_set": "a player had to set a card with an empty hand",
        "not_taking_effect": "this card's effect does not take effect now",
        "power_cost": "power cost not met", "condition": "prerequisite not met",
        "prohibited": "prohibited", "zero_times": "0 times (1.3.2.2)",
        "negative_times": "a negative number of times, which is not the opposite action (1.3.2.2)",
        "already_full": "HP is already 100",
        "already_there": "the medal is already there",
        "not_in_zone_c": "the card is not in set zone C",
        "no_character": "there is no character in the battle zone", "win": "win", "draw": "draw",
        "deck_short": "the deck had fewer cards; the rest is not done (Q70; ZA-19)",
        "escalate": "escalate to the head judge", "allow": "may set 2", "forbid": "may set only 1",
        "self": "self", "opponent": "opponent", "both": "both players",
        "unfinished": "unfinished", "record_ended": "the record ends here",
        "illegal_input": "illegal input", "second_card": "setting a second card",
        "darkness": "darkness", "flame": "flame", "electric": "electric", "wind": "wind",
        "chaos": "chaos", "any_element": "any of the five elements",
        "zc_cards": "cards there", "zc_element_cards": "cards of the element",
        "zc_other_element_cards": "cards of another element",
        "zc_distinct_elements": "different elements", "zc_song_cards": "cards of the song",
        "already_so": "it is already so", "this_turn": "this turn",
        "while_on_field": "while it stays in the battle zone", "forward": "forward",
        "back": "back",
        "card_unknown": "the record does not say which card it is (hidden in the snapshot)",
        "deck_empty": "the deck has no cards", "none_to_choose": "there is no card to choose",
        "copied_manual": "the copied card's effect is not run by the engine: the judge enters it",
        "negated": "negated by the opponent's effect this turn (Q51)",
        "no_card_to_choose": "there is no card it can choose (1.3.2)",
        "fewer_cards": "there were fewer cards than it asks; as many as possible are moved (1.3.2)",
        "none_chosen": "no card was chosen",
        "no_area_enchant": "the opponent has no area enchant in play (1.3.2)",
        "no_power_card": "no card in the opponent's power charger has that SEND TO POWER (Q64)",
        "no_power_character": "no character in the opponent's power charger (Q69)",
        "yes": "yes", "no": "no",
    },
    "ja": {
        "night": "夜", "day": "昼", "power_charger": "パワーチャージャー", "abyss": "アビス",
        "battle_zone": "バトルゾーン", "zone_a": "セットゾーンA", "zone_b": "セットゾーンB",
        "zone_c": "セットゾーンC", "hand": "手札", "deck": "デッキ", "deck_top": "デッキの上",
        "deck_bottom": "デッキの下", "face_down": "裏向き",
        "hp_zero": "HPが0になった", "deck_out": "ターン終了時にカードを引けなかった",
        "both_decked_out": "ターン終了時に両プレイヤーともカードを引けなかった",
        "both_hp_zero": "両プレイヤーのHPが同時に0になった",
        "effect_draw_failed": "効果で指定された枚数を引けなかった",
        "effect_mill_failed": "効果で置くべき枚数がデッキになかった",
        "otherwise_lose": "「そうでなければ敗北」の条件を満たせなかった",
        "infinite_loop": "どちらも止められない無限ループ",
        "cannot_set": "手札がないのにカードをセットしなければならない",
        "not_taking_effect": "このカードの効果は今は発動しない",
        "power_cost": "パワーコスト不足", "condition": "条件を満たしていない",
        "prohibited": "禁止されている", "zero_times": "0回（1.3.2.2）",
        "negative_times": "負の回数であり、逆の行動を意味しない（1.3.2.2）",
        "already_full": "HPはすでに100",
        "already_there": "メダルはすでにその位置にある",
        "not_in_zone_c": "カードがセットゾーンCにない",
        "no_character": "バトルゾーンにキャラクターがいない", "win": "勝利", "draw": "引き分け",
        "deck_short": "デッキの枚数が足りず、残りは行われない（Q70、ZA-19）",
        "escalate": "ヘッドジャッジの判断が必要", "allow": "2枚までセット可能",
        "forbid": "1枚のみセット可能", "self": "自分", "opponent": "相手", "both": "両プレイヤー",
        "unfinished": "未終了", "record_ended": "記録はここまで", "illegal_input": "不正な入力",
        "second_card": "2枚目のセット",
        "darkness": "闇", "flame": "炎", "electric": "電気", "wind": "風", "chaos": "カオス",
        "any_element": "５属性のいずれか", "zc_cards": "カードの枚数",
        "zc_element_cards": "その属性のカードの枚数",
        "zc_other_element_cards": "それ以外の属性のカードの枚数",
        "zc_distinct_elements": "属性の種類の数", "zc_song_cards": "その楽曲のカードの枚数",
        "already_so": "すでにそうなっている", "this_turn": "このターン",
        "while_on_field": "バトルフィールドにいる間", "forward": "進む", "back": "戻る",
        "card_unknown": "記録にどのカードか書かれていない（局面で非公開）",
        "deck_empty": "デッキにカードがない", "none_to_choose": "選べるカードがない",
        "copied_manual": "使うカードの効果はエンジンが処理しないため、ジャッジが入力する",
        "negated": "このターン相手の効果で無効になっている（Q51）",
        "no_card_to_choose": "選べるカードがない（1.3.2）",
        "fewer_cards": "指定より少ない枚数しかなく、できるだけ置いた（1.3.2）",
        "none_chosen": "カードを選ばなかった",
        "no_area_enchant": "相手のエリアエンチャントが置かれていない（1.3.2）",
        "no_power_card": "相手のパワーチャージャーにそのSEND TO POWERのカードがない（Q64）",
        "no_power_character": "相手のパワーチャージャーにキャラクターがない（Q69）",
        "yes": "はい", "no": "いいえ",
    },
}  # fmt: skip

OP_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "attack_plus": "Attack +", "attack_minus": "Attack -", "set_attack": "set attack to",
        "deal_damage": "deal damage", "heal": "heal", "reduce_damage": "reduce damage by",
        "move_medal": "move the medal", "draw": "draw cards",
        "mill": "place cards from the deck in the abyss", "move_card": "move a card",
        "allow_second_card": "allow a second card", "forbid_second_card": "forbid a second card",
        "prohibit": "prohibit", "otherwise_lose": "otherwise, you lose",
        "infinite_loop": "infinite loop", "end_area_enchant": "end condition met",
        "second_card": "setting a second card",
    },
    "ja": {
        "attack_plus": "攻撃力+", "attack_minus": "攻撃力-", "set_attack": "攻撃力を次の値にする",
        "deal_damage": "ダメージを与える", "heal": "回復", "reduce_damage": "ダメージ軽減",
        "move_medal": "メダルを移動", "draw": "カードを引く", "mill": "デッキの上からアビスに置く",
        "move_card": "カードを移動", "allow_second_card": "2枚目のセットを許可",
        "forbid_second_card": "2枚目のセットを禁止", "prohibit": "禁止",
        "otherwise_lose": "そうでなければ敗北", "infinite_loop": "無限ループ",
        "end_area_enchant": "終了条件を満たした", "second_card": "2枚目のセット",
    },
}  # fmt: skip
"""Effect primitives by name (the ``op`` of an effect entry)."""
_EFFECT_WORDS: Mapping[str, Mapping[str, str]] = {
    lang: {op: pair[k] for op, pair in EFFECT_WORDS.items()} for k, lang in enumerate(("en", "ja"))
}


def op_word(op: str, lang: str) -> str:
    """An effect's ``op`` in words: a primitive (``OP_WORDS``) or a card-effect action that is not
    one primitive (``cardeffects.words``); unknown ops are shown as they are."""
    return OP_WORDS[lang].get(op) or _EFFECT_WORDS[lang].get(op, op)


TEMPLATES: Mapping[str, tuple[str, str]] = {
    "DECK_CHECKED": ("{player}'s deck has {after} cards, at most 2 per pack and number.",
                     "{player}のデッキは{after}枚、同じパック・番号は2枚まで。"),
    "SIDES_ASSIGNED": ("{player} won rock-paper-scissors and is the night side.",
                       "{player}がじゃんけんに勝ち、夜側になった。"),
    "MEDAL_PLACED": ("The medal is put on midnight (position {after}).",
                     "メダルを真夜中（位置{after}）に置いた。"),
    "HP_SET": ("Both HP meters are set to {after}.", "両プレイヤーのHPを{after}にした。"),
    "HAND_DRAWN": ("{player} draws 5 cards: deck {before} → {after}.",
                   "{player}は5枚引いた：デッキ{before}→{after}枚。"),
    "REDRAWN": ("{player} redraws {after} card(s) ({cards}).",
                "{player}は{after}枚引き直した（{cards}）。"),
    "SNAPSHOT_LOADED": ("The judge's snapshot is loaded; next turn {after}, medal {medal}.",
                        "ジャッジの記録した局面を読み込んだ。次は{after}ターン目、メダル{medal}。"),
    "FIRST_CARD_PLACED": ("{player} puts a card face down in the battle zone.",
                          "{player}はカードを1枚バトルゾーンに裏向きで置いた。"),
    "REVEALED": ("The cards are turned over at the same time: {name0} {p0}; {name1} {p1}.",
                 "カードを同時に公開した：{name0} {p0}、{name1} {p1}。"),
    "CARD_MOVED": ("{player}'s {card} moves from the {from_zone} to the {to_zone}.",
                   "{player}の{card}が{from_zone}から{to_zone}へ移動した。"),
    "CARD_NAMED": ("{player} names the card name of {named} (the full name, brackets and all; "
                   "Q50).",
                   "{player}はカード名「{named}」を指定した（括弧内まですべて、Q50）。"),
    "HAND_CARD_REVEALED": ("{player} chooses {card} from {owner}'s hand and reveals it; it goes "
                           "back to the hand (10.3.2). Named: {named}; the same card name: "
                           "{matches} (Q50).",
                           "{player}は{owner}の手札から{card}を選んで公開した。公開後は手札に戻す"
                           "（10.3.2）。指定したカード名：{named}、同じカード名か：{matches}"
                           "（Q50）。"),
    "SET_ALLOWANCE": ("{player} may set {after} card(s) this turn.",
                      "{player}はこのターン{after}枚セットできる。"),
    "CARDS_SET": ("{player} sets {count} card(s) face down.",
                  "{player}は{count}枚を裏向きでセットした。"),
    "TIME_ADVANCED": ("Time moves forward {delta}: the medal moves from {before} to {after} "
                      "({time_before} → {time_after}).",
                      "時間が{delta}進んだ：メダルが{before}から{after}へ（{time_before}→{time_after}）。"),
    "PRIORITY_DETERMINED": ("The medal is on {medal} ({time}): {player} is the priority player.",
                            "メダルは{medal}（{time}）：{player}が優先プレイヤー。"),
    "PRIORITY_KEPT": ("Night and day switched, but {player}'s effects all resolve first.",
                      "昼夜が入れ替わったが、{player}の効果をすべて先に解決する。"),
    "EFFECT_NOT_DESCRIBED": ("{player}'s {card} has an effect the record does not describe: "
                             "treated as having no effect.",
                             "{player}の{card}の効果は記録に記載がないため、効果なしとして扱う。"),
    "EFFECT_FAILED": ("{player}'s {card} ({op}) does not take effect: {reason}.",
                      "{player}の{card}（{op}）は発動しない：{reason}。"),
    "EFFECT_RESOLVED": ("{player}'s {card} takes effect: {op} {amount} ({target}).",
                        "{player}の{card}の効果が発動：{op} {amount}（{target}）。"),
    "EFFECT_AUTOMATIC_RESULT": ("{player}'s {card}: the record's entry overrides the card's "
                                "effect; by itself it would do: {automatic}.",
                                "{player}の{card}：記録の入力がカードの効果に優先する。"
                                "カードの効果だけなら：{automatic}。"),
    "EFFECT_NOT_DONE": ("{op} is not done for {player}: {reason}.",
                        "{player}への{op}は行われない：{reason}。"),
    "ATTACK_DETERMINED": ("{player}'s attack: {card} printed {before} ({time}), final {after} "
                          "(power {power}, cost {cost}).",
                          "{player}の攻撃力：{card}の{time}の攻撃力{before}、最終{after}"
                          "（パワー{power}、コスト{cost}）。"),
    "BATTLE_RESOLVED": ("Battle {attack}: {player} wins the battle.",
                        "バトル{attack}：{player}がバトルに勝利。"),
    "BATTLE_TIE": ("Battle {attack}: the attacks are equal, the battle is a draw.",
                   "バトル{attack}：攻撃力が同じため引き分け。"),
    "DAMAGE_APPLIED": ("{player} takes {amount} damage: HP {before} → {after}.",
                       "{player}は{amount}ダメージを受けた：HP {before}→{after}。"),
    "DRAW": ("{player} draws {drawn} card(s): deck {before} → {after}.",
             "{player}は{drawn}枚引いた：デッキ{before}→{after}枚。"),
    "TURN_ENDED": ("The turn ends.", "ターン終了。"),
    "GAME_ENDED": ("The game ends: {after} ({reason}); winner {player}.",
                   "ゲーム終了：{after}（{reason}）。勝者{player}。"),
    "ATTACK_MODIFIED": ("{player}'s attack: {before} → {after} ({op}{amount}; never below 0).",
                        "{player}の攻撃力：{before}→{after}（{op}{amount}、0未満にはならない）。"),
    "ATTACK_SET": ("{player}'s attack is set to {after} (was {before}).",
                   "{player}の攻撃力を{after}にした（元は{before}）。"),
    "HEALED": ("{player} heals {amount}: HP {before} → {after} (at most 100).",
               "{player}は{amount}回復：HP {before}→{after}（上限100）。"),
    "DAMAGE_REDUCTION_ADDED": ("{player}'s damage reduction this turn: {before} → {after}.",
                               "{player}のこのターンのダメージ軽減：{before}→{after}。"),
    "CARDS_MILLED": ("{moved} card(s) from the top of {player}'s deck go to the abyss: "
                     "deck {before} → {after}.",
                     "{player}のデッキの上から{moved}枚をアビスに置いた：デッキ{before}→{after}枚。"),
    "SET_COUNT_CHANGED": ("On turn {turn}, {player} {after}.",
                          "{turn}ターン目、{player}は{after}。"),
    "PROHIBITION_ADDED": ("{player}: {after} is prohibited until turn {until_turn}.",
                          "{player}：{until_turn}ターン目まで{after}は禁止。"),
    "LOOP_RESOLVED": ("The loop is carried out {count} time(s), then left.",
                      "ループを{count}回行い、ループ外の行動を行う。"),
    "ZONE_COUNTED": ("{card} looks at {player}'s {zone} ({total} card(s)): {what} ({of}) {after}.",
                     "{card}は{player}の{zone}（{total}枚）を見た：{what}（{of}）は{after}。"),
    "POWER_BONUS_ADDED": ("{player}'s power for power costs this turn: {before} → {after} ({card}: "
                          "★+{per} per card counted, counted again at each check).",
                          "{player}のこのターンのパワーコスト確認用のパワー：{before}→{after}（{card}："
                          "数えたカード１枚につき★+{per}、確認のたびに数え直す）。"),
    "EFFECT_CHANGE_ADDED": ("{player}'s {card}: {op} ({duration}): {before} → {after}.",
                            "{player}の{card}：{op}（{duration}）：{before}→{after}。"),
    "SONG_CARDS_REVEALED": ("{player} reveals {after} character(s) of the song from the hand "
                            "({cards}) for {card}; they go back to the hand.",
                            "{player}は{card}の効果で手札から楽曲のキャラクターを{after}枚公開した"
                            "（{cards}）。公開後は手札に戻す。"),
    "CARDS_REVEALED": ("{player}'s {zone} is revealed ({after} card(s): {cards}), then put back "
                       "as it was.",
                       "{player}の{zone}を公開した（{after}枚：{cards}）。その後元に戻す。"),
    "DECK_REORDERED": ("The top {count} card(s) of {player}'s deck are looked at and put back in "
                       "the chosen order.",
                       "{player}のデッキの上から{count}枚を見て、選んだ順番に入れ替えて戻した。"),
    "HAND_SIZE_CHANGED": ("{player}'s hand size until the game ends: {before} → {after} more.",
                          "{player}の手札の数（ゲーム終了まで）：{before}→{after}枚増。"),
    "AREA_ENCHANT_BANNED": ("{player} may not set an area enchant while {card} stays in set "
                            "zone C.",
                            "{card}がセットゾーンCにある間、{player}はエリアエンチャントを"
                            "セットできない。"),
    "ENCHANTS_NEGATED": ("The effects of {player}'s enchants are negated for the rest of the "
                         "turn ({card}); those already resolved stay.",
                         "このターン、{player}のエンチャントの効果をすべて無効にする（{card}）。"
                         "すでに処理された効果はそのまま。"),
    "CHARACTER_KEPT": ("{player} keeps {after} in the battle zone: {card}, set this turn, is not "
                       "swapped in and stays in its set zone.",
                       "{player}はバトルゾーンの{after}を変えない：このターンにセットした{card}は"
                       "入れ替えず、セットゾーンに残る。"),
    "EFFECT_COPIED": ("{player}'s {card} uses the effect of {cards} as its own.",
                      "{player}の{card}は{cards}の効果をこのカードの効果として使う。"),
    "MEDAL_MOVED": ("An effect moves the medal from {before} to {after} "
                    "({time_before} → {time_after}).",
                    "効果によりメダルが{before}から{after}へ移動（{time_before}→{time_after}）。"),
}  # fmt: skip


_CARD_PARAMS = frozenset({"card", "p0", "p1", "cards", "drawn", "named"})


def _card(value: Value, lang: str, names: Mapping[str, str]) -> str:
    if isinstance(value, tuple) and value:
        return ", ".join(_card(v, lang, names) for v in value)
    if isinstance(value, str) and value in names:
        # Japanese texts show the card's name only (its id is Latin); English keeps the id.
        return names[value] if lang == "ja" else f"{names[value]} [{value}]"
    return _fmt(value, lang)


STEP_TITLES: Mapping[str, tuple[str, str]] = {
    "4.1": ("Building a deck", "デッキの確認"),
    "4.2.1": ("Rock-paper-scissors", "じゃんけん"),
    "4.2.2": ("Medal and HP", "メダルとHP"),
    "4.2.4": ("Opening hands", "最初の手札"),
    "4.2.5": ("Redraw", "引き直し"),
    "start": ("Judge's snapshot", "ジャッジの記録した局面"),
    "4.2.6": ("First card face down", "最初のカードを伏せる"),
    "4.2.7": ("Reveal", "公開"),
    "5.1.1": ("Time moves forward", "時間を進める"),
    "5.1.2": ("Characters' effects", "キャラクターの効果"),
    "5.1.3": ("Battle: deciding attack", "バトル：攻撃力の決定"),
    "5.1.4": ("Battle: calculating damage", "バトル：ダメージ計算"),
    "5.1.5": ("End of the turn", "ターン終了"),
    "5.2.1": ("Setting cards", "カードのセット"),
    "5.2.2": ("Revealing the set cards", "セットしたカードの公開"),
    "5.2.3": ("Start of turn effects", "ターン開始時の効果"),
    "5.2.4": ("Time moves forward", "時間を進める"),
    "5.2.5": ("Character swap", "キャラクターの入れ替え"),
    "5.2.6": ("Area enchant swap", "エリアエンチャントの入れ替え"),
    "5.2.7": ("Effects", "効果"),
    "5.2.8": ("Battle: deciding attack (→ 5.1.3)", "バトル：攻撃力の決定（→5.1.3）"),
    "5.2.9": ("Battle: calculating damage (→ 5.1.4)", "バトル：ダメージ計算（→5.1.4）"),
    "5.2.10": ("End of turn effects", "ターン終了時の効果"),
    "5.2.11": ("End of the turn", "ターン終了"),
}  # fmt: skip
"""Pipeline steps as the report's sub-headings (heading-only 5.2.8/5.2.9 point to 5.1.3/5.1.4)."""


def step_title(step: str, lang: str) -> str:
    titles = STEP_TITLES.get(step)
    if titles is None:
        return step
    title = titles[1 if lang == "ja" else 0]
    return title if step == "start" else f"{step} {title}"


def _fmt(value: Value, lang: str) -> str:
    if isinstance(value, str):  # the commonest first: words, then numbers
        return VOCABULARY[lang].get(value, value)
    if type(value) is int:
        return str(value)
    if value is None or value == ():
        return "-" if lang == "en" else "なし"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        inner = ", ".join(_fmt(v, lang) for v in value)
        return f"({inner})" if any(isinstance(v, tuple) for v in value) else inner
    return str(value)


def word(value: str, lang: str) -> str:
    """A vocabulary word (outcome, reason, zone, time) in ``lang``."""
    return VOCABULARY["ja" if lang == "ja" else "en"].get(value, value)


_VARIANTS_JA = {"priority": "優先プレイヤー", "info": "公開情報と非公開情報"}


def rule_display(key: str, lang: str) -> str:
    """ "10.2.1 (Priority player)" / "10.2.1（優先プレイヤー）"; plain numbers unchanged."""
    number, _, variant = key.partition("#")
    if not variant:
        return number
    if lang == "ja":
        return f"{number}（{_VARIANTS_JA.get(variant, variant)}）"
    return RuleRef(number, variant).display


def player_label(player: int | None, lang: str) -> str:
    if player is None:
        return "nobody" if lang == "en" else "なし"
    return f"P{player}" if lang == "en" else f"プレイヤー{player}"


class _Fields(dict[str, str]):
    """A template's fields: each parameter is formatted only when the template asks for it."""

    __slots__ = ("_lang", "_names", "_params")

    def __init__(
        self, params: tuple[tuple[str, Value], ...], lang: str, names: Mapping[str, str] | None
    ) -> None:
        super().__init__()
        self._params = params
        self._lang = lang
        self._names = names

    def __missing__(self, key: str) -> str:
        for name, value in self._params:
            if name == key:
                return self._text(key, value)
        return "?"

    def _text(self, key: str, value: Value) -> str:
        lang = self._lang
        if key == "op" and isinstance(value, str):
            return op_word(value, lang)
        if key == "automatic" and isinstance(value, tuple):
            return _automatic(value, lang)
        if self._names and key in _CARD_PARAMS and value is not None:
            return _card(value, lang, self._names)
        return _fmt(value, lang)


def _automatic(parts: tuple[Value, ...], lang: str) -> str:
    """What a card's effect would do by itself: ((op, amount) | ("condition", code) |
    ("power_cost",), …) in words."""
    out: list[str] = []
    for part in parts:
        if not isinstance(part, tuple) or not part:
            continue
        head = str(part[0])
        if head in ("condition", "power_cost"):
            out.append(word(head, lang))
        else:
            amount = part[1] if len(part) > 1 else ""
            out.append(f"{op_word(head, lang)} {amount}".strip())
    if not out:
        return "何もしない" if lang == "ja" else "nothing"
    return ("、" if lang == "ja" else "; ").join(out)


def render(
    kind: str,
    player: int | None,
    before: Value,
    after: Value,
    params: tuple[tuple[str, Value], ...],
    lang: str = "en",
    names: Mapping[str, str] | None = None,
) -> str:
    """An event's text in ``lang`` ("en" or "ja"); ``names`` maps card ids to card names.

    It takes the event's fields rather than the ``Event`` so that events (``state``) can render
    themselves without this module knowing their type.
    """
    index = 1 if lang == "ja" else 0
    lang = LANGUAGES[index]
    template_kind = kind
    if kind == "BATTLE_RESOLVED" and after is None:
        template_kind = "BATTLE_TIE"
    template = TEMPLATES.get(template_kind)
    if template is None:
        return template_kind
    fields = _Fields(params, lang, names)
    fields["player"] = player_name(player, lang, names)
    if template_kind == "REVEALED":
        fields["name0"] = player_name(0, lang, names)
        fields["name1"] = player_name(1, lang, names)
    if template_kind == "HAND_CARD_REVEALED" and player is not None:
        fields["owner"] = player_name(1 - player, lang, names)
    fields["before"] = _fmt(before, lang)
    fields["after"] = _fmt(after, lang)
    if template_kind == "EFFECT_FAILED":
        requires = next((v for k, v in params if k == "requires"), None)
        if requires is not None:
            opp = player_name(None if player is None else 1 - player, lang, names)
            text = condition_words(requires, lang, fields["player"], opp)
            fields["reason"] = (f"{fields['reason']}（条件：{text}）" if lang == "ja"
                                else f"{fields['reason']} (the text asks: {text})")  # fmt: skip
    if template_kind == "SET_ALLOWANCE" and isinstance(after, tuple):
        joiner = " or " if lang == "en" else "または"
        fields["after"] = joiner.join(_fmt(v, lang) for v in after)
    return template[index].format_map(fields)


def condition_words(key: Value, lang: str, me: str, opp: str) -> str:
    """A condition of a card's text (``Condition.key``: code, amount, elements, zone, parts) in
    words (``condition_words.CONDITIONS``), about the card's player ``me`` and ``opp``."""
    if not isinstance(key, tuple) or len(key) != 5:
        return _fmt(key, lang)
    code, amount, elements, zone, parts = key
    index = 1 if lang == "ja" else 0
    if code == "cond.all_of" and isinstance(parts, tuple) and parts:
        joiner = "、かつ" if index else "; and "
        return joiner.join(condition_words(part, lang, me, opp) for part in parts)
    pair = CONDITIONS.get(str(code))
    if pair is None:
        return str(code)
    names = [word(str(e), lang) for e in elements] if isinstance(elements, tuple) else []
    zone_pair = CONDITION_ZONES.get(str(zone))
    zone_text = zone_pair[index].format(me=me, opp=opp) if zone_pair else ""
    return pair[index].format(
        me=me, opp=opp, n=amount, zone=zone_text,
        elements=("・" if index else " or ").join(names),
    )  # fmt: skip


def player_name(player: int | None, lang: str, names: Mapping[str, str] | None = None) -> str:
    """The player's name from ``names`` (keys ``#P0``/``#P1``), else "P0" / "プレイヤー0"."""
    if player is not None and names:
        name = names.get(f"#P{player}")
        if name:
            return name
    return player_label(player, lang)


CLAIM_SUBJECTS: Mapping[str, tuple[str, str]] = {
    "hp": ("{player}'s HP", "{player}のHP"),
    "total_power": ("{player}'s total power", "{player}のパワーの総数"),
    "battle_zone": ("the character in {player}'s battle zone",
                    "{player}のバトルゾーンのキャラクター"),
    "zone_a": ("{player}'s set zone A", "{player}のセットゾーンA"),
    "zone_b": ("{player}'s set zone B", "{player}のセットゾーンB"),
    "zone_c": ("{player}'s set zone C", "{player}のセットゾーンC"),
    "power_charger": ("{player}'s power charger", "{player}のパワーチャージャー"),
    "abyss": ("{player}'s abyss", "{player}のアビス"),
    "hand": ("{player}'s hand", "{player}の手札"),
    "deck_count": ("the number of cards in {player}'s deck", "{player}のデッキの枚数"),
    "chronos.position": ("the medal's mark", "メダルの位置"),
    "medal": ("the medal's mark", "メダルの位置"),
    "chronos.time": ("the time of day", "時間帯"),
    "priority": ("the priority player", "優先プレイヤー"),
    "battle.winner": ("the winner of the battle", "バトルの勝者"),
    "battle.damage": ("the battle damage", "バトルのダメージ"),
    "battle.attack": ("the attacks", "攻撃力"),
    "battle.attack.p": ("{player}'s attack", "{player}の攻撃力"),
    "result.outcome": ("the result of the game", "ゲームの結果"),
    "result.winner": ("the winner of the game", "ゲームの勝者"),
}  # fmt: skip
"""What a claim path names, in words (``players[1].hp`` is "Bo's HP")."""

_PLAYER_PATH = ("players[", "battle.attack[")
_PLAYER_VALUES = ("battle.winner", "result.winner", "priority")


def claim_subject(path: str, lang: str, names: Mapping[str, str] | None = None) -> str:
    """A claim path in words: ``players[1].hp`` → "Bo's HP" / "BoのHP"."""
    index = 1 if lang == "ja" else 0
    player: int | None = None
    key = path
    if path.startswith("players[") and "]." in path:
        player, key = int(path[8]), path.split("].", 1)[1]
    elif path.startswith("battle.attack["):
        player, key = int(path[14]), "battle.attack.p"
    pair = CLAIM_SUBJECTS.get(key)
    if pair is None:
        return path
    return pair[index].format(player=player_name(player, lang, names))


def claim_value(path: str, value: object, lang: str, names: Mapping[str, str] | None = None) -> str:
    """A claimed or replayed value in words: a player's name, a card's name, 夜/昼, なし (never
    "None")."""
    ja = lang == "ja"
    if value is None:
        if path.endswith("winner"):
            return "なし（引き分け）" if ja else "nobody (a draw)"
        return "なし" if ja else "none"
    if path.endswith(_PLAYER_VALUES) and type(value) is int and value in (0, 1):
        return player_name(value, lang, names)
    if isinstance(value, (list, tuple)):
        if not value:
            return "なし" if ja else "none"
        return ("、" if ja else ", ").join(claim_value("", v, lang, names) for v in value)
    if isinstance(value, str):
        if names and value in names and not value.startswith("#"):
            return names[value]
        if value == "?":
            return "不明" if ja else "unknown"
        return word(value, lang)
    if isinstance(value, bool):
        return ("はい" if value else "いいえ") if ja else ("yes" if value else "no")
    return str(value)


def checkpoint_words(at: str, lang: str) -> str:
    """``T3/5.2.9:before`` → "on turn 3 before 5.2.9 Battle: calculating damage (→ 5.1.4)";
    ``T3`` → "at the end of turn 3" / "3ターン目の終わり"."""
    ja = lang == "ja"
    head, _, when = at.partition(":")
    turn, _, step = head.partition("/")
    number = turn[1:] if turn.startswith("T") else turn
    if not step:
        return f"{number}ターン目の終わり" if ja else f"at the end of turn {number}"
    title = step_title(step, lang)
    if when == "before":
        return f"{number}ターン目、{title}の前" if ja else f"on turn {number} before {title}"
    return f"{number}ターン目、{title}の後" if ja else f"on turn {number} after {title}"


AMBIGUITY_QUESTIONS: Mapping[str, tuple[tuple[str, str], Mapping[str, tuple[str, str]]]] = {
    "ZA-01": (("Which Chronos marks are night?", "クロノスのどのマークが夜か？"),
              {"SYM9": ("marks 14-17 and 0-4 are night (the official field mat)",
                        "14〜17と0〜4が夜（公式フィールドマット）"),
               "HALF9": ("marks 0-8 are night", "0〜8が夜")}),
    "ZA-04": (("Both players' HP reach 0 at the same moment: what happens?",
               "両プレイヤーのHPが同時に0になったらどうなるか？"),
              {"ESCALATE": ("the head judge decides", "ヘッドジャッジが判断する"),
               "DRAW": ("the game is a draw", "ゲームは引き分け")}),
    "ZA-08": (("A player must draw more cards at the end of the turn than the deck has: "
               "draw what is there first?",
               "ターン終了時に引く枚数がデッキより多い：先に引けるだけ引くか？"),
              {"DRAW_THEN_LOSE": ("they draw what is there, then lose",
                                  "引けるだけ引いてから敗北"),
               "LOSE_WITHOUT_DRAWING": ("they lose without drawing", "引かずに敗北")}),
    "ZA-09": (("An effect's draw is prohibited: does the player lose for not drawing?",
               "効果による引く行動が禁止された：引けなかったことで敗北するか？"),
              {"NO_LOSS": ("no, the draw just isn't done (1.3.3)",
                           "敗北しない。引く行動が行われないだけ（1.3.3）"),
               "LOSS": ("yes, they lose (8.2.1)", "敗北する（8.2.1）")}),
    "ZA-14": (("A player who must set a card has no card in hand: what happens?",
               "カードをセットしなければならないプレイヤーの手札がない：どうなるか？"),
              {"ESCALATE": ("the head judge decides", "ヘッドジャッジが判断する"),
               "LOSE": ("that player loses", "そのプレイヤーの敗北")}),
    "ZA-19": (("An effect cannot place all the named cards from a deck in the abyss: "
               "does the deck's owner lose at once?",
               "効果で指定された枚数をデッキからアビスに置けない：デッキの持ち主はすぐに敗北するか？"),
              {"LOSS": ("yes, at once (ground rules 8.2.2)", "すぐに敗北する（ルール8.2.2）"),
               "NO_LOSS": ("no, only if they cannot draw at the end of the turn (Q&A Q70)",
                           "敗北しない。ターン終了時に引けない場合のみ敗北（Q&A Q70）")}),
}  # fmt: skip
"""Each ambiguity of the register (``profile.AMBIGUITIES``) as a question a judge can answer, and
each choice as its answer."""


def ambiguity_question(key: str, lang: str) -> str:
    if ".choices.picks[" in key:  # a card's choice, named by its record path
        who = key.split(".choices.picks[", 1)[1][:1]
        if lang == "ja":
            return f"プレイヤー{who}がカードの効果の選択で選んだもの（{key}）"
        return f"what player {who} chose when the card's effect asked ({key})"
    if ".choices.order[" in key:  # a choice an effect asked for, named by its record path
        who = key[-2:-1]
        if lang == "ja":
            return f"プレイヤー{who}の効果を解決する順番（{key}、5.2.7.3）"
        return f"the order player {who}'s effects take effect in ({key}, 5.2.7.3)"
    entry = AMBIGUITY_QUESTIONS.get(key)
    return key if entry is None else entry[0][1 if lang == "ja" else 0]


def ambiguity_answer(key: str, choice: str, lang: str) -> str:
    entry = AMBIGUITY_QUESTIONS.get(key)
    if entry is None or choice not in entry[1]:
        return choice
    return entry[1][choice][1 if lang == "ja" else 0]


ILLEGAL_TEMPLATES: Mapping[str, tuple[str, str]] = {
    "DECK_SIZE": ("player {p}'s deck has {count} cards, not {size}",
                  "{player}のデッキは{count}枚で、{size}枚ではない"),
    "DECK_SAME_CARD": ("player {p}'s deck has more than 2 cards with pack {pack} and number "
                       "{number}",
                       "{player}のデッキに、同じ弾（{pack}）で同じ番号（{number}）のカードが3枚以上ある"),
    "REDRAW_NOT_IN_HAND": ("player {p} redraws {card}, which is not in hand",
                           "{player}は手札にない{card}を引き直しで戻している"),
    "REDRAW_DECK": ("player {p}'s deck after the redraw must be the remaining deck plus the "
                    "returned cards",
                    "{player}の引き直し後のデッキは、残りのデッキに戻したカードを加えたものでなければならない"),
    "HP_ABOVE_MAX": ("player {p} has {hp} HP; HP can't go above {max}",
                     "{player}のHPが{hp}になっている。HPは{max}を超えない"),
    "HP_ZERO": ("player {p} has {hp} HP: the game ended when it reached 0",
                "{player}のHPが{hp}になっている。HPが0になった時点でゲームは終わっている"),
    "NOT_CHARACTER": ("{card} is not a character: only the character that battles is put in the "
                      "battle zone",
                      "{card}はキャラクターではない。バトルゾーンに置くのはバトルするキャラクターだけである"),
    "NOT_AREA_ENCHANT": ("{card} is not an area enchant: set zone C holds area enchants whose "
                         "effects have taken effect",
                         "{card}はエリアエンチャントではない。セットゾーンCに置くのは効果を発揮したエリア"
                         "エンチャントである"),
    "SNAPSHOT_COUNT": ("player {p} has {count} cards in the snapshot, not {size}",
                       "局面の{player}のカードは{count}枚で、{size}枚ではない"),
    "SNAPSHOT_SAME_CARD": ("player {p} has more than 2 cards with pack {pack} and number {number}",
                           "{player}は同じ弾（{pack}）で同じ番号（{number}）のカードを3枚以上持っている"),
    "SNAPSHOT_MORE_THAN_LISTED": ("player {p}'s deck has {listed} {card}, but the snapshot has "
                                  "{card} in more places",
                                  "{player}のデッキの{card}は{listed}枚だが、局面ではそれより多くの場所に"
                                  "{card}がある"),
    "TURN_AFTER_END": ("a turn is recorded after the game ended on turn {end}",
                       "{end}ターン目にゲームが終わった後のターンが記録されている"),
    "TURN_ONE_TIMING": ("turn 1 has no start-of-turn or end-of-turn effect step (5.1)",
                        "1ターン目にはターン開始時・ターン終了時の効果のステップはない（5.1）"),
    "TURN_ONE_NO_TIMING_STEP": ("turn 1 has no start-of-turn or end-of-turn effect step",
                                "1ターン目にはターン開始時・ターン終了時の効果のステップはない"),
    "TURN_ONE_TWO_CARDS": ("player {p} puts two cards face down on turn 1",
                           "{player}が1ターン目にカードを2枚伏せている"),
    "NOT_IN_HAND": ("player {p} has no {card} in hand", "{player}の手札に{card}はない"),
    "SET_COUNT": ("player {p} sets {count} cards but may set {allowed}",
                  "{player}は{count}枚セットしているが、セットできるのは{allowed}枚"),
    "EFFECT_NONE_WRITTEN": ("player {p}'s {card} has no effect written on it, so it has no "
                            "{op_code} to resolve",
                            "{player}の{card}には効果が書かれていないため、解決する効果（{op}）はない"),
    "EFFECT_NOT_IN_PLAY": ("player {p}'s {card} is not on the field or in the set zone when its "
                           "effect comes to be resolved at {step}, so its {op_code} cannot take "
                           "effect",
                           "{player}の{card}は、{step}で効果を解決する時点で場にもセットゾーンにもない"
                           "ため、その効果（{op}）は発揮されない"),
    "CHOICE_NOT_AN_OPTION": ("player {p}'s answer {answer} to a choice {card}'s effect asks is "
                             "not among its options ({options})",
                             "{player}の{card}の効果の選択への回答は、選べるものの中にない"),
    "CHOICE_WRONG_COUNT": ("player {p}'s answer {answer} to a choice {card}'s effect asks has "
                           "{count} card(s), but the choice takes {wanted}",
                           "{player}の{card}の効果の選択への回答は{count}枚だが、選ぶ枚数は{wanted}枚"),
    "CHOICE_NOT_A_CARD_NAME": ("player {p}'s answer {answer} to {card}'s naming a card is not "
                               "one card of the catalogue (a full card name, Q50)",
                               "{player}の{card}のカード名の指定への回答は、カード1枚のカード名ではない"
                               "（カード名は括弧内まですべて、Q50）"),
    "CHOICE_NOT_ASKED": ("the record answers a choice of player {p}'s {card} that its effect "
                         "did not ask this turn (it asked {asked})",
                         "{player}の{card}の効果がこのターンに求めていない選択に、記録が回答している"
                         "（求めた選択は{asked}件）"),
}  # fmt: skip
"""Illegal input in words: a key and its parameters (``p`` a player's seat, ``card`` a card id,
``allowed`` seat counts separated by spaces, ``op`` an effect's operation), as the events are."""


def illegal_message(
    key: str,
    params: tuple[tuple[str, str | int], ...],
    lang: str = "en",
    names: Mapping[str, str] | None = None,
) -> str | None:
    """An illegal-input message in ``lang``; None for a key this table does not know."""
    template = ILLEGAL_TEMPLATES.get(key)
    if template is None:
        return None
    index = 1 if lang == "ja" else 0
    lang = LANGUAGES[index]
    given = dict(params)
    fields = _Fields(tuple((k, v) for k, v in params if k != "allowed"), lang, names or {"": ""})
    seat = given.get("p")
    fields["player"] = player_name(seat if isinstance(seat, int) else None, lang, names)
    fields["op_code"] = str(given.get("op", ""))
    if "allowed" in given:
        joiner = " or " if lang == "en" else "または"
        fields["allowed"] = joiner.join(str(given["allowed"]).split())
    return template[index].format_map(fields)

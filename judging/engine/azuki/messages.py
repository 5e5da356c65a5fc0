"""The texts of Azuki TCG events and rulings in English and Japanese (no English word in the
Japanese, apart from card names, which are printed in English)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from judging.engine.core.jsontypes import Value

ROW: Mapping[str, tuple[str, str]] = {
    "garden": ("Garden", "ガーデン"),
    "alley": ("Alley", "アレイ"),
    "leader": ("leader", "リーダー"),
}
KEYWORD: Mapping[str, tuple[str, str]] = {
    "Charge": ("Charge", "チャージ"),
    "Defender": ("Defender", "ディフェンダー"),
    "Taunt": ("Taunt", "タウント"),
    "Infiltrate": ("Infiltrate", "インフィルトレイト"),
    "Bloodlust": ("Bloodlust", "ブラッドラスト"),
    "Godmode": ("Godmode", "ゴッドモード"),
    "Carapace": ("Carapace", "カラペイス"),
}
STATUS: Mapping[str, tuple[str, str]] = {
    "shocked": ("Shocked", "ショック"),
    "frozen": ("Frozen", "フリーズ"),
    "rooted": ("Rooted", "ルート"),
}
WHY: Mapping[str, tuple[str, str]] = {
    "attacker_left": ("the attacker left the field", "アタッカーが場を離れた"),
    "target_destroyed": ("the target was destroyed", "攻撃対象が破壊された"),
    "target_left": ("the target left the field", "攻撃対象が場を離れた"),
}
OUTCOME: Mapping[str, tuple[str, str]] = {
    "win": ("win", "勝利"),
    "unfinished": ("unfinished", "未決着"),
    "escalate": ("to the judge", "ジャッジの判断"),
}
OP: Mapping[str, tuple[str, str]] = {
    "damage": ("damage", "ダメージ"),
    "destroy": ("destruction", "破壊"),
    "sacrifice": ("sacrifice", "生け贄"),
    "heal": ("healing", "回復"),
    "attack_plus": ("an attack change", "攻撃力の変更"),
    "health_plus": ("a health change", "体力の変更"),
    "keyword": ("a keyword", "キーワードの付与"),
    "status": ("a status", "状態の付与"),
    "displace": ("Displace", "ディスプレイス"),
    "return_to_hand": ("a return to hand", "手札に戻す効果"),
}

#: kind -> (English, Japanese); placeholders are filled by ``render``.
TEMPLATES: Mapping[str, tuple[str, str]] = {
    "snapshot": ("The judge's snapshot: play resumes at turn {turn}",
                 "ジャッジのスナップショット：{turn}ターン目から再開"),
    "opening_hand": ("{who} draws an opening hand of {count} cards",
                     "{who}が初期手札{count}枚を引く"),
    "mulligan": ("{who} puts the whole hand on the bottom of the deck and draws {count} new cards",
                 "{who}が手札すべてをデッキの下に置き、新しく{count}枚引く"),
    "start_skipped": ("{who} goes first and skips the first start of turn: no untap, no draw",
                      "先攻の{who}は最初のターン開始をとばす：アンタップもドローもしない"),
    "shocked_stays_tapped": ("{card} is Shocked and skips this untap",
                             "{card}はショックのため今回のアンタップをとばす"),
    "sealed_ikz_stays": ("{count} Sealed IKZ stay tapped in this Reset",
                         "封印されたIKZ{count}枚はこのリセットでタップのまま"),
    "untap": ("{who} untaps their cards", "{who}が自分のカードをアンタップする"),
    "draw": ("{who} draws {count} card(s): {hand} in hand, {deck} in the deck",
             "{who}が{count}枚引く：手札{hand}枚、デッキ{deck}枚"),
    "ikz_token": ("{who} goes second and gets the one-use IKZ token",
                  "後攻の{who}が一度だけ使えるIKZトークンを得る"),
    "resource": ("{who} adds 1 IKZ: {before} → {after}", "{who}がIKZを1つ加える：{before}→{after}"),
    "weapon_discarded": ("{card} goes to {who}'s discard pile at the end of the turn",
                         "ターン終了時に{card}が{who}の捨て札に置かれる"),
    "entity_reset": ("{card}: damage and stat changes reset at the end of the turn",
                     "{card}：ターン終了時にダメージと能力値の変化がリセットされる"),
    "end": ("End of {who}'s turn", "{who}のターン終了"),
    "no_hand_limit": ("{who} keeps {count} cards: there is no hand size limit",
                      "{who}は手札{count}枚のまま：手札の上限はない"),
    "deck_out": ("{who} must draw from an empty deck and loses",
                 "{who}は空のデッキから引かなければならず、敗北する"),
    "both_leaders_zero": ("Both leaders are at 0 health at once; there are no draws",
                          "両リーダーの体力が同時に0になった。引き分けはない"),
    "leader_zero": ("{who}'s leader is at 0 health: {who} loses",
                    "{who}のリーダーの体力が0になった：{who}の敗北"),
    "paid": ("{who} pays {ikz} IKZ{token_en}", "{who}がIKZを{ikz}支払う{token_ja}"),
    "replaced": ("The row is full: {card} in slot {slot} is replaced and goes to the discard pile",
                 "列がいっぱい：{slot}番の{card}が入れ替えられ、捨て札に置かれる"),
    "enters": ("{card} enters {who}'s {row} (slot {slot}){cooldown_en}",
               "{card}が{who}の{row}（{slot}番）に入る{cooldown_ja}"),
    "spell": ("{who} plays the spell {card}", "{who}が呪文{card}を使う"),
    "equip": ("{who} attaches {card} to {holder}: attack {attack}",
              "{who}が{card}を{holder}に装備する：攻撃力{attack}"),
    "gate": ("{who} taps the Gate and brings {card} from the Alley into the Garden",
             "{who}がゲートをタップし、{card}をアレイからガーデンに出す"),
    "attack": ("Step 1: {attacker} taps and attacks {target}",
               "手順1：{attacker}がタップし、{target}を攻撃する"),
    "bloodlust": ("Bloodlust: {card} gets +1 attack ({attack}) for targeting a leader",
                  "ブラッドラスト：リーダーを対象にしたので{card}の攻撃力+1（{attack}）"),
    "step": ("Step {step}", "手順{step}"),
    "fizzle": ("The attack fizzles: {why}; no combat damage",
               "攻撃は不発：{why}。戦闘ダメージなし"),
    "combat": ("Step 6: {attacker} deals {dealt} and {target} deals {back}, at the same time",
               "手順6：{attacker}が{dealt}、{target}が{back}のダメージを同時に与える"),
    "no_after_attacking": ("Step 7: the attacker did not survive; no After Attacking effects",
                           "手順7：アタッカーが生き残らなかったので、アタック後の効果はない"),
    "response": ("{who} responds{card_en}", "{who}がレスポンスする{card_ja}"),
    "defender": ("Step 4: {who} taps the Defender {card}, the attack's new target",
                 "手順4：{who}がディフェンダー{card}をタップし、新しい攻撃対象にする"),
    "bloodlust_removed": ("The redirect removes the Bloodlust +1 (this event's reading)",
                          "対象の変更でブラッドラストの+1がなくなる（この大会の解釈）"),
    "bloodlust_kept": ("The Defender redirect does not remove the Bloodlust +1",
                       "ディフェンダーによる対象の変更でもブラッドラストの+1は残る"),
    "leader_damage": ("{who}'s leader takes {amount} damage: {health} health",
                      "{who}のリーダーが{amount}ダメージを受ける：体力{health}"),
    "frozen_no_damage": ("{card} is Frozen and takes no damage",
                         "{card}はフリーズしていてダメージを受けない"),
    "carapace": ("Carapace {carapace}: {card} takes {taken} of {amount} damage",
                 "カラペイス{carapace}：{card}は{amount}ダメージのうち{taken}だけ受ける"),
    "entity_damage": ("{card} takes {amount} damage ({damage} of {health})",
                      "{card}が{amount}ダメージを受ける（体力{health}に対し{damage}）"),
    "godmode": ("{card} has Godmode and is not destroyed", "{card}はゴッドモードで破壊されない"),
    "destroyed": ("{card} is destroyed and goes to {who}'s discard pile",
                  "{card}が破壊され、{who}の捨て札に置かれる"),
    "immune": ("{card} is immune: {op} does nothing to it",
               "{card}は効果を受けない：{op}は何もしない"),
    "healed": ("{card} heals {amount}", "{card}が{amount}回復する"),
    "attack_changed": ("{card}: attack {attack}", "{card}：攻撃力{attack}"),
    "health_changed": ("{card}: health {health}", "{card}：体力{health}"),
    "keyword": ("{card} gains {keyword} ({amount})", "{card}が{keyword}を得る（{amount}）"),
    "status": ("{card}: {status} {on_en}", "{card}：{status}{on_ja}"),
    "tapped": ("{card} is tapped", "{card}がタップされる"),
    "untapped": ("{card} is untapped", "{card}がアンタップされる"),
    "returned": ("{card} returns to {who}'s hand", "{card}が{who}の手札に戻る"),
    "displaced": ("{card} is displaced to {who}'s Alley; its card effects do not activate",
                  "{card}が{who}のアレイに移される。カードの効果は発動しない"),
    "milled": ("{who} puts {count} card(s) from the deck into the discard pile ({deck} left)",
               "{who}がデッキから{count}枚を捨て札に置く（残り{deck}枚）"),
    "discarded": ("{who} discards {card}", "{who}が{card}を捨てる"),
    "ikz_sealed": ("{who} has {count} Sealed IKZ", "{who}の封印されたIKZは{count}枚"),
    "ikz_changed": ("{who} has {ikz} IKZ", "{who}のIKZは{ikz}"),
}  # fmt: skip

#: Illegal-input messages by key.
ILLEGAL: Mapping[str, tuple[str, str]] = {
    "after_game_end": ("The game is already over: nothing can happen after it",
                       "ゲームはすでに終わっている：その後には何も起こらない"),
    "mulligan_after_start": ("Mulligans happen before play starts",
                             "マリガンはゲーム開始前に行う"),
    "short_deck": ("The deck has only {count} cards: an opening hand is 7",
                   "デッキが{count}枚しかない：初期手札は7枚"),
    "mulligan_twice": ("A mulligan is allowed once per game", "マリガンは1ゲームに1回まで"),
    "mulligan_partial": ("A mulligan puts the whole hand back: you cannot keep some cards",
                         "マリガンは手札すべてを戻す：一部を残すことはできない"),
    "mulligan_deck": ("The shuffled deck must hold the same cards",
                      "シャッフル後のデッキは同じカードでなければならない"),
    "wrong_player": ("It is player {expected}'s turn: the players take turns in order",
                     "プレイヤー{expected}のターン：ターンは交互に行う"),
    "no_token": ("There is no IKZ token to pay with", "支払いに使うIKZトークンがない"),
    "wrong_payment": ("The cost is {cost} IKZ, paid in full at once, not {paid}",
                      "コストはIKZ{cost}で、一度に全額支払う（{paid}ではない）"),
    "cannot_pay": ("The cost is {cost} IKZ but only {untapped} are untapped",
                   "コストはIKZ{cost}だが、アンタップのIKZは{untapped}しかない"),
    "not_in_hand": ("{card} is not in the hand", "{card}は手札にない"),
    "full_row_choose": ("The row is full: the owner chooses which entity is replaced",
                        "列がいっぱい：どのエンティティと入れ替えるかは持ち主が選ぶ"),
    "not_full": ("The row is not full: nothing is replaced",
                 "列はいっぱいではない：入れ替えはない"),
    "slot_taken": ("Slot {slot} is taken", "{slot}番はふさがっている"),
    "no_card": ("There is no card at {where}", "{where}にカードがない"),
    "frozen_ability": ("{card} is Frozen: its abilities are switched off",
                       "{card}はフリーズしている：能力は働かない"),
    "not_playable": ("{card} is not played from the hand this way",
                     "{card}はこの方法で手札から出せない"),
    "response_outside_attack": ("{card} is a Response: only the defending player uses it, "
                                "during an attack",
                                "{card}はレスポンス：攻撃中に防御側のプレイヤーだけが使える"),
    "row_needed": ("An entity is played to the Garden or the Alley",
                   "エンティティはガーデンかアレイに出す"),
    "not_weapon": ("{card} is not a weapon", "{card}はウェポンではない"),
    "weapon_target": ("A weapon goes to your leader or an entity in your Garden, never the Alley",
                      "ウェポンは自分のリーダーかガーデンのエンティティに装備する。アレイには装備できない"),
    "gate_twice": ("The Gate is used once per turn", "ゲートは1ターンに1回"),
    "gate_from_alley": ("The Gate brings an entity from your own Alley",
                        "ゲートは自分のアレイからエンティティを出す"),
    "attack_own": ("You attack with your own cards", "攻撃は自分のカードで行う"),
    "attack_from_alley": ("Attacks happen in the Garden: an Alley entity cannot attack",
                          "攻撃はガーデンで行う：アレイのエンティティは攻撃できない"),
    "attacker_tapped": ("A tapped card cannot attack: the attacker taps to attack",
                        "タップ状態のカードは攻撃できない：アタッカーはタップして攻撃する"),
    "attacker_frozen": ("A Frozen card cannot attack", "フリーズしたカードは攻撃できない"),
    "attacker_rooted": ("A Rooted card cannot attack", "ルートされたカードは攻撃できない"),
    "leader_no_attack": ("A leader attacks only when it has attack, from a weapon or a card "
                         "effect",
                         "リーダーはウェポンかカードの効果で攻撃力を得たときだけ攻撃できる"),
    "cooldown": ("{card} has cooldown: it entered the Garden this turn and has no Charge",
                 "{card}はクールダウン中：このターンにガーデンに入り、チャージを持たない"),
    "target_own": ("You attack your opponent's cards", "攻撃するのは相手のカード"),
    "target_alley": ("The Alley cannot be attacked", "アレイは攻撃できない"),
    "target_untapped": ("{card} is an untapped Garden entity and cannot be attacked",
                        "{card}はアンタップ状態のガーデンのエンティティで、攻撃できない"),
    "taunt": ("{card} has Taunt and is tapped: only entities with Taunt can be attacked",
              "{card}はタウントを持ちタップ状態：タウントを持つエンティティしか攻撃できない"),
    "attacker_response": ("Only the defending player gets a response window",
                          "レスポンスできるのは防御側のプレイヤーだけ"),
    "not_response": ("{card} is not marked [Response]", "{card}はレスポンスではない"),
    "not_defender": ("{card} has no Defender", "{card}はディフェンダーを持たない"),
    "defender_tapped": ("{card} is tapped: a Defender must be untapped to take the attack",
                        "{card}はタップ状態：ディフェンダーはアンタップ状態でなければならない"),
    "infiltrate": ("{card} has Infiltrate: Defender cannot take the attack",
                   "{card}はインフィルトレイトを持つ：ディフェンダーは攻撃を引き受けられない"),
    "after_attacking_dead": ("After Attacking effects resolve only if the attacker survived",
                             "アタック後の効果はアタッカーが生き残ったときだけ解決する"),
    "fizzled_steps": ("The attack fizzled: no later step happens",
                      "攻撃は不発：それ以降の手順は行われない"),
    "destroy_leader": ("A leader is not destroyed by effects", "リーダーは効果で破壊されない"),
    "godmode_sacrifice": ("A Godmode card cannot be sacrificed to pay a cost",
                          "ゴッドモードのカードはコストの支払いのために生け贄にできない"),
    "leader_health_plus": ("Leader health changes by damage or healing",
                           "リーダーの体力はダメージか回復でのみ変わる"),
    "move_leader": ("Only entities move between rows", "列を移動できるのはエンティティだけ"),
    "displace_alley": ("Displace moves an entity from the Garden",
                       "ディスプレイスはガーデンのエンティティを移す"),
    "not_entity": ("{card} is not an entity", "{card}はエンティティではない"),
    "not_there": ("{card} is not there", "{card}はそこにない"),
}  # fmt: skip

_PLACE = re.compile(r"^p([01])\.(leader|garden|alley)(?:\.(\d))?(?:@(.+))?$")


def player_label(p: int | None, names: tuple[str, str], lang: str) -> str:
    if p is None:
        return "両プレイヤー" if lang == "ja" else "both players"
    return names[p]


def _place(text: str, names: tuple[str, str], cards: Mapping[str, str], lang: str) -> str:
    m = _PLACE.match(text)
    if m is None:
        return cards.get(text, text)
    who = names[int(m.group(1))]
    row = ROW[m.group(2)][1 if lang == "ja" else 0]
    name = cards.get(m.group(4) or "", "")
    if m.group(2) == "leader":
        where = f"{who}のリーダー" if lang == "ja" else f"{who}'s leader"
    else:
        slot = int(m.group(3)) + 1
        where = f"{who}の{row}{slot}番" if lang == "ja" else f"{who}'s {row} slot {slot}"
    if not name:
        return where
    return f"{name}（{where}）" if lang == "ja" else f"{name} ({where})"


def render(
    kind: str,
    player: int | None,
    params: Mapping[str, Value],
    names: tuple[str, str],
    cards: Mapping[str, str],
    lang: str,
    table: Mapping[str, tuple[str, str]] = TEMPLATES,
) -> str:
    """One event's (or ruling's) text; card ids become names, places become words."""
    ja = lang == "ja"
    i = 1 if ja else 0
    values: dict[str, str] = {"who": player_label(player, names, lang)}
    for key, value in params.items():
        if key in ("card", "attacker", "target", "holder", "where") and isinstance(value, str):
            values[key] = _place(value, names, cards, lang) if value else ""
        elif key == "row" and isinstance(value, str):
            values[key] = ROW[value][i]
        elif key == "keyword" and isinstance(value, str):
            values[key] = KEYWORD.get(value, (value, value))[i]
        elif key == "status" and isinstance(value, str):
            values[key] = STATUS[value][i]
        elif key == "why" and isinstance(value, str):
            values[key] = WHY[value][i]
        elif key == "op" and isinstance(value, str):
            values[key] = OP.get(value, (value, "効果"))[i]
        elif key == "slot" and isinstance(value, int):
            values[key] = str(value + 1)
        elif key == "expected" and isinstance(value, int):
            values[key] = names[value]
        else:
            values[key] = str(value)
    values["token_en"] = " and the IKZ token" if params.get("token") is True else ""
    values["token_ja"] = "（IKZトークンも使う）" if params.get("token") is True else ""
    values["cooldown_en"] = " with cooldown" if params.get("cooldown") is True else ""
    values["cooldown_ja"] = "（クールダウン）" if params.get("cooldown") is True else ""
    card_name = values.get("card", "")
    values["card_en"] = f" with {card_name}" if card_name else ""
    values["card_ja"] = f"（{card_name}）" if card_name else ""
    values["on_en"] = "on" if params.get("on") is not False else "off"
    values["on_ja"] = "になる" if params.get("on") is not False else "が解ける"
    template = table.get(kind)
    if template is None:
        return kind
    return template[i].format(**values)

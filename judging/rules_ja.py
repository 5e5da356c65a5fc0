"""Ground-rules clause → the passage of the Japanese basic rules that says the same (issue 15).

The ground rules (English, v1.0.1) are an unofficial translation; the Japanese basic rules
(``zutomayo-basic-rules.ja.txt``, a start guide) cover only part of them. Beside each cited clause
the ruling page shows the Japanese passage named here. Keys on the right are those
``judging.documents.split_sections`` gives the basic rules (``zbr.<heading>#p<n>``). An empty
tuple says, on purpose, that the Japanese guide has no passage for the clause (design 2.4-2.6:
it omits the start-of-turn and end-of-turn effects, "choose 1 or 2", "never 0", the tie
details, the Q&A-era clauses 6-10). ``tests/judging/test_rules_ja.py`` keeps this table complete
for every clause the engine can cite and checks that every passage exists.
"""

from __future__ import annotations

from collections.abc import Mapping

_EFFECTS_2 = "zbr.キャラクター-エンチャント-エリアエンチャントの効果の処理"
_ATTACK = "zbr.バトル-攻撃力-night-day-の決定"
_DAMAGE = "zbr.バトル-ダメージの計算"
_TYPES = "zbr.character-キャラクター-enchant-エンチャント-area-enchant-エリアエンチャント"
_REDRAW = "zbr.手札の引き直し"
_LATER_TURNS = "-".join(
    (
        "zbr.以降のターンは",
        "2ターン目以降",
        "を繰り返し",
        "どちらかのhpが0になり勝敗がつくまでバトルを続けます",
    )
)
_SETUP = "zbr.クロノス"  # the guide's setup list sits under its Chronos heading

JA_PASSAGES: Mapping[str, tuple[str, ...]] = {
    "1.2.1": (f"{_SETUP}#p10",),
    "1.2.2": ("zbr.hpメーター#p2",),
    "1.2.3": ("zbr.ゲームの終了条件#p1", "zbr.ゲームの終了条件#p2"),
    "1.2.4": ("zbr.ゲームの終了条件#p3",),
    "1.3.1": (),
    "1.3.2": (),
    "1.3.2.1": (),
    "1.3.2.2": (),
    "1.3.3": (),
    "1.3.4": (),
    "1.3.5": (),
    "2.2": ("zbr#p5", _TYPES, f"{_TYPES}#p1"),
    "2.3.4": ("zbr.character-キャラクター#p2", "zbr.5攻撃力#p1"),
    "2.3.6": ("zbr.パワーコスト#p1", "zbr.パワーコスト#p2"),
    "2.3.7": ("zbr.センドトゥパワー#p1",),
    "2.3.10.1": ("zbr.11カードナンバー#p2",),
    "3.2": ("zbr.バトルゾーン#p1",),
    "3.3": ("zbr.セットゾーン#p1",),
    "3.4": ("zbr.パワーチャージャー#p1", "zbr.パワーチャージャー#p3"),
    "3.4.1": ("zbr.パワーチャージャー#p2",),
    "3.4.2": (),
    "3.6": ("zbr.アビス#p1",),
    "3.6.1": (),
    "3.6.2": (),
    "3.7.1": (),
    "3.8.1": (f"{_SETUP}#p2",),
    "3.8.2": (f"{_SETUP}#p2",),
    "3.8.3": (),
    "3.8.4": (f"{_SETUP}#p1",),
    "4.1.1": (f"{_SETUP}#p4",),
    "4.1.2": ("zbr.11カードナンバー#p2",),
    "4.2.1": (f"{_SETUP}#p8",),
    "4.2.2": (f"{_SETUP}#p10",),
    "4.2.3": (f"{_SETUP}#p12", f"{_SETUP}#p14"),
    "4.2.4": (f"{_SETUP}#p16",),
    "4.2.5": (f"{_REDRAW}#p1",),
    "4.2.5.1": (f"{_REDRAW}#p1",),
    "4.2.5.2": (f"{_REDRAW}#p2",),
    "4.2.5.3": (f"{_REDRAW}#p3",),
    "4.2.6": (f"{_REDRAW}#p5",),
    "4.2.7": (f"{_REDRAW}#p7",),
    "4.2.7.1": (f"{_REDRAW}#p8",),
    "4.2.7.2": (),
    "5.1.1.1": ("zbr.時間を進める#p1",),
    "5.1.1.2": ("zbr.時間を進める#p2",),
    "5.1.2.1": ("zbr.キャラクターの効果の処理#p1",),
    "5.1.2.2": ("zbr.キャラクターの効果の処理#p2",),
    "5.1.3.1": (f"{_ATTACK}#p1", f"{_ATTACK}#p2", f"{_ATTACK}#p3"),
    "5.1.3.2": ("zbr.パワーコスト#p2",),
    "5.1.4.1": (f"{_DAMAGE}#p1",),
    "5.1.4.2": (f"{_DAMAGE}#p2",),
    "5.1.4.3": (),
    "5.1.4.4": (),
    "5.1.5.1": ("zbr.ターンの終了#p1",),
    "5.1.5.2": ("zbr.ターンの終了#p2",),
    "5.2.1": ("zbr.カードのセット#p1",),
    "5.2.1.1": ("zbr.カードのセット#p2",),
    "5.2.1.2": ("zbr.カードのセット#p3",),
    "5.2.1.3": ("zbr.カードのセット#p4",),
    "5.2.1.4": (),
    "5.2.1.5": (),
    "5.2.2.1": ("zbr.セットしたカードを公開する#p1",),
    "5.2.3.1": (),
    "5.2.3.2": (),
    "5.2.4.1": ("zbr.時間を進める-2#p1",),
    "5.2.5.1": ("zbr.キャラクターの入れ替え#p1",),
    "5.2.5.2": ("zbr.キャラクターの入れ替え#p2",),
    "5.2.5.3": ("zbr.キャラクターの入れ替え#p3", "zbr.セットゾーン#p2"),
    "5.2.5.4": (),
    "5.2.5.5": (),
    "5.2.6.1": ("zbr.エリアエンチャントの入れ替え#p1",),
    "5.2.6.2": ("zbr.エリアエンチャントの入れ替え#p2",),
    "5.2.6.3": ("zbr.エリアエンチャントの入れ替え#p3",),
    "5.2.7.1": (f"{_EFFECTS_2}#p1",),
    "5.2.7.2": (f"{_EFFECTS_2}#p2",),
    "5.2.7.3": (),
    "5.2.8": (f"{_ATTACK}-2", f"{_ATTACK}#p1", f"{_ATTACK}#p2", f"{_ATTACK}#p3"),
    "5.2.9": (f"{_DAMAGE}-2", f"{_DAMAGE}#p1", f"{_DAMAGE}#p2"),
    "5.2.10.1": (),
    "5.2.10.2": (),
    "5.2.11.1": ("zbr.ターンの終了-2#p1",),
    "5.2.11.2": ("zbr.ターンの終了-2#p2",),
    "5.3": (_LATER_TURNS,),
    "5.4.1": ("zbr.ゲームの終了条件#p1",),
    "5.4.2": ("zbr.ゲームの終了条件#p2",),
    "5.4.3": ("zbr.ゲームの終了条件#p3",),
    "5.4.3.1": (),
    "6.1.2": ("zbr.6効果#p1",),
    "6.1.3.1": (),
    "6.1.3.2": (),
    "6.1.3.3": ("zbr.area-enchant-エリアエンチャント#p2",),
    "6.1.3.4": (),
    "6.2.1.1": (),
    "6.2.1.3": (),
    "6.3.1": (f"{_EFFECTS_2}#p1",),
    "6.3.2": (),
    "6.3.3": (),
    "7.1": (),
    "7.1.1": (),
    "7.1.2": (f"{_DAMAGE}#p3",),
    "8.1.2": (),
    "8.2.1": (),
    "8.2.2": (),
    "8.2.3": (),
    "9.1.1": ("zbr.パワーチャージャー#p3",),
    "9.1.2": (),
    "9.1.3": ("zbr.パワーコスト#p1",),
    "9.1.4": (),
    "10.1.1.1": (),
    "10.1.1.2": (),
    "10.1.1.3": (),
    "10.2.1#priority": (f"{_EFFECTS_2}#p1",),
    "10.2.2#priority": (),
    "10.2.3#priority": (),
    "10.2.4#priority": (),
}  # fmt: skip

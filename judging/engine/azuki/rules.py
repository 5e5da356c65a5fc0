"""The Azuki TCG FAQ rules the engine cites, by stable key (so a citation survives a
renumbered FAQ).

The FAQ has no clause numbers. Each question is an item keyed ``azk.<section>.<item>``, and the
numbered lists add ``#step<n>`` (``azk.turn.phases#step1``, ``azk.attack.order#step4``). Each key
carries the exact text it stands for (``quote``, the answer or the list item as printed):
``import_rules`` stores it with its SHA-256 under the paragraph it is quoted from (whose
heading-slug key stays as an alias), and a test checks that every quote is found in the FAQ.
"""

from __future__ import annotations

from judging.engine.core.rules import Rule, RuleBook

#: FAQ sections: English as printed, Japanese.
_SECTIONS: dict[str, tuple[str, str]] = {
    "win": ("Winning", "勝利"),
    "start": ("Starting a game", "ゲームの開始"),
    "turn": ("Turns and IKZ", "ターンとIKZ"),
    "zones": ("The Garden, the Alley and the Gate", "ガーデン、アレイ、ゲート"),
    "attack": ("Attacking", "攻撃"),
    "resp": ("Responses and Defender", "レスポンスとディフェンダー"),
    "weapon": ("Weapons", "ウェポン"),
    "kw": ("Keywords", "キーワード"),
    "text": ("Reading card text", "カードテキストの読み方"),
    "deck": ("Deck building", "デッキ構築"),
    "op": ("Tournaments and organized play", "大会と公認イベント"),
    "precedence": ("Coming from another game", "他のゲームから来た方へ"),
}


def _r(key: str, question: str, question_ja: str, quote: str, step: int = 0) -> Rule:
    section = key.split(".")[1].split("#")[0]
    en, ja = _SECTIONS[section]
    tail_en = f", step {step}" if step else ""
    tail_ja = f"、手順{step}" if step else ""
    return Rule(
        key,
        f"{en} › {question}",
        f"Azuki FAQ › {en} › {question}{tail_en}",
        f"Azuki TCG よくある質問 › {ja} › {question_ja}{tail_ja}",
        quote,
    )


_PHASES = (
    "Start: untap your cards, resolve start of turn effects, and draw a card.",
    "Resource: add 1 IKZ to your IKZ area, up to 10.",
    "Main: play cards, attack, use abilities and use your Gate in any order.",
    "End: resolve end of turn effects. Weapons go to the discard pile, and stats and damage on "
    "entities reset.",
)
_ATTACK_STEPS = (
    "The attacker taps and picks a target.",
    "The attacker’s When Attacking effects resolve.",
    "The defending player may play responses.",
    "The defending player may tap a Defender to take the attack.",
    "The target’s When Attacked effects resolve.",
    "Combat damage is dealt.",
    "After Attacking effects resolve, if the attacker survived.",
)
_Q_PHASES = "What happens on each turn?"
_Q_ORDER = "What order does an attack happen in?"

RULES: tuple[Rule, ...] = (
    _r(
        "azk.win.how",
        "How do you win the Azuki TCG?",
        "勝利の方法",
        "Bring your opponent’s leader to 0 health. A player who has to draw from an empty deck "
        "also loses. There are no draws.",
    ),
    _r(
        "azk.win.deckout",
        "What happens when you run out of cards?",
        "デッキが尽きたとき",
        "Nothing until you have to draw. The moment you have to draw from an empty deck, you "
        "lose. There is no fatigue damage.",
    ),
    _r(
        "azk.start.hand",
        "How many cards do you start with?",
        "初期手札",
        "Seven cards and no IKZ. Once per game, before play starts, you may put your whole hand "
        "on the bottom of your deck, draw seven new cards and shuffle. You cannot keep some cards "
        "and swap others.",
    ),
    _r(
        "azk.start.first",
        "Who goes first?",
        "先攻と後攻",
        "The player going first skips their first start of turn: no untap and no draw. The "
        "player going second gets a one-use IKZ token on their first turn.",
    ),
    _r(
        "azk.start.first-attack",
        "Can you attack on your first turn?",
        "最初のターンの攻撃",
        "Yes, with an entity that has Charge, or with your leader once it has attack from a "
        "weapon or an effect.",
    ),
    *(
        _r(f"azk.turn.phases#step{n}", _Q_PHASES, "ターンの流れ", quote, n)
        for n, quote in enumerate(_PHASES, start=1)
    ),
    _r(
        "azk.turn.ikz-token",
        "How does the IKZ token work?",
        "IKZトークン",
        "It pays for 1 IKZ once, then it is gone. It never expires, so you can save it. You "
        "still pay every cost in full at once.",
    ),
    _r(
        "azk.turn.hand-limit",
        "Is there a hand size limit?",
        "手札の上限",
        "No. You can hold as many cards as you like.",
    ),
    _r(
        "azk.zones.garden-alley",
        "What is the difference between the Garden and the Alley?",
        "ガーデンとアレイの違い",
        "The Alley is your back row: attacks and effects cannot reach it unless a card says they "
        "can. Each row holds up to five entities.",
    ),
    _r(
        "azk.zones.full-row",
        "What happens when a row is full?",
        "列がいっぱいのとき",
        "An entity entering a full row replaces one of yours there, and you choose which.",
    ),
    _r(
        "azk.zones.gate",
        "How does the Gate work?",
        "ゲートの使い方",
        "Once per turn, tap your Gate to bring one entity from your Alley into your Garden. Your "
        "Gate’s effect grows with that entity’s Gate Power. Your Gate cannot be attacked or "
        "destroyed.",
    ),
    _r(
        "azk.zones.gate-cooldown",
        "Can an entity attack the turn it comes through the Gate?",
        "ゲートから出たターンの攻撃",
        "Not unless it has Charge. Entering the Garden always gives cooldown.",
    ),
    _r(
        "azk.zones.displace",
        "What does Displace do?",
        "ディスプレイス",
        "Displace moves an entity from the Garden to its owner’s Alley, and its card effects do "
        "not activate.",
    ),
    _r(
        "azk.attack.targets",
        "What can you attack?",
        "攻撃できる対象",
        "Your opponent’s leader, whether tapped or untapped, or an entity in their Garden that "
        "is tapped. Untapped Garden entities and anything in the Alley are safe from attacks "
        "unless a card says otherwise.",
    ),
    _r(
        "azk.attack.leaders",
        "Can leaders attack?",
        "リーダーの攻撃",
        "Only when they have attack, from a weapon or a card effect. Leaders never have "
        "cooldown, so they can attack the turn they gain it.",
    ),
    _r(
        "azk.attack.damage",
        "How is combat damage dealt?",
        "戦闘ダメージ",
        "Both sides deal damage at the same time. An entity with 0 attack can still attack. A "
        "leader with no attack deals no damage back.",
    ),
    _r(
        "azk.attack.damage-reset",
        "Does damage stay on entities?",
        "ダメージの持続",
        "Only until the end of the turn. Entity damage resets then, which does not count as "
        "healing. Leader damage is permanent.",
    ),
    *(
        _r(f"azk.attack.order#step{n}", _Q_ORDER, "攻撃の順序", quote, n)
        for n, quote in enumerate(_ATTACK_STEPS, start=1)
    ),
    _r(
        "azk.attack.attacker-leaves",
        "What if the attacker leaves the field mid-attack?",
        "攻撃中にアタッカーが場を離れたとき",
        "The attack fizzles and no combat happens.",
    ),
    _r(
        "azk.attack.target-destroyed",
        "What if a When Attacking effect destroys the target?",
        "アタック時効果が対象を破壊したとき",
        "The defending player still gets their response window, then the attack fizzles with no "
        "combat damage.",
    ),
    _r(
        "azk.resp.response",
        "What is a Response card?",
        "レスポンスカード",
        "A card or ability marked [Response] can only be used by the defending player, after an "
        "attack is declared. You can play several during one attack. The attacking player never "
        "gets a response window.",
    ),
    _r(
        "azk.resp.defender",
        "How does Defender work?",
        "ディフェンダー",
        "After responses, the defending player may tap an untapped Garden entity with Defender "
        "to make it the attack’s new target. Cooldown does not stop Defender. Infiltrate does.",
    ),
    _r(
        "azk.resp.taunt",
        "What does Taunt do?",
        "タウント",
        "While an entity with Taunt is tapped, your opponent can only attack entities with "
        "Taunt. That includes your leader: it cannot be attacked either.",
    ),
    _r(
        "azk.weapon.how",
        "How do weapons work?",
        "ウェポンの使い方",
        "Attach a weapon to your leader or an entity in your Garden, never the Alley. Its attack "
        "adds to the holder’s. Every weapon goes to the discard pile at the end of the turn.",
    ),
    _r(
        "azk.kw.carapace",
        "Does Carapace stack?",
        "カラペイスの重複",
        "Yes. An entity with Carapace 1 that gains another Carapace 1 from Oathstone has "
        "Carapace 2, and takes 2 less damage from each source.",
    ),
    _r(
        "azk.kw.godmode",
        "Can a Godmode card be destroyed?",
        "ゴッドモード",
        "Not by damage or card effects. It can still be replaced when a row is full, and it "
        "cannot be sacrificed to pay a cost.",
    ),
    _r(
        "azk.kw.status",
        "What is the difference between Shocked, Frozen and Rooted?",
        "ショック、フリーズ、ルートの違い",
        "Shocked skips the card’s next untap. Frozen stops it attacking, stops it taking damage "
        "and switches off its abilities. Rooted only stops it attacking. Each lasts as long as "
        "its card says.",
    ),
    _r(
        "azk.kw.bloodlust",
        "How does Bloodlust work?",
        "ブラッドラスト",
        "Bloodlust gives a card +1 attack until the end of the turn the first time it targets a "
        "leader for an attack each turn. Attacking a tapped entity does not trigger it. In our "
        "reading of the printed wording, a Defender redirecting a leader attack does not remove "
        "the +1.",
    ),
    _r(
        "azk.kw.sealed-ikz",
        "What does Sealed IKZ mean?",
        "封印されたIKZ",
        "A Sealed IKZ is a tapped IKZ resource that cannot be untapped during your Reset phase "
        "(your start-of-turn untap) or by card effects until after your next Reset phase.",
    ),
    _r(
        "azk.text.cost",
        "What does the text before a colon mean?",
        "コロンの前のテキスト",
        "It is the cost. If you pay it in full, the effect after the colon must happen. If the "
        "cost cannot be paid, you get nothing.",
    ),
    _r(
        "azk.text.may-upto",
        "What is the difference between “may” and “up to”?",
        "「してもよい」と「まで」の違い",
        "“May” means you choose whether to do it. Text without “may” is required. “Up to” lets "
        "you choose any amount, including 0.",
    ),
    _r(
        "azk.text.immune",
        "Can you target a card that is immune to an effect?",
        "効果を受けないカードの対象",
        "Yes. The effect just does nothing to that card.",
    ),
    _r(
        "azk.text.once-per-turn",
        "Does Once per Turn reset if the card leaves the field?",
        "ターン1回の効果",
        "Yes. A card that leaves the field and comes back is a fresh card, so it can use the "
        "effect again. Its stats and other changes reset too.",
    ),
    _r(
        "azk.text.triggers",
        "Do triggered effects interrupt the card that caused them?",
        "誘発効果の割り込み",
        "No. The card finishes first, then triggered cards resolve in order.",
    ),
    _r(
        "azk.text.self-on-field",
        "Is a card on the field when its own effect resolves?",
        "自身の効果の解決中のカード",
        "Yes, so effects like Fumiko’s can choose the card itself.",
    ),
    _r(
        "azk.deck.legal",
        "What makes a legal Azuki TCG deck?",
        "デッキの条件",
        "One leader, one Gate and exactly 50 entities, spells and weapons, plus 10 IKZ and an "
        "IKZ token.",
    ),
    _r(
        "azk.deck.copies",
        "How many copies of a card can you play?",
        "同じカードの枚数",
        "Up to four of each card number. Alternate art counts toward the same four.",
    ),
    _r(
        "azk.deck.dual",
        "How do dual-element Leaders work?",
        "2属性のリーダー",
        "The Sisters start at 15 health instead of 20.",
    ),
    _r(
        "azk.deck.banned",
        "Is anything banned?",
        "禁止カード",
        "Rushfire Gate is banned in constructed play.",
    ),
    _r(
        "azk.op.overtime",
        "How long are tournament rounds, and how does overtime work?",
        "ラウンド時間と延長",
        "When overtime ends, tiebreakers check higher Leader health, then cards left in deck, "
        "Garden entities, Alley entities, cards in hand, and finally the player who took damage "
        "last wins.",
    ),
    _r(
        "azk.op.sleeves",
        "What are the sleeve rules at official Azuki TCG tournaments?",
        "スリーブの規定",
        "All cards must use opaque sleeves with clear fronts.",
    ),
    _r(
        "azk.op.leaderboards",
        "How do Azuki TCG Regional Leaderboards work?",
        "地域リーダーボード",
        "Points follow your home region even when you travel to an event abroad",
    ),
    _r(
        "azk.precedence",
        "Coming from another game",
        "カードの優先",
        "When a card’s text or its errata says otherwise, the card wins.",
    ),
)
BOOK = RuleBook(RULES)
BY_KEY = BOOK.by_key
rule = BOOK.rule
display = BOOK.display

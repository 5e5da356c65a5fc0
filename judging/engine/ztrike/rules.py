"""The ZTRIKE rules the engine cites, by stable key (so a citation survives a
reworded rules page).

The official rules have no clause numbers. Each key is ``ztr.<section>.<item>[#s<n>|#step<n>]``,
assigned once; sentence numbers count from the first sentence of the section. Each key carries
the exact sentence it stands for (``quote``): ``import_rules`` stores it with its SHA-256, and a
test checks that every quote is found in the rules text.
"""

from __future__ import annotations

from judging.engine.core.rules import Rule, RuleBook

_VICTOR = "Determining a Round Victor"
_VICTOR_QUOTES = (
    "When players play their cards for the round, if there are any cards with the Battle bonus "
    "effect, you apply that first starting with the Main Player of the round; these bonuses can "
    "change the card already played and therefore need to be applied before doing any color "
    "weaknesses or power checks.",
    "Once all Battle bonuses are applied, then check for Color Weaknesses to see who wins or loses "
    "the round.",
    "Power check does not need to be done if a victor is determined by color weakness.",
    "The Color weaknesses is red defeats green, green defeats blue, and blue defeats red.",
    "If there are no Color Weaknesses, then check for Power to decide the round winner.",
    "The player with the highest power number wins.",
    "If both player's Power are the same, then the round ends in a tie and both cards are "
    "discarded.",
    "If the round has a Winner and a Loser, you may apply any Win or Lose bonuses that may apply "
    "for the players.",
    "In case of a tie, no Win or Lose bonuses are applied.",
    "When you win a round, you place the winning card in your Victory Pile.",
)


def _r(key: str, heading: str, en: str, ja: str, quote: str) -> Rule:
    return Rule(key, heading, f"ZTRIKE › {en}", f"ズトライク公式ルール › {ja}", quote)


RULES: tuple[Rule, ...] = (
    _r("ztr.deck.size", "Deck", "Deck", "デッキ", "The amount of cards you need is 36 cards."),
    _r(
        "ztr.deck.copies",
        "Deck",
        "Deck, bullet 1",
        "デッキ、箇条1",
        "You can only have up to 2 copies of the same Card ID in your Deck.",
    ),
    _r(
        "ztr.mat.pz",
        "The Playmat",
        "The Playmat, 1 Play Zone",
        "プレイマット、1 プレイゾーン",
        "The Play Zone is where you card will be placed after playing it.",
    ),
    _r(
        "ztr.mat.vz",
        "The Playmat",
        "The Playmat, 2 Victory Zone",
        "プレイマット、2 ビクトリーゾーン",
        "You place the cards Upside-Down to see the Victory Points.",
    ),
    _r(
        "ztr.mat.dz",
        "The Playmat",
        "The Playmat, 3 Deck Zone",
        "プレイマット、3 デッキゾーン",
        "When all the cards of a Player's Deck are gone, that Player Shuffles their Discard Pile "
        "and places it on their Deck Face-Down.",
    ),
    _r(
        "ztr.mat.dp",
        "The Playmat",
        "The Playmat, 4 Discard Pile",
        "プレイマット、4 捨て札置き場",
        "The Discard Pile is where you place your cards after they lose a round or when they are "
        "discarded.",
    ),
    _r(
        "ztr.colors",
        "Card Colors and Weaknesses (Red, Blue, Green, Generic, ZTRIKE)",
        "Card Colors and Weaknesses",
        "カードの色と弱点",
        "The first 3 colors have a weakness, while Generic and ZTRIKE do not check color weakness.",
    ),
    _r(
        "ztr.colors.unique",
        "Card Colors and Weaknesses (Red, Blue, Green, Generic, ZTRIKE)",
        "Card Colors and Weaknesses, the ZTRIKE card",
        "カードの色と弱点、ズトライクカード",
        "The ZTRIKE card is unique and can only have 1 copy of this card in your deck.",
    ),
    _r(
        "ztr.colors.weakness",
        "Card Colors and Weaknesses (Red, Blue, Green, Generic, ZTRIKE)",
        "Card Colors and Weaknesses, the list",
        "カードの色と弱点、弱点の一覧",
        "Red > Green Green > Blue Blue > Red",
    ),
    _r(
        "ztr.power",
        "Card Power",
        "Card Power",
        "カードのパワー",
        "Cards have a Power number from 0 to 10.",
    ),
    _r(
        "ztr.bonus.empty",
        "Bonus Effect",
        "Bonus Effect, Empty",
        "ボーナス効果、空欄",
        "Empty - If the bonus effect section is empty, then this card does not have any bonuses.",
    ),
    _r(
        "ztr.bonus.battle",
        "Bonus Effect",
        "Bonus Effect, Battle",
        "ボーナス効果、バトル",
        "Battle - This bonus effect applies during the battle, before resolving who wins or loses "
        "the round.",
    ),
    _r(
        "ztr.bonus.win",
        "Bonus Effect",
        "Bonus Effect, Win",
        "ボーナス効果、勝利",
        "if the owner of the card with this bonus effect won the round, they can apply this bonus "
        "effect.",
    ),
    _r(
        "ztr.bonus.lose",
        "Bonus Effect",
        "Bonus Effect, Lose",
        "ボーナス効果、敗北",
        "if the owner of the card with this bonus effect lost the round, they can apply this bonus "
        "effect.",
    ),
    _r(
        "ztr.play.round",
        "Let the Game Begin!",
        "Let the Game Begin!, Playing the Game",
        "ゲーム開始、ゲームの進め方",
        "Each round players play 1 card from their hand to defeat their opponent's card and earn "
        "victory points.",
    ),
    _r(
        "ztr.play.victory",
        "Let the Game Begin!",
        "Let the Game Begin!, Victory Conditions",
        "ゲーム開始、勝利条件",
        "The first player to win 20 Victory Points wins the game.",
    ),
    _r(
        "ztr.prep#step3",
        "Preparing to ZTRIKE",
        "Preparing to ZTRIKE, step 3",
        "ゲームの準備、手順3",
        "For your next Round, you pass the Main Player counter to the other player.",
    ),
    _r(
        "ztr.prep#step4",
        "Preparing to ZTRIKE",
        "Preparing to ZTRIKE, step 4",
        "ゲームの準備、手順4",
        "Finally, draw cards from the top of your Deck until you have 5 cards in your hand; this "
        "is your starting hand.",
    ),
    _r(
        "ztr.round.start",
        "Round Structure",
        "Round Structure, Start Phase",
        "ラウンドの流れ、スタートフェイズ",
        "Start Phase - All players draw cards until they have 5 cards in their hand.",
    ),
    _r(
        "ztr.round.play",
        "Round Structure",
        "Round Structure, Play Phase",
        "ラウンドの流れ、プレイフェイズ",
        "Play Phase - This is when both players play their card for the round and decide the "
        "round victor.",
    ),
    _r(
        "ztr.round.end",
        "Round Structure",
        "Round Structure, End Phase",
        "ラウンドの流れ、エンドフェイズ",
        "End Phase - The main player then passes the Main Player counter to the next player.",
    ),
    *(
        _r(
            f"ztr.victor#s{n}",
            _VICTOR,
            f"{_VICTOR}, sentence {n}",
            f"ラウンドの勝者の決定、第{n}文",
            quote,
        )
        for n, quote in enumerate(_VICTOR_QUOTES, start=1)
    ),
    _r(
        "ztr.other.precedence",
        "Other Rules",
        "Other Rules, Rules vs Card Effects",
        "その他のルール、ルールとカードの効果",
        "If there is a discrepancy between the basic rules and a card's effect, the card effect "
        "takes precedence.",
    ),
)
BOOK = RuleBook(RULES)
BY_KEY = BOOK.by_key
rule = BOOK.rule
display = BOOK.display

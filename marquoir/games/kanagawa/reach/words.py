"""The words of a reachability report, written where they are shown, in the language of the moment
(:func:`marquoir.i18n.language`; the ``core`` message domain): the plain text of :meth:`ReachReport.render
<marquoir.games.kanagawa.reach.report.ReachReport.render>` (the CLI) and the witness of the web page.

A card is named as a player reads it, never by its catalogue number (:mod:`~marquoir.games.kanagawa.naming`): the
season and subject of a Print half, or the landscape and icon of a Studio half (Kanagawa rules, "Continue your
work": a card is laid by one half or the other); a card kept in hand shows both. A Studio icon is named by its
landscape and where it is: the Starting tile's, or the Studio card at its position (counted from 1 under the
Starting tile).

The verdicts' reasons and the notes are the search's own sentences and are shown as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from marquoir.games.kanagawa.catalogue import StudioHalf, catalogue
from marquoir.games.kanagawa.naming import card_name, catalogue_card_text, diploma_text, studio_what
from marquoir.games.kanagawa.reach.steps import CardAt, IconAt, Step
from marquoir.i18n import N_, _, ngettext

#: The verdicts' words (:class:`~marquoir.games.kanagawa.reach.report.PlayerVerdict`).
VERDICTS = {
    "reachable": N_("reachable"),
    "unreachable": N_("unreachable"),
    "undecided": N_("undecided"),
    "not-checked": N_("not checked"),
}
#: What a Diploma's bonus brings (data/SOURCES.md decisions 7 and 8).
_BONUSES = {
    "brush": N_("bonus: 1 brush"),
    "storm": N_("bonus: 1 Storm token"),
    "assistant": N_("bonus: the Assistant pawn"),
}
#: The storm season of a Print card (the other seasons are words of the game the core translates already).
_STORM = N_("storm")


def verdict_text(verdict: str) -> str:
    """A verdict (``reachable``…) in words."""
    word = VERDICTS.get(verdict)
    return _(word) if word else verdict


def _then(text: str, more: str) -> str:
    """A step's sentence followed by more of it."""
    return _("{step}; {more}").format(step=text, more=more)


def card_text(card: CardAt) -> str:
    """A card as a player reads it: ``summer boar``, ``Studio (water, arrow icon)``; a card kept in hand by both
    its halves."""
    if card.side == "kept":
        if card.card_id is not None:
            return _("kept in hand: {card}").format(card=catalogue_card_text(card.card_id, None))
        return _("a card kept in hand (position {position})").format(position=card.position)
    half = card.half
    if half is None:  # not made by the search: a Print or Studio card always has its half
        if card.card_id is not None:
            return catalogue_card_text(card.card_id, None)
        return _("a card (position {position})").format(position=card.position)
    return card_name(half)


def _studio_what(card: CardAt) -> str:
    """What a Studio card laid shows (``water, arrow icon``)."""
    half = card.half
    return studio_what(half) if isinstance(half, StudioHalf) else card_text(card)


def icon_text(icon: IconAt) -> str:
    """A Studio icon by its landscape and place: ``the forest icon of the Starting tile``, ``the water icon at
    Studio position 3``."""
    landscape = _(icon.landscape)
    card = icon.card
    if card is None:
        return _("the {landscape} icon of the Starting tile").format(landscape=landscape)
    return _("the {landscape} icon at Studio position {position}").format(landscape=landscape, position=card.position)


def _gained(text: str, gained: int) -> str:
    if not gained:
        return text
    return _then(text, ngettext("+{count} brush", "+{count} brushes", gained).format(count=gained))


def _take(step: Step) -> str:
    if not step.cards:
        return _("takes no card (the deck ran out)")
    cards = _("; ").join(card_text(card) for card in step.cards)
    return ngettext(
        "takes a column of {count} card: {cards}", "takes a column of {count} cards: {cards}", len(step.cards)
    ).format(count=len(step.cards), cards=cards)


def _paint(step: Step) -> str:
    card = step.cards[0]
    need = ngettext("{count} brush on {landscape}", "{count} brushes on {landscape}", step.brushes)
    need = need.format(count=step.brushes, landscape=_(step.landscape))
    ways = [
        (_("a new brush on {icon}") if new else _("the brush on {icon}")).format(icon=icon_text(icon))
        for icon, new in zip(step.icons, step.placed_now, strict=True)
    ]
    brushes = ways[0] if ways else ""
    for more in ways[1:]:
        brushes = _("{first} and {second}").format(first=brushes, second=more)
    text = _("paints {card} ({need}) with {brushes}").format(card=card_text(card), need=need, brushes=brushes)
    if step.guessed:
        text += " (" + _("the card's painting need was not entered: one brush assumed") + ")"
    return _gained(text, step.gained)


def _diploma(step: Step) -> str:
    tile = catalogue().diplomas.get(step.diploma)
    # (the search takes only the catalogue's Diplomas: an unknown one is only defensive)
    text = _("takes a Diploma") if tile is None else _("takes the {diploma}").format(diploma=diploma_text(tile))
    bonus = _BONUSES.get(step.bonus)
    return _then(text, _(bonus)) if bonus else text


def step_text(step: Step) -> str:
    """One step of a witness in a sentence."""
    kind = step.kind
    if kind == "take":
        return _take(step)
    if kind == "studio":
        return _gained(_("adds a card to the Studio: {card}").format(card=_studio_what(step.cards[0])), step.gained)
    if kind == "paint":
        return _paint(step)
    if kind == "move":
        source, target = step.icons
        return _("moves the brush on {source} to {target} (one arrow)").format(
            source=icon_text(source), target=icon_text(target)
        )
    if kind == "diploma":
        return _diploma(step)
    if kind == "keep":
        return ngettext(
            "keeps {count} card in hand for later rounds", "keeps {count} cards in hand for later rounds", step.held
        ).format(count=step.held)
    return kind


def round_texts(rounds: Sequence[Sequence[Step]]) -> tuple[tuple[str, ...], ...]:
    """A witness in sentences, round by round."""
    return tuple(tuple(step_text(step) for step in steps) for steps in rounds)


def round_sentence(texts: Sequence[str]) -> str:
    """A round's steps in one sentence (``takes…; adds…; paints…``), joined as the language joins them."""
    sentence = texts[0] if texts else ""
    for text in texts[1:]:
        sentence = _then(sentence, text)
    return sentence


def report_heading(verdict: str, rounds: int | None) -> str:
    """The first line of the plain text: the table's verdict and the rounds of the witness."""
    if rounds:
        return ngettext(
            "Reachability: {verdict} in {rounds} round", "Reachability: {verdict} in {rounds} rounds", rounds
        ).format(verdict=verdict_text(verdict), rounds=rounds)
    return _("Reachability: {verdict}").format(verdict=verdict_text(verdict))


def player_heading(name: str, verdict: str, reason: str) -> str:
    """A player's line: the verdict and its reason."""
    if reason:
        return _("{name}: {verdict} — {reason}").format(name=name, verdict=verdict_text(verdict), reason=reason)
    return _("{name}: {verdict}").format(name=name, verdict=verdict_text(verdict))


def round_heading(number: int) -> str:
    """The line before a round's steps."""
    return _("Round {number}:").format(number=number)


def note_text(note: str) -> str:
    """A note of the report."""
    return _("Note: {note}").format(note=note)

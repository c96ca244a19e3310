"""Kanagawa's detailed entry, card by card (renderers and steps, no view here): the card picker and its search, the
Print being built, the Studio, the Diplomas held; one step of the entry (a card added, moved or removed, another
player), done the same whether the whole page was posted or its script asked for the parts it changed
(:data:`LIVE_PARTS`, ``templates/kanagawa/_entry_parts.html``). The views of :mod:`marquoir.web.kanagawa.views`
and :mod:`marquoir.web.kanagawa.pages` call these."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, NamedTuple

from flask import render_template

from marquoir.document import parse_table
from marquoir.games.kanagawa.catalogue import Card, Diploma, PrintHalf, StudioHalf, catalogue
from marquoir.games.kanagawa.game import KANAGAWA
from marquoir.games.kanagawa.naming import (
    diploma_id_text,
    diploma_of,
    diploma_text,
    print_name,
    start_tile_text,
    studio_name,
    unknown_card_text,
)
from marquoir.games.kanagawa.scoring import score
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, KITE_COLOURS, LANDSCAPES
from marquoir.i18n import get_language
from marquoir.web.documents import dump, index_in
from marquoir.web.i18n import _, ngettext
from marquoir.web.kanagawa.forms import custom_card_errors, diploma_field, player_form_class
from marquoir.web.kanagawa.search import CardWords, card_words, rank
from marquoir.web.kanagawa.words import (
    FAMILY_NAMES,
    card_views,
    diplomas_in_play,
    print_marks,
    start_view,
    studio_marks,
)
from marquoir.web.render import place_issues

ZONES = ("print", "studio", "kept")
#: Issues worth showing while a game is still being entered: mistakes of entry, not a tableau still incomplete.
#: Every issue shows once the person has seen the results ("Correct an entry").
ENTRY_CODES = frozenset(
    {"CARD_UNKNOWN", "CARD_DUPLICATE", "CARD_FAMILY_NOT_IN_PLAY", "FAMILY_OVERFLOW", "START_TILE",
     "DIPLOMA_UNKNOWN", "DIPLOMA_DUPLICATE", "DIPLOMA_SAME_FAMILY", "YOKAI"}
)
#: Fields of the picker and of the expansion-card form kept from one round trip to the next.
KEPT_FIELDS = (
    "all_issues", "target", "filter_family", "filter_season", "filter_subject", "c_half", "c_family", "c_season"
)


def player_form_for(table: Table) -> Any:
    """The detailed entry's form class for this game."""
    names = [p.name for p in table.players]
    return player_form_class(diplomas_in_play(table.families), names, table.families)


def start_choices(current: str) -> dict[str, str]:
    """The Starting tiles to choose from, each by what it shows (:func:`~marquoir.games.kanagawa.naming.
    start_tile_text`: its season and landscape, never its id); a tile the document names but the catalogue does not
    have is kept, named as the document has it, so that nothing typed is lost."""
    tiles = catalogue().start_tiles
    choices = {tile.id: start_tile_text(tile) for tile in tiles.values()}
    if current not in tiles:
        choices[current] = _("%(tile)s: unknown tile") % {"tile": current}
    return choices


def _painted_on(card: Card) -> str:
    return _(card.print.paint.landscape) if card.print.paint else ""


def _brushes_needed(card: Card) -> str:
    brushes = card.print.paint.brushes if card.print.paint else 0
    return ngettext("%(num)d brush needed", "%(num)d brushes needed", brushes)


def _harmony_symbols(card: Card) -> str:
    if card.print.harmony == 0:
        return _("no Harmony symbol")
    return ngettext("%(num)d Harmony symbol", "%(num)d Harmony symbols", card.print.harmony)


def _back(card: Card) -> str:
    return _("%(colour)s back") % {"colour": _(card.back)}


def _with_detail(detail: Callable[[Card], str]) -> Callable[[Card, str], str]:
    return lambda card, name: _("%(card)s, %(detail)s") % {"card": name, "detail": detail(card)}


#: What tells apart cards whose Print half reads the same, in the order it is added to their names: where the card is
#: painted, the brushes it needs, its Harmony symbols, its Studio half, its back colour (all printed on the card;
#: data/cards.csv). Each is (what it reads on a card, the name with it).
_DETAILS: tuple[tuple[Callable[[Card], str], Callable[[Card, str], str]], ...] = (
    (_painted_on, lambda card, name: _("%(card)s, on %(landscape)s") % {"card": name, "landscape": _painted_on(card)}),
    (_brushes_needed, _with_detail(_brushes_needed)),
    (_harmony_symbols, _with_detail(_harmony_symbols)),
    (lambda card: studio_name(card.studio),
     lambda card, name: _("%(print)s / %(studio)s") % {"print": name, "studio": studio_name(card.studio)}),
    (_back, _with_detail(_back)),
)


def card_names(cards: Iterable[Card]) -> dict[int, str]:
    """Each catalogue card by what is printed on it, one name per card, short enough for a table cell: its Print
    half (season and subject, :func:`~marquoir.games.kanagawa.naming.print_name`, as every other page names a
    card), and, only where several cards read the same, what differs on them (:data:`_DETAILS`: ``spring boar, on
    forest``, ``storm card, on mountain, red back``). Never the catalogue number: the physical cards carry none
    (data/SOURCES.md); it stays in the document. The names label the picker's buttons, so they must differ."""
    by_id = {card.id: card for card in cards}
    names = {card_id: print_name(card.print) for card_id, card in by_id.items()}
    for value, named in _DETAILS:
        groups: dict[str, list[int]] = defaultdict(list)
        for card_id, name in names.items():
            groups[name].append(card_id)
        for name, ids in groups.items():
            if len(ids) > 1 and len({value(by_id[i]) for i in ids}) > 1:
                for card_id in ids:
                    names[card_id] = named(by_id[card_id], name)
    return names


def catalogue_card_names() -> dict[int, str]:
    """Every card of the catalogue by :func:`card_names`, in the language of the moment: one name per card whatever
    the families in play, the same in the picker and on the table (worked out once per language: a copy)."""
    return dict(_names_in(get_language()))


@cache
def _names_in(lang: str) -> dict[int, str]:
    """:func:`card_names` of the whole catalogue in ``lang`` (one entry per language: a bounded cache)."""
    return card_names(catalogue().cards.values())


@cache
def _words_in(lang: str, card_id: int) -> CardWords:
    """The search words of a catalogue card in ``lang`` (:func:`~marquoir.web.kanagawa.search.card_words`), worked
    out once per card and language (72 × the languages: a bounded cache)."""
    return card_words(catalogue().cards[card_id], _names_in(lang)[card_id])


def _zone_names(zone: str, refs: list[Any], names: dict[int, str]) -> list[str]:
    """The cards of one zone by what shows of them there: a Print or kept card by its name (:func:`card_names`),
    a Studio card by its Studio half (with its Print half where two Studio halves read the same), an expansion card
    by its half, a card the catalogue does not have by its place. Two that still read the same (one card entered
    twice) are told apart by their place: each button of the zone has its own label."""
    cards = catalogue().cards
    out: list[str] = []
    for k, ref in enumerate(refs):
        if isinstance(ref, int):
            card = cards.get(ref)
            if card is None:
                out.append(unknown_card_text(k + 1))
            else:
                out.append(studio_name(card.studio) if zone == "studio" else names[ref])
        elif isinstance(ref, PrintHalf):
            out.append(print_name(ref))
        elif isinstance(ref, StudioHalf):
            out.append(studio_name(ref))
        else:
            out.append(unknown_card_text(k + 1))
    if zone == "studio":
        seen: dict[str, int] = defaultdict(int)
        for label in out:
            seen[label] += 1
        out = [
            _("%(print)s / %(studio)s") % {"print": names[ref], "studio": label}
            if seen[label] > 1 and isinstance(ref, int) and ref in cards else label
            for ref, label in zip(refs, out, strict=True)
        ]
    seen = defaultdict(int)
    for label in out:
        seen[label] += 1
    return [
        _("%(card)s (position %(position)d)") % {"card": label, "position": k + 1} if seen[label] > 1 else label
        for k, label in enumerate(out)
    ]


def _player_data(doc: dict[str, Any], table: Table, current: int) -> dict[str, Any]:
    player = table.players[current]
    data: dict[str, Any] = {"table": dump(doc), "current": str(current)}
    holder = next((i for i, p in enumerate(table.players) if p.grand_master), None)
    data["grand_master"] = "" if holder is None else str(holder)
    if isinstance(player, DetailedPlayer):
        data["start"] = player.start
        data["yokai_tokens"] = player.yokai
        data["brushes"] = player.brushes
        for diploma in diplomas_in_play(table.families):
            data[diploma_field(diploma.id)] = diploma.id in player.diplomas
    return data


#: Marks a card's chip in the Print strip leaves out: the strip shows the season and the subject.
_NOT_ON_CHIP = frozenset({*LANDSCAPES, "brush-needed", "harmony", "harmony-crossed", "yokai"})


def _zone_cards(player: DetailedPlayer, zone: str, names: dict[int, str]) -> list[dict[str, Any]]:
    """The cards of one zone as the page draws them: their halves, their chip in the Print strip, and their name
    (:func:`_zone_names`), which the zone's buttons say."""
    cat = catalogue()
    out = []
    refs = list(getattr(player, zone))
    labels = _zone_names(zone, refs, names)
    for k, ref in enumerate(refs):
        views = []
        card_id = ref if isinstance(ref, int) else None
        if isinstance(ref, int):
            card = cat.cards.get(ref)
            if card is not None:
                if zone in ("print", "kept"):
                    views.append(print_marks(card.print))
                if zone in ("studio", "kept"):
                    views.append(studio_marks(card.studio))
            family = card.family if card else None
            back = card.back if card else None
        else:
            views.append(print_marks(ref) if isinstance(ref, PrintHalf) else studio_marks(ref))
            family, back = ref.family, None
        first = views[0] if views else None
        chip = tuple(m for m in first.marks if m[0] not in _NOT_ON_CHIP) if first else ()
        summary = first.summary if first else _("unknown card")
        out.append({"index": k, "id": card_id, "family": family, "back": back, "views": views, "chip": chip,
                    "summary": summary, "name": labels[k]})
    return out


def _used_cards(table: Table) -> dict[int, list[str]]:
    used: dict[int, list[str]] = defaultdict(list)
    where = {"print": _("Print"), "studio": _("Studio"), "kept": _("kept")}
    for player in table.players:
        if isinstance(player, DetailedPlayer):
            for zone in ZONES:
                for ref in getattr(player, zone):
                    if isinstance(ref, int):
                        used[ref].append(f"{player.name} ({where[zone]})")
    return used


def picker_views(families: Iterable[str], family: str, season: str, query: str,
                 half: str) -> list[tuple[Any, Any, bool]]:
    """The picker's cards, as (view, its search words, shown): those the filters show (the family, the season and
    the search words, :func:`marquoir.web.kanagawa.search.rank` for the ``half`` being entered) first, best found
    first, then the others hidden, each in catalogue order."""
    lang = get_language()
    views = [(view, _words_in(lang, view.card.id)) for view in card_views(families)]
    filtered = [words for view, words in views
                if (not family or view.card.family == family) and (not season or view.card.print.season == season)]
    found = rank(filtered, query, "studio" if half == "studio" else "print")
    order = {view.card.id: k for k, (view, _words) in enumerate(views)}
    views.sort(key=lambda item: (item[0].card.id not in found, -found.get(item[0].card.id, 0),
                                 order[item[0].card.id]))
    return [(view, words, view.card.id in found) for view, words in views]


def _extra_diploma_text(diploma_id: str) -> str:
    """A Diploma the player holds that is not in play, by its name and points (an id the catalogue does not have, as
    the document has it: :func:`~marquoir.games.kanagawa.naming.diploma_id_text`)."""
    diploma = diploma_of(diploma_id)
    return diploma_id_text(diploma_id) if diploma is None else diploma_text(diploma)


def diplomas_by_family(diplomas: list[Diploma]) -> list[tuple[str, list[Diploma]]]:
    """The Diplomas by family, in the order they come (the catalogue's): one line of tiles per family, on the sheet
    and on the detailed entry."""
    families: dict[str, list[Diploma]] = {}
    for diploma in diplomas:
        families.setdefault(diploma.family, []).append(diploma)
    return list(families.items())


def detailed_context(
    doc: dict[str, Any],
    current: int,
    fresh: bool = False,
    form: Any = None,
    keep: dict[str, Any] | None = None,
    message: str | None = None,
    table: Table | None = None,
    with_picker: bool = True,
) -> dict[str, Any]:
    """What the detailed entry page of player ``current`` shows, for the whole page and for the parts its script
    redraws after a step (:data:`LIVE_PARTS`, which leave out the picker's list: ``with_picker`` false). ``table``
    is ``doc`` read already (a step hands over the table it read: the document is read once a step)."""
    if table is None:
        read = parse_table(doc)
        assert isinstance(read, Table)
        table = read
    player = table.players[current]
    form_class = player_form_for(table)
    if form is None:
        data = _player_data(doc, table, current)
        data.update(keep or {})
        form = form_class(formdata=None, data=data)
    start_value = player.start if isinstance(player, DetailedPlayer) else "S1"
    form.start.choices = start_choices(form.start.data or start_value)
    names = [p.name for p in table.players]
    report = score(table)
    issues = [] if fresh else list(report.issues)
    if form.all_issues.data != "1":
        issues = [issue for issue in issues if issue.code in ENTRY_CODES]
    placed = place_issues(issues, names, KANAGAWA)
    mine: dict[str, list[Any]] = defaultdict(list)
    counts: dict[int, int] = defaultdict(int)
    table_issues = []
    for item in placed:
        if item.player is None:
            table_issues.append(item)
            continue
        counts[item.player] += 1
        if item.player == current:
            mine[item.key].append(item)
    diplomas = diplomas_in_play(table.families)
    in_play = {d.id for d in diplomas}
    extra_diplomas = []
    zones: dict[str, list[dict[str, Any]]] = {}
    card_labels = catalogue_card_names()
    if isinstance(player, DetailedPlayer):
        zones = {zone: _zone_cards(player, zone, card_labels) for zone in ZONES}
        extra_diplomas = [(k, _extra_diploma_text(d)) for k, d in enumerate(player.diplomas) if d not in in_play]
    family = form.filter_family.data or ""
    season = form.filter_season.data or ""
    query = form.filter_subject.data or ""
    half = form.target.data or "print"
    views = picker_views(table.families, family, season, query, half) if with_picker else []
    return {
        "form": form,
        "table": table,
        "names": names,
        "current": current,
        "player": player,
        "detailed": isinstance(player, DetailedPlayer),
        "start_view": start_view(player.start) if isinstance(player, DetailedPlayer) else None,
        "zones": zones,
        "issues": mine,
        "issue_counts": counts,
        "table_issues": [i for i in table_issues if i.row != "grand_master"],
        "gm_issues": [i for i in table_issues if i.row == "grand_master"],
        "report": report,
        "diplomas": diplomas,
        "diploma_families": diplomas_by_family(diplomas),
        "extra_diplomas": extra_diplomas,
        "diploma_field": diploma_field,
        "views": views,
        "card_names": card_labels,
        "filtered": bool(family or season or query.strip()),
        "shown_count": sum(1 for _view, _words, shown in views if shown),
        "used": _used_cards(table),
        "has_base": any(f in BASE_FAMILIES for f in table.families),
        "is_yokai": table.is_yokai,
        "kite_colours": KITE_COLOURS,
        "message": message,
        "FAMILY_NAMES": FAMILY_NAMES,
    }


def render_detailed(
    doc: dict[str, Any],
    current: int,
    fresh: bool = False,
    form: Any = None,
    status: int = 200,
    keep: dict[str, Any] | None = None,
    message: str | None = None,
) -> tuple[str, int]:
    """The detailed entry page for player ``current`` of the game in ``doc``."""
    context = detailed_context(doc, current, fresh=fresh, form=form, keep=keep, message=message)
    return render_template("kanagawa/detailed.html", **context), status


#: The parts of the detailed entry page that a step changes, each a macro of ``kanagawa/_entry_parts.html`` that the
#: page draws in the element of the same id: what its script redraws in place (``marquoir.js``, ``cardEntry``).
LIVE_PARTS = ("tabs", "points", "strip", "start-issues", "zones", "diplomas-held", "pawn-issues", "notices")


class DetailedStep(NamedTuple):
    """One step of the detailed entry, done: the game after it (``doc``), the player to show, the form as read,
    and the error message of a step refused (``status`` 422), else ``None``."""

    doc: dict[str, Any]
    table: Table
    current: int
    form: Any
    message: str | None
    status: int


def detailed_step(doc: dict[str, Any], table: Table, current: int, action: str,
                  formdata: Any = None) -> DetailedStep:
    """One step of the detailed entry from the request's form (the same for a page posted, for its script and for
    a seat of the table link, whose ``formdata`` is the request's with the table's shared parts as they stand:
    :mod:`marquoir.web.kanagawa.seats`): the current player's fields are written into ``doc``, then the button
    pressed (``action``) is done. A field in error changes nothing; a :class:`~marquoir.errors.TableError` (a game
    the step made unreadable) is the caller's to answer."""
    form = player_form_for(table)() if formdata is None else player_form_for(table)(formdata=formdata)
    player = table.players[current]
    form.start.choices = start_choices(player.start if isinstance(player, DetailedPlayer) else "S1")
    form.validate()
    if not player_fields_ok(form):
        message = _("Some entries need correcting (marked below); nothing was changed yet.")
        return DetailedStep(doc, table, current, form, message, 422)
    merge_player(doc, table, current, form)
    outcome = apply_action(doc, table, current, action, form)
    changed = parse_table(doc)
    assert isinstance(changed, Table)
    if isinstance(outcome, str):
        form.table.data = dump(doc)
        return DetailedStep(doc, changed, current, form, outcome, 422)
    return DetailedStep(doc, changed, outcome, form, None, 200)


def kept_fields(form: Any) -> dict[str, Any]:
    """The picker's and the expansion card's fields that a round trip keeps (:data:`KEPT_FIELDS`)."""
    return {name: form[name].data for name in KEPT_FIELDS}


def detailed_parts(step: DetailedStep) -> dict[str, Any]:
    """What the detailed entry page's script redraws after a step, as the page itself would show it: the parts
    (:data:`LIVE_PARTS`, HTML), the game (``table``, the document the page carries), the player shown, and for each
    card of the picker who has it on the table (``used``). A step refused keeps the fields as typed."""
    if step.message is None:
        context = detailed_context(step.doc, step.current, keep=kept_fields(step.form), table=step.table,
                                   with_picker=False)
    else:
        context = detailed_context(step.doc, step.current, form=step.form, message=step.message, table=step.table,
                                   with_picker=False)
    names = [*LIVE_PARTS, "custom-card"] if context["is_yokai"] else LIVE_PARTS
    parts = {name: render_template("kanagawa/_entry_parts.html", part=name, **context) for name in names}
    return {
        "parts": parts,
        "table": dump(step.doc),
        "current": step.current,
        "used": {str(card): ", ".join(who) for card, who in context["used"].items()},
        "refused": step.message is not None,
    }


def _custom_card(form: Any) -> dict[str, Any]:
    """An expansion card as the document writes it, from what is printed on the half."""
    harmony = form.c_harmony.data or 0
    card: dict[str, Any] = {"family": form.c_family.data}
    if form.c_half.data == "studio":
        if form.c_landscape.data:
            card["landscape"] = form.c_landscape.data
        if form.c_icon.data:
            card["icon"] = form.c_icon.data
        if harmony:
            card["harmony"] = harmony
        if form.c_yokai.data:
            card["yokai_move"] = True
        return card
    card["season"] = form.c_season.data
    if harmony:
        card["harmony"] = harmony
    kites = [colour for colour in KITE_COLOURS for _n in range(getattr(form, f"c_kites_{colour}").data or 0)]
    if kites:
        card["kites"] = kites
    if form.c_lanterns.data:
        card["lanterns"] = form.c_lanterns.data
    if form.c_umbrellas.data:
        card["umbrellas"] = form.c_umbrellas.data
    if form.c_yokai.data:
        card["yokai_arrival"] = True
    if form.c_paint.data:
        card["paint"] = {"landscape": form.c_paint.data, "brushes": form.c_brushes.data or 1}
    return card


def merge_player(doc: dict[str, Any], table: Table, current: int, form: Any) -> None:
    """Write the current player's fields (and the table-wide Grand Master) into the document."""
    gm = form.grand_master.data
    for i, pdoc in enumerate(doc["players"]):
        holds = gm == str(i)
        if "sheet" in pdoc:
            pdoc["sheet"]["grand_master"] = holds
        else:
            pdoc["grand_master"] = holds
    player = table.players[current]
    if not isinstance(player, DetailedPlayer):
        return
    pdoc = doc["players"][current]
    pdoc["start"] = form.start.data
    pdoc["yokai"] = form.yokai_tokens.data or 0
    if form.brushes.data is None:
        pdoc.pop("brushes", None)
    else:
        pdoc["brushes"] = form.brushes.data
    diplomas = diplomas_in_play(table.families)
    in_play = {d.id for d in diplomas}
    ticked = {d.id for d in diplomas if form[diploma_field(d.id)].data}
    kept = [d for d in player.diplomas if d not in in_play or d in ticked]
    kept += [d.id for d in diplomas if d.id in ticked and d.id not in kept]
    pdoc["diplomas"] = kept


def apply_action(doc: dict[str, Any], table: Table, current: int, action: str, form: Any) -> int | str:
    """Do what the button says; returns the player to show next, or an error message for the form."""
    pdoc = doc["players"][current]
    verb, _sep, rest = action.partition(":")
    if verb == "player":
        chosen = index_in(rest, len(doc["players"]))
        return current if chosen is None else chosen
    if "sheet" in pdoc:
        return current
    if verb == "add":
        zone = form.target.data if form.target.data in ZONES else "print"
        card = index_in(rest, 10**6)
        if card is None or card not in catalogue().cards:
            return _("There is no such card.")
        pdoc.setdefault(zone, []).append(card)
    elif verb == "add-custom":
        custom_card_errors(form)
        if any(getattr(form, name).errors for name in form._fields if name.startswith("c_")):
            return _("Correct the card's entries first.")
        zone = "kept" if form.target.data == "kept" else form.c_half.data
        pdoc.setdefault(zone, []).append(_custom_card(form))
    elif verb in ("up", "down", "remove"):
        zone, _sep, index = rest.partition(":")
        cards = pdoc.get(zone) if zone in (*ZONES, "diplomas") else None
        k = index_in(index, len(cards)) if isinstance(cards, list) else None
        if cards is None or k is None:
            return current
        if verb == "remove":
            del cards[k]
        elif verb == "up" and k > 0:
            cards[k - 1], cards[k] = cards[k], cards[k - 1]
        elif verb == "down" and k + 1 < len(cards):
            cards[k + 1], cards[k] = cards[k], cards[k + 1]
    return current


def player_fields_ok(form: Any) -> bool:
    return not any(field.errors for name, field in form._fields.items() if not name.startswith("c_"))

"""Detailed entry: each player's cards as they lie on the table, chosen with a card picker (issue 3, item 4).

The whole game travels in the form as a table document; each request first writes the current player's fields
into it, then does what the pressed button says (add, move or remove a card, change player, score). Without
JavaScript every button is a server round trip; with it the picker filters as you type.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask import Blueprint, render_template, request

from marquoir import DetailedPlayer, Table, TableError, catalogue, check, parse_table, score
from marquoir.games.kanagawa.catalogue import PrintHalf
from marquoir.games.kanagawa.vocabulary import (
    ANIMALS,
    BASE_FAMILIES,
    BUILDINGS,
    CHARACTERS,
    ICONS,
    KITE_COLOURS,
    STUDIO_LANDSCAPES,
)
from marquoir.web.forms import custom_card_errors, diploma_field, player_form_class
from marquoir.web.helpers import (
    FAMILY_NAMES,
    BadDocument,
    _,
    bad_document_page,
    card_views,
    diplomas_in_play,
    document_or_400,
    dump,
    index_in,
    place_issues,
    print_marks,
    studio_marks,
)

bp = Blueprint("detailed", __name__)

ZONES = ("print", "studio", "kept")
#: Words the picker's text filter suggests: subjects, landscapes and icons as the cards show them.
SUBJECT_WORDS = ("tree", *ANIMALS, *CHARACTERS, *BUILDINGS, *STUDIO_LANDSCAPES, *ICONS, "Harmony")
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


def _form_class(table: Table) -> type:
    names = [p.name for p in table.players]
    return player_form_class(diplomas_in_play(table.families), names, table.families)


def _start_choices(current: str) -> dict[str, str]:
    tiles = catalogue().start_tiles
    choices = {
        tile.id: _("%(season)s, %(landscape)s landscape (%(tile)s)")
        % {"season": _(tile.season), "landscape": _(tile.landscape), "tile": tile.id}
        for tile in tiles.values()
    }
    if current not in tiles:
        choices[current] = _("%(tile)s: unknown tile") % {"tile": current}
    return choices


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


def _zone_cards(player: DetailedPlayer, zone: str) -> list[dict[str, Any]]:
    cat = catalogue()
    out = []
    for k, ref in enumerate(getattr(player, zone)):
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
        out.append({"index": k, "id": card_id, "family": family, "back": back, "views": views})
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


def card_words(view: Any) -> list[str]:
    """What the picker's text filter searches in a card: both halves as shown, its family and back, in the page's
    language and in English (the words of the document)."""
    card = view.card
    return [view.print.summary, view.studio.summary, card.family, str(FAMILY_NAMES.get(card.family, "")), card.back,
            _(card.back)]


def _matches(view: Any, family: str, season: str, subject: str) -> bool:
    if family and view.card.family != family:
        return False
    if season and view.card.print.season != season:
        return False
    if subject:
        words = " ".join(card_words(view)).lower()
        return subject.lower().strip() in words
    return True


def render_detailed(
    doc: dict[str, Any],
    current: int,
    fresh: bool = False,
    form: Any = None,
    status: int = 200,
    keep: dict[str, Any] | None = None,
    message: str | None = None,
) -> Any:
    """The detailed entry page for player ``current`` of the game in ``doc``."""
    table = parse_table(doc)
    player = table.players[current]
    form_class = _form_class(table)
    if form is None:
        data = _player_data(doc, table, current)
        data.update(keep or {})
        form = form_class(formdata=None, data=data)
    start_value = player.start if isinstance(player, DetailedPlayer) else "S1"
    form.start.choices = _start_choices(form.start.data or start_value)
    names = [p.name for p in table.players]
    issues = [] if fresh else check(table)
    if form.all_issues.data != "1":
        issues = [issue for issue in issues if issue.code in ENTRY_CODES]
    placed = place_issues(issues, names)
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
    report = score(table)
    diplomas = diplomas_in_play(table.families)
    in_play = {d.id for d in diplomas}
    extra_diplomas = []
    zones: dict[str, list[dict[str, Any]]] = {}
    if isinstance(player, DetailedPlayer):
        zones = {zone: _zone_cards(player, zone) for zone in ZONES}
        extra_diplomas = [(k, d) for k, d in enumerate(player.diplomas) if d not in in_play]
    family = form.filter_family.data or ""
    season = form.filter_season.data or ""
    subject = form.filter_subject.data or ""
    views = [(view, _matches(view, family, season, subject)) for view in card_views(table.families)]
    body = render_template(
        "game/detailed.html",
        form=form,
        table=table,
        names=names,
        current=current,
        player=player,
        detailed=isinstance(player, DetailedPlayer),
        zones=zones,
        issues=mine,
        issue_counts=counts,
        table_issues=[i for i in table_issues if i.row != "grand_master"],
        gm_issues=[i for i in table_issues if i.row == "grand_master"],
        report=report,
        diplomas=diplomas,
        extra_diplomas=extra_diplomas,
        diploma_field=diploma_field,
        views=views,
        used=_used_cards(table),
        has_base=any(f in BASE_FAMILIES for f in table.families),
        is_yokai=table.is_yokai,
        kite_colours=KITE_COLOURS,
        subject_words=SUBJECT_WORDS,
        card_words=card_words,
        message=message,
    )
    return body, status


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


def _merge_player(doc: dict[str, Any], table: Table, current: int, form: Any) -> None:
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


def _apply(doc: dict[str, Any], table: Table, current: int, action: str, form: Any) -> int | str:
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


def _player_fields_ok(form: Any) -> bool:
    return not any(field.errors for name, field in form._fields.items() if not name.startswith("c_"))


@bp.post("/detailed")
def detailed() -> Any:
    doc, table = document_or_400(request.form.get("table"))
    current = index_in(request.form.get("current"), len(table.players)) or 0
    form_class = _form_class(table)
    form = form_class()
    player = table.players[current]
    form.start.choices = _start_choices(player.start if isinstance(player, DetailedPlayer) else "S1")
    form.validate()
    action = request.form.get("action", "")
    if not _player_fields_ok(form):
        message = _("Some entries need correcting (marked below); nothing was changed yet.")
        return render_detailed(doc, current, form=form, status=422, message=message)
    _merge_player(doc, table, current, form)
    outcome = _apply(doc, table, current, action, form)
    try:
        table = parse_table(doc)
    except TableError as error:
        return bad_document_page(BadDocument(error.path, error.message))
    if isinstance(outcome, str):
        form.table.data = dump(doc)
        return render_detailed(doc, current, form=form, status=422, message=outcome)
    keep = {name: form[name].data for name in KEPT_FIELDS}
    if action == "score":
        from marquoir.web.results import render_results

        return render_results(table)
    if action == "diplomas":
        from marquoir.web.results import diploma_page

        return diploma_page(doc, table, current)
    return render_detailed(doc, outcome, keep=keep)

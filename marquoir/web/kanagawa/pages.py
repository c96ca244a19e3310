"""Kanagawa's pages as renderers (no view here): the paper sheet, the detailed entry with its card picker, the
Diploma checker, the reachability page, and what a new game or a correction starts from. The views of
:mod:`marquoir.web.kanagawa.views` and the shared pages (:mod:`marquoir.web.entries`) call these."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask import render_template

from marquoir.document import parse_table
from marquoir.games.kanagawa.bounds import sheet_bounds
from marquoir.games.kanagawa.catalogue import Diploma, PrintHalf, catalogue
from marquoir.games.kanagawa.diplomas import diploma_report
from marquoir.games.kanagawa.game import KANAGAWA
from marquoir.games.kanagawa.legality import check
from marquoir.games.kanagawa.scoring import score
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.vocabulary import (
    ANIMALS,
    BASE_FAMILIES,
    BUILDINGS,
    CHARACTERS,
    EXPANSION_FAMILIES,
    ICONS,
    KITE_COLOURS,
    STUDIO_LANDSCAPES,
)
from marquoir.web import workers
from marquoir.web.documents import dump, index_in
from marquoir.web.forms import NewGameForm, TableForm
from marquoir.web.i18n import _
from marquoir.web.kanagawa.forms import custom_card_errors, diploma_field, player_form_class, sheet_form_class
from marquoir.web.kanagawa.words import FAMILY_NAMES, card_views, diplomas_in_play, print_marks, studio_marks
from marquoir.web.render import category_labels, issues_by_cell, place_issues

#: Seconds the engine may search for one web request.
REACH_TIME_BOUND = 3.0


# ---------------------------------------------------------------- a new game, a correction


def new_document(form: NewGameForm) -> dict[str, Any]:
    """The document a new Kanagawa game starts from: the players named, the families and rule options chosen,
    every figure at its least (the Starting tile is a Print card) or every zone empty."""
    rules: dict[str, bool] = {}
    if not form.storm_on_start_tile.data:
        rules["storm_on_start_tile"] = False
    if not form.joker_counts.data:
        rules["joker_counts_for_identical_landscapes"] = False
    doc: dict[str, Any] = {"game": "kanagawa", "families": form.families()}
    if rules:
        doc["rules"] = rules
    names = form.player_names()
    if form.mode.data == "detailed":
        doc["players"] = [
            {"name": name, "start": f"S{i + 1}", "print": [], "studio": [], "kept": [], "diplomas": [],
             "grand_master": False, "yokai": 0}
            for i, name in enumerate(names)
        ]
    else:
        doc["players"] = [
            {"name": name, "sheet": {"print_cards": 1, "season_chain": 1, "harmony": 0, "diplomas": [],
                                     "grand_master": False, "yokai": 0}}
            for name in names
        ]
    return doc


def new_game_page(doc: dict[str, Any]) -> tuple[str, int]:
    """The entry page of a new game: the card picker for detailed players, else the paper sheet."""
    table = parse_table(doc)
    if any(isinstance(p, DetailedPlayer) for p in table.players):
        return render_detailed(doc, current=0, fresh=True)
    return render_figures_page(doc, fresh=True)


def edit_page(doc: dict[str, Any], table: Table, player: str | None = None) -> tuple[str, int]:
    """"Correct an entry": back to the entry page with everything kept and the issues beside their entries."""
    if all(not isinstance(p, DetailedPlayer) for p in table.players):
        return render_figures_page(doc)
    current = index_in(player, len(table.players))
    if current is None:
        current = next(i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer))
    # After the results every issue shows; the one-player Diploma checker is no game, so only entry mistakes do.
    keep = {"all_issues": "1"} if len(table.players) > 1 else {}
    return render_detailed(doc, current=current, keep=keep)


# ---------------------------------------------------------------- the paper sheet


def sheet_form_for(table: Table) -> tuple[Any, list[Diploma], bool]:
    """The sheet's form class for this game, the Diplomas in play, and whether Diploma points may be written
    instead of ticked (a player entered with only the points)."""
    diplomas = diplomas_in_play(table.families)
    with_points = any(isinstance(p, SheetPlayer) and isinstance(p.diplomas, int) for p in table.players)
    # The figures' bounds come from the rules and the data of this game (families, players).
    bounds = sheet_bounds(table.families, len(table.players), catalogue())
    form = sheet_form_class(len(table.players), diplomas, with_points, table.is_yokai, bounds)
    return form, diplomas, with_points


def _data_from_table(doc: dict[str, Any], table: Table, diplomas: list[Diploma]) -> dict[str, Any]:
    players = []
    gm = ""
    for i, player in enumerate(table.players):
        assert isinstance(player, SheetPlayer)
        row: dict[str, Any] = {
            "print_cards": player.print_cards,
            "season_chain": player.season_chain,
            "harmony": player.harmony,
            "yokai_tokens": player.yokai,
        }
        if isinstance(player.diplomas, int):
            row["diploma_points"] = player.diplomas
        else:
            for diploma in diplomas:
                row[diploma_field(diploma.id)] = diploma.id in player.diplomas
        if player.grand_master and not gm:
            gm = str(i)
        players.append(row)
    return {"table": dump(doc), "players": players, "grand_master": gm or None}


def render_figures_page(
    doc: dict[str, Any], fresh: bool = False, form: Any = None, status: int = 200
) -> tuple[str, int]:
    """The sheet for the game in ``doc``: empty for a new game, filled from the document otherwise."""
    table = parse_table(doc)
    assert isinstance(table, Table)
    form_class, diplomas, with_points = sheet_form_for(table)
    issues = []
    if form is None:
        if fresh:
            form = form_class(formdata=None, data={"table": dump(doc)})
        else:
            form = form_class(formdata=None, data=_data_from_table(doc, table, diplomas))
            issues = check(table)
    names = [p.name for p in table.players]
    placed = place_issues(issues, names, KANAGAWA)
    families: dict[str, list[Diploma]] = {}
    for diploma in diplomas:
        families.setdefault(diploma.family, []).append(diploma)
    body = render_template(
        "kanagawa/sheet.html",
        form=form,
        names=names,
        families=families,
        diploma_field=diploma_field,
        with_points=with_points,
        yokai=table.is_yokai,
        issues=issues_by_cell(placed),
        placed=placed,
        FAMILY_NAMES=FAMILY_NAMES,
        CATEGORY_NAMES=category_labels(KANAGAWA),
    )
    return body, status


def sheet_players(form: Any, table: Table, diplomas: list[Diploma], with_points: bool) -> list[dict[str, Any]]:
    """The players of the document, from a valid sheet form: each one's figures, the Diploma tiles ticked (or
    the points written), the Grand Master."""
    gm = form.grand_master.data
    players = []
    for i, (entry, player) in enumerate(zip(form.players.entries, table.players, strict=True)):
        sub = entry.form
        ticked = [d.id for d in diplomas if sub[diploma_field(d.id)].data]
        held: list[str] | int = ticked
        if with_points and not ticked and sub.diploma_points.data is not None:
            held = sub.diploma_points.data
        players.append(
            {
                "name": player.name,
                "sheet": {
                    "print_cards": sub.print_cards.data,
                    "season_chain": sub.season_chain.data,
                    "harmony": sub.harmony.data or 0,
                    "diplomas": held,
                    "grand_master": gm == str(i),
                    "yokai": (sub.yokai_tokens.data or 0) if table.is_yokai else 0,
                },
            }
        )
    return players


def check_diploma_ticks(form: Any, diplomas: list[Diploma], names: list[str]) -> bool:
    """One holder per Diploma tile, one Diploma per family per player (games/kanagawa/data/SOURCES.md, decision 7)."""
    ok = True
    entries = form.players.entries
    for diploma in diplomas:
        key = diploma_field(diploma.id)
        holders = [i for i, entry in enumerate(entries) if entry.form[key].data]
        if len(holders) > 1:
            ok = False
            who = (" " + _("and") + " ").join(names[j] for j in holders)
            for i in holders:
                field = entries[i].form[key]
                field.errors = [*field.errors, _("One tile each: ticked for %(names)s") % {"names": who}]
    for entry in entries:
        by_family: dict[str, list[str]] = {}
        for diploma in diplomas:
            if entry.form[diploma_field(diploma.id)].data:
                by_family.setdefault(diploma.family, []).append(diploma.id)
        for held in by_family.values():
            if len(held) > 1:
                ok = False
                for diploma_id in held:
                    field = entry.form[diploma_field(diploma_id)]
                    field.errors = [*field.errors, _("A player holds one Diploma per family.")]
    return ok


# ---------------------------------------------------------------- the detailed entry


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


def player_form_for(table: Table) -> Any:
    """The detailed entry's form class for this game."""
    names = [p.name for p in table.players]
    return player_form_class(diplomas_in_play(table.families), names, table.families)


def start_choices(current: str) -> dict[str, str]:
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
) -> tuple[str, int]:
    """The detailed entry page for player ``current`` of the game in ``doc``."""
    table = parse_table(doc)
    assert isinstance(table, Table)
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
    if isinstance(player, DetailedPlayer):
        zones = {zone: _zone_cards(player, zone) for zone in ZONES}
        extra_diplomas = [(k, d) for k, d in enumerate(player.diplomas) if d not in in_play]
    family = form.filter_family.data or ""
    season = form.filter_season.data or ""
    subject = form.filter_subject.data or ""
    views = [(view, _matches(view, family, season, subject)) for view in card_views(table.families)]
    body = render_template(
        "kanagawa/detailed.html",
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
        FAMILY_NAMES=FAMILY_NAMES,
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


# ---------------------------------------------------------------- the Diploma checker and reachability


def diploma_page(doc: dict[str, Any], table: Table, index: int | None) -> tuple[str, int]:
    """Every Diploma of the families in play for one detailed player: met or not, the deciding figure, the cards."""
    if index is None:
        index = next((i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)), None)
    player = table.players[index] if index is not None else None
    form = TableForm(formdata=None, data={"table": dump(doc)})
    choices = [(i, p.name) for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)]
    context: dict[str, Any] = {"form": form, "player": player, "index": index, "choices": choices, "table": table}
    if not isinstance(player, DetailedPlayer):
        message = _("The Diploma checker needs the cards: this player was entered from the sheet's figures.")
        context["FAMILY_NAMES"] = FAMILY_NAMES
        return render_template("kanagawa/diplomas.html", checks=None, message=message, **context), 422
    cat = catalogue()
    checks = diploma_report(Tableau.of(player, cat), table.families, table.rules, cat)
    return render_template("kanagawa/diplomas.html", checks=checks, message=None, FAMILY_NAMES=FAMILY_NAMES,
                           **context), 200


def on_the_spot_document(families: list[str]) -> dict[str, Any]:
    """A one-player game for the Diploma checker of a Print typed on the spot (the families given when they are a
    Kanagawa set, else the base four)."""
    valid = len(families) == 4 and (
        set(families) == set(BASE_FAMILIES)
        or (sum(f in BASE_FAMILIES for f in families) == 2 and sum(f in EXPANSION_FAMILIES for f in families) == 2)
    )
    return {
        "game": "kanagawa",
        "families": families if valid else list(BASE_FAMILIES),
        "players": [{"name": _("On the spot"), "start": "S1", "print": [], "studio": [], "kept": [], "diplomas": [],
                     "grand_master": False, "yokai": 0}],
    }


def reach_page(doc: dict[str, Any], table: Table) -> tuple[str, int]:
    """How could this have been built? The engine's verdict per player, with a witness round by round (searched by a
    worker, off the request threads: :mod:`marquoir.web.workers`)."""
    report = workers.run("deep_check", table, REACH_TIME_BOUND)
    form = TableForm(formdata=None, data={"table": dump(doc)})
    return render_template("kanagawa/reach.html", report=report, form=form), 200

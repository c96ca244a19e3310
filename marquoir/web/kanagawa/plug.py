"""Kanagawa's web plug (:mod:`marquoir.web.plug`): its blueprint, its choices and setup in the new-game form (the
base game or the Yokai expansion with its four families — Yokai rules, "Setup" — and the rule options of
:attr:`~marquoir.games.kanagawa.game.Kanagawa.options`), the document a new game starts from, its entry pages as
the shared views show them again, and the Diploma checker on the home page."""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, SelectChoice  # type: ignore[attr-defined]  # (types-WTForms lacks it)

from marquoir.games.kanagawa.game import KANAGAWA
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES
from marquoir.web.forms import MultiCheckboxField
from marquoir.web.i18n import _, _l
from marquoir.web.kanagawa import pages, picker
from marquoir.web.kanagawa.forms import custom_card_errors
from marquoir.web.kanagawa.seats import SEATS
from marquoir.web.kanagawa.views import bp
from marquoir.web.kanagawa.words import FAMILY_NAMES
from marquoir.web.plug import Shown, WebPlug, checked, status_of

#: The form's field of each rule option offered when starting a game (the others only in a document's ``rules``).
OPTION_FIELDS = {"storm_on_start_tile": "storm_on_start_tile", "joker_counts_for_identical_landscapes": "joker_counts"}
_OPTIONS = {o.name: o for o in KANAGAWA.options}




def _setup_fields() -> dict[str, Any]:
    fields: dict[str, Any] = {
        # The families' words are lazy: each request shows them in its language.
        "base_families": MultiCheckboxField(
            _l("Base families (pick 2)"), choices=[SelectChoice(f, FAMILY_NAMES[f]) for f in BASE_FAMILIES]),
        "expansion_families": MultiCheckboxField(
            _l("Expansion families (pick 2)"), choices=[SelectChoice(f, FAMILY_NAMES[f]) for f in EXPANSION_FAMILIES]),
    }
    for option, name in OPTION_FIELDS.items():
        fields[name] = BooleanField(_l(_OPTIONS[option].label), default=_OPTIONS[option].default)
    return fields


def check_setup(form: Any, choice: str) -> list[str]:
    """A Yokai game is played with 2 base and 2 expansion families (Yokai rules, "Setup")."""
    if choice != "yokai":
        return []
    if len(set(form.base_families.data or [])) != 2:
        form.base_families.errors = [*form.base_families.errors, _("Pick exactly 2 base families.")]
    if len(set(form.expansion_families.data or [])) != 2:
        form.expansion_families.errors = [*form.expansion_families.errors, _("Pick exactly 2 expansion families.")]
    return [*form.base_families.errors, *form.expansion_families.errors]


def families(form: Any, choice: str) -> list[str]:
    """The families in play: the four base ones, or the two of each kind ticked for a Yokai game."""
    if choice != "yokai":
        return list(BASE_FAMILIES)
    chosen_base = [f for f in BASE_FAMILIES if f in (form.base_families.data or [])]
    chosen_exp = [f for f in EXPANSION_FAMILIES if f in (form.expansion_families.data or [])]
    return chosen_base + chosen_exp


def new_document(form: Any, choice: str) -> dict[str, Any]:
    """The document a new Kanagawa game starts from: the players named, the families and rule options chosen
    (only those that differ from their default are written), every figure at its least (the Starting tile is a
    Print card) or every zone empty."""
    rules = {option: bool(form[name].data) for option, name in OPTION_FIELDS.items()
             if bool(form[name].data) != _OPTIONS[option].default}  # fmt: skip
    doc: dict[str, Any] = {"game": KANAGAWA.name, "families": families(form, choice)}
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


def rematch_data(table: Table) -> dict[str, Any]:
    """The same edition, families and rule options."""
    data: dict[str, Any] = {
        "game": "yokai" if table.is_yokai else "base",
        "base_families": [f for f in BASE_FAMILIES if f in table.families],
        "expansion_families": [f for f in EXPANSION_FAMILIES if f in table.families],
    }
    for option, name in OPTION_FIELDS.items():
        data[name] = bool(getattr(table.rules, option))
    return data


def kept_page(doc: dict[str, Any], table: Table, shown: Shown) -> tuple[str, int]:
    """The paper sheet, or the card picker at the player shown, with the fields as they were left."""
    names = [p.name for p in table.players]
    detailed = [i for i, p in enumerate(table.players) if isinstance(p, DetailedPlayer)]
    if not detailed:
        form_class, diplomas, _with_points = pages.sheet_form_for(table)
        form = form_class(formdata=shown.formdata)
        valid = True
        if shown.checked:
            valid = checked(form)
            valid = pages.check_diploma_ticks(form, diplomas, names) and valid
        return pages.render_figures_page(doc, form=form, status=status_of(valid))
    current = shown.player if shown.player is not None and shown.player < len(names) else detailed[0]
    if shown.formdata is None:
        return picker.render_detailed(doc, current, keep=shown.keep, message=shown.message)
    form = picker.player_form_for(table)(formdata=shown.formdata)
    player = table.players[current]
    form.start.choices = picker.start_choices(player.start if isinstance(player, DetailedPlayer) else "S1")
    if shown.checked:
        checked(form)
        if shown.formdata.get("action", "") == "add-custom":
            custom_card_errors(form)
    return picker.render_detailed(doc, current, form=form, message=shown.message,
                                  status=status_of(True, shown.message))


def entry_form(table: Table) -> tuple[str, str]:
    if any(isinstance(p, DetailedPlayer) for p in table.players):
        return "detailed-form", "save"
    return "sheet-form", "score"


PLUG = WebPlug(
    blueprint=bp,
    choices={"base": _l("Kanagawa (base game)"), "yokai": _l("Kanagawa with the Yokai expansion")},
    setup_fields=_setup_fields(),
    setup_template="kanagawa/_setup.html",
    check_setup=check_setup,
    new_document=new_document,
    rematch_data=rematch_data,
    detailed_label=_l("Card by card: pick the cards lying on the table"),
    new_page=pages.new_game_page,
    edit_page=pages.edit_page,
    kept_page=kept_page,
    entry_form=entry_form,
    entry_paths=frozenset({"/sheet", "/detailed"}),
    resendable=("/sheet", "/detailed", "/diplomas", "/reach"),
    limits={"kanagawa.reach": "20/minute;600/day"},
    home_template="kanagawa/_home.html",
    rules_template="kanagawa/_rules.html",
    nav=(("kanagawa.diplomas_on_the_spot", _l("Diploma checker")),),
    seats=SEATS,
    home_context=lambda: {"base": BASE_FAMILIES, "expansion": EXPANSION_FAMILIES, "names": FAMILY_NAMES},
)

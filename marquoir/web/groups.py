"""Groups: make one in a step (a name), the groups this browser opened, a group's players (rename one, merge two
names into one player), and the downloads of a group's games (CSV, and a play file for the BG Stats app).

A group is reached by its link alone (``/g/<token>``: the games page, :mod:`marquoir.web.saved`), with no account:
the token is a secret like an edit token, so every page here is never stored by a cache
(:func:`~marquoir.web.security.carries_edit_token`). The browser remembers the groups it opened in its signed
session cookie; this blueprint only reads that list.
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, session, url_for
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from wtforms import StringField

from marquoir.core.reader import NAME_MAX, clean_name
from marquoir.i18n import N_
from marquoir.reports.bgstats import bgstats_chunks, name_maps
from marquoir.reports.export import csv_chunks
from marquoir.storage import (
    Group,
    PlayerChangeRefused,
    create_group,
    groups_by_token,
    merge_players,
    name_changes,
    players_of,
    rename_player,
    set_time_zone,
    stream_reports,
)
from marquoir.storage.groups import GROUP_NAME_MAX
from marquoir.storage.stats import MAX_RECORDS
from marquoir.web.db import get_engine, get_group_or_404, time_zone_of
from marquoir.web.forms import name_refused
from marquoir.web.i18n import _, _l
from marquoir.web.security import carries_edit_token
from marquoir.web.share import is_token

bp = Blueprint("groups", __name__)

#: The session's key of the groups this browser opened (their tokens; :mod:`marquoir.web.saved` keeps it).
GROUPS = "groups"
#: The most players the players' page lists (most games first).
LISTED_PLAYERS = 200


class GroupForm(FlaskForm):
    """A new group: its name."""

    name = StringField(_l("Name of the group"))


class RenameForm(FlaskForm):
    """A player of the group and the name they are shown by from now on."""

    player = StringField(_l("Player"))
    new_name = StringField(_l("New name"))


class TimeZoneForm(FlaskForm):
    """The group's time zone: its games' times are typed and shown on its clocks, and sent so to BG Stats."""

    time_zone = StringField(_l("Time zone"))


class MergeForm(FlaskForm):
    """Two names of the group that are one player: the games of the first count as the second's."""

    merged = StringField(_l("The games of"))
    into = StringField(_l("count as the games of"))


def _mine() -> list[Group]:
    """The groups this browser opened, newest first."""
    tokens = session.get(GROUPS, [])
    wanted = [t for t in reversed(tokens) if isinstance(t, str) and is_token(t)] if isinstance(tokens, list) else []
    if not wanted:
        return []
    carries_edit_token()
    return groups_by_token(get_engine(), wanted)


def _index(form: GroupForm, status: int = 200) -> ResponseReturnValue:
    return render_template("groups/index.html", form=form, groups=_mine()), status


@bp.get("/groups")
def index() -> ResponseReturnValue:
    """The groups this browser opened, and a new one."""
    return _index(GroupForm(formdata=None))


@bp.post("/groups")
def create() -> ResponseReturnValue:
    """Make a group and open it (its page remembers it)."""
    form = GroupForm()
    if not form.validate_on_submit():
        return _index(form, 400)
    name = clean_name(form.name.data or "")
    if not name:
        form.name.errors = [_("Give the group a name.")]
        return _index(form, 422)
    if (refused := name_refused(name)) is not None:
        form.name.errors = [refused]
        return _index(form, 422)
    if len(name) > GROUP_NAME_MAX:
        form.name.errors = [_("At most %(count)d characters.") % {"count": GROUP_NAME_MAX}]
        return _index(form, 422)
    group = create_group(get_engine(), name)
    return redirect(url_for("saved.group_games", token=group.token), code=303)


def _players_page(group: Group, rename: RenameForm, merge: MergeForm, status: int = 200,
                  zone_form: TimeZoneForm | None = None) -> ResponseReturnValue:  # fmt: skip
    players = players_of(get_engine(), group_id=group.id, limit=LISTED_PLAYERS)
    zone_form = zone_form or TimeZoneForm(formdata=None, data={"time_zone": group.time_zone or ""})
    return render_template("groups/players.html", group=group, players=players, rename=rename, merge=merge,
                           listed=LISTED_PLAYERS, zone_form=zone_form,
                           default_zone=current_app.config.get("TIME_ZONE") or "UTC"), status  # fmt: skip


@bp.get("/g/<token>/players")
def players(token: str) -> ResponseReturnValue:
    """A group's players (most games first) and the forms to rename one and to merge two."""
    group = get_group_or_404(token)
    return _players_page(group, RenameForm(formdata=None), MergeForm(formdata=None))


def _refusal(error: PlayerChangeRefused, first: str, second: str) -> str:
    messages = {
        "unknown": _("No player of this group is called %(name)s."),
        "taken": _("%(other)s is another player of this group: merge the two instead."),
        "same": _("%(name)s and %(other)s are one player already."),
        "together": _("%(name)s and %(other)s played a game together: they are two players."),
    }
    return messages.get(error.reason, _("This change cannot be made.")) % {"name": first, "other": second}


def _cleaned(field: StringField) -> str:
    text = clean_name(field.data or "")
    if not text:
        field.errors = [_("Enter a name.")]
    elif (refused := name_refused(text)) is not None:
        field.errors = [refused]
    elif len(text) > NAME_MAX:
        field.errors = [_("At most %(count)d characters.") % {"count": NAME_MAX}]
    return text


@bp.post("/g/<token>/players/rename")
def rename(token: str) -> ResponseReturnValue:
    """Show a player by a new name from now on (the games keep the names as they were typed)."""
    group = get_group_or_404(token)
    form = RenameForm()
    if not form.validate_on_submit():
        abort(400)
    player, new_name = _cleaned(form.player), _cleaned(form.new_name)
    if form.player.errors or form.new_name.errors:
        return _players_page(group, form, MergeForm(formdata=None), 422)
    try:
        kept = rename_player(get_engine(), group.id, player, new_name)
    except PlayerChangeRefused as error:
        (form.player if error.reason == "unknown" else form.new_name).errors = [_refusal(error, player, new_name)]
        return _players_page(group, form, MergeForm(formdata=None), 422)
    _notify(N_("%(old)s is called %(new)s from now on."), old=player, new=kept)
    return redirect(url_for("groups.players", token=group.token), code=303)


@bp.post("/g/<token>/time-zone")
def set_zone(token: str) -> ResponseReturnValue:
    """Set the group's time zone (an IANA name such as Europe/Paris; empty: the server's default)."""
    group = get_group_or_404(token)
    form = TimeZoneForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        kept = set_time_zone(get_engine(), group.id, form.time_zone.data or "")
    except ValueError:
        form.time_zone.errors = [_("Enter a time zone name such as Europe/Paris or America/Montreal.")]
        return _players_page(group, RenameForm(formdata=None), MergeForm(formdata=None), 422, zone_form=form)
    if kept is None:
        _notify(N_("This group's times are on the server's time zone from now on."))
    else:
        _notify(N_("This group's times are on the clocks of %(zone)s from now on."), zone=kept)
    return redirect(url_for("groups.players", token=group.token), code=303)


@bp.post("/g/<token>/players/merge")
def merge(token: str) -> ResponseReturnValue:
    """Make two names one player: the games of the first count as the second's (and so will new games)."""
    group = get_group_or_404(token)
    form = MergeForm()
    if not form.validate_on_submit():
        abort(400)
    merged, into = _cleaned(form.merged), _cleaned(form.into)
    if form.merged.errors or form.into.errors:
        return _players_page(group, RenameForm(formdata=None), form, 422)
    try:
        merge_players(get_engine(), group.id, merged, into)
    except PlayerChangeRefused as error:
        form.merged.errors = [_refusal(error, merged, into)]
        return _players_page(group, RenameForm(formdata=None), form, 422)
    _notify(N_("The games of %(merged)s count as the games of %(into)s from now on."), merged=merged, into=into)
    return redirect(url_for("groups.players", token=group.token), code=303)


def _notify(message: str, **values: str) -> None:
    flash([message, values])  # type: ignore[arg-type]  # (Flask keeps any JSON value; its hint says str)


@bp.get("/g/<token>/games.csv")
def export_csv(token: str) -> ResponseReturnValue:
    """A group's games as CSV (streamed: constant memory), one row per player per game."""
    group = get_group_or_404(token)
    games = stream_reports(get_engine(), group_id=group.id)
    response = Response(csv_chunks(games), mimetype="text/csv",
                        headers={"Content-Disposition": 'attachment; filename="marquoir-group-games.csv"'})
    response.call_on_close(games.close)
    return response


@bp.get("/g/<token>/plays.bgsplay")
def export_bgstats(token: str) -> ResponseReturnValue:
    """A group's games as a play file for the BG Stats app (streamed), its merged and renamed players as one."""
    group = get_group_or_404(token)
    names = [(group.id, p.key, p.name) for p in players_of(get_engine(), group_id=group.id, limit=MAX_RECORDS)]
    aliases, shown = name_maps(name_changes(get_engine(), group.id), names)
    games = stream_reports(get_engine(), group_id=group.id)
    chunks = bgstats_chunks(games, exported_at=datetime.now(UTC), aliases=aliases, shown=shown,
                            zones={group.id: time_zone_of(group)}, default_zone=time_zone_of(None))  # fmt: skip
    response = Response(chunks, mimetype="application/json",
                        headers={"Content-Disposition": 'attachment; filename="marquoir-group.bgsplay"'})
    response.call_on_close(games.close)
    return response

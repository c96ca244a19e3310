"""The whole table: could it have been built, round after round, in one game that the rules end where it ends?

An illegal table (:mod:`~marquoir.games.kanagawa.legality`) cannot have been: it is not searched. Otherwise every
number of rounds the players' bounds allow is tried: each detailed player's cards alone first (the player's search,
:mod:`~marquoir.games.kanagawa.reach.search`), then every player at once on one School board
(:mod:`~marquoir.games.kanagawa.reach.joint`: the columns, the first player of each round, the end of the game, the
Grand Master, the brush reserve). The reduced search goes first, then the full one before any verdict other than
*reachable*, so that the reductions can never make a wrong verdict.

*Reachable* comes with a witness, a real game; *unreachable* only from the full, exhaustive search, with the first
reason; *undecided* when the time bound ran out, in any phase (:mod:`~marquoir.games.kanagawa.reach.clock`), or
when the only builds refuse a brush beside sheet players (:meth:`_Explanation._unfollowed_brushes`).
The reasons and notes written here are in the language of the moment (:func:`marquoir.i18n.language`), with their
plurals (:func:`marquoir.i18n.ngettext`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from marquoir.core import clock
from marquoir.core.issues import Issue
from marquoir.games.kanagawa.bounds import TileChoice
from marquoir.games.kanagawa.catalogue import Catalogue, catalogue
from marquoir.games.kanagawa.legality import iter_issues
from marquoir.games.kanagawa.reach.board import Board
from marquoir.games.kanagawa.reach.caps import cap_options
from marquoir.games.kanagawa.reach.clock import OutOfTime, paused_gc
from marquoir.games.kanagawa.reach.joint import Joint
from marquoir.games.kanagawa.reach.master import master_never_assisted
from marquoir.games.kanagawa.reach.player import PreparedPlayer, prepare_player
from marquoir.games.kanagawa.reach.report import PlayerVerdict, ReachReport
from marquoir.games.kanagawa.reach.search import MAX_TAKE, Search
from marquoir.games.kanagawa.reach.seats import ORIGIN, Seat, SheetSeat, least_cards
from marquoir.games.kanagawa.reach.tokens import Travel
from marquoir.games.kanagawa.reach.travel_words import (
    TokenStory,
    fits_without_tokens,
    path_tokens,
    token_story,
    tokens_reason,
)
from marquoir.games.kanagawa.reach.witness import WitnessRound, witness_paths, witness_round
from marquoir.games.kanagawa.sheet_checks import assistant_cards, sheets_together, tile_sets
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    CARDS_PER_FAMILY,
    DECK_CARDS,
    END_PRINT_CARDS,
)
from marquoir.i18n import _, ngettext

#: Default time bound of one table's search, in seconds.
DEFAULT_TIME_BOUND = 2.0
#: Numbers of rounds given the joint search's quick stages before any exhaustive one.
QUICK_ROUNDS = 3
#: Cards in a game's deck (kept under its former name).
DECK_SIZE = DECK_CARDS


def _round_bounds(p: PreparedPlayer, deck_end: bool) -> tuple[int, int]:
    """The fewest and most rounds the player's cards could take: at most 3 cards a round, at least 1 (0 in the last
    round of a game whose deck ran out), and no more paints a round than icons and brushes, the Studio growing by at
    most 3 cards a round (a relaxation, so the bounds never exclude a real build)."""
    low = max(-(-p.total // MAX_TAKE), 1)
    painted = 0
    rounds = 0
    while painted < p.n:
        rounds += 1
        studio = min(p.m, MAX_TAKE * rounds)
        painted += min(len(p.icons_at[studio]), p.brush_table[p.n][studio])
    high = p.total + (1 if deck_end else 0)
    return max(low, rounds), high


def explain_reachability(
    table: Table, time_bound: float = DEFAULT_TIME_BOUND, cat: Catalogue | None = None
) -> ReachReport:
    """How could this table have been built? A verdict per player with a witness, or the first reason it could
    not; ``undecided`` when ``time_bound`` seconds run out. :meth:`ReachReport.render` gives the plain text.

    Python's cyclic garbage collector is paused during the search (:func:`paused_gc`, process-wide): the search
    makes millions of small tuples and dicts that hold no reference cycles and are freed as soon as they are
    dropped, yet each of them counts towards the collector's next pass, and a full pass walks every object of the
    process (measured: 40-45 ms with a thousand tables in memory, on one table in fifty, which made the 99th
    percentile). The few cycles the search leaves (its recursive helpers) are collected once the collector runs
    again; the time bound bounds what can pile up meanwhile."""
    with paused_gc():
        return _Explanation(table, time_bound, cat or catalogue()).run()


class _Explanation:
    """One table's reachability, phase by phase, under one deadline."""

    def __init__(self, table: Table, time_bound: float, cat: Catalogue) -> None:
        self.table, self.time_bound, self.cat = table, time_bound, cat
        self.began = clock.now()
        self.deadline = self.began + time_bound
        self.verdicts: dict[int, PlayerVerdict] = {}
        self.notes: list[str] = []
        self.prepared: dict[int, PreparedPlayer] = {}
        self.sheets: dict[int, SheetSeat] = {}

    def finish(self, verdict: str, rounds: int | None = None, reason: str = "", illegal: bool = False) -> ReachReport:
        ordered = tuple(self.verdicts[k] for k in sorted(self.verdicts))
        seconds = clock.now() - self.began
        return ReachReport(verdict, ordered, rounds, reason, tuple(self.notes), seconds, illegal)

    def mark(self, verdict: str, reason: str) -> None:
        """Every player without a verdict yet gets this one."""
        for index, player in enumerate(self.table.players):
            if index not in self.verdicts:
                self.verdicts[index] = PlayerVerdict(player.name, verdict, reason)

    def run(self) -> ReachReport:
        table = self.table
        issues = list(iter_issues(table, self.cat))
        if issues:
            # Everything the legality check finds makes a table impossible: it cannot have been built.
            self.mark("not-checked", _("not searched: the table breaks the rules"))
            reason = _("the table breaks the rules: {issue}").format(issue=issues[0].message)
            if len(issues) > 1:
                more = len(issues) - 1
                reason += ngettext(" (and {count} more issue)", " (and {count} more issues)", more).format(count=more)
            return self.finish("unreachable", reason=reason, illegal=True)
        if table.is_yokai:
            self.notes.append(_("the Yokai tokens' travel is followed round by round; the Studio half of an expansion "
                                "card does not show whether its other half bears the arrival icon, so either is tried"))
        try:
            return self._search()
        except OutOfTime:
            self.verdicts = {k: v for k, v in self.verdicts.items() if v.verdict != "reachable"}
            bound = f"{self.time_bound:g}"
            self.mark("undecided", _("the time bound ({seconds} s) ran out").format(seconds=bound))
            return self.finish(
                "undecided", reason=_("the time bound ({seconds} s) ran out before an answer").format(seconds=bound)
            )

    # ------------------------------------------------------------------ the search

    def _search(self) -> ReachReport:
        table, cat = self.table, self.cat
        sets_by_seat: dict[int, list[TileChoice]] = {}
        for index, player in enumerate(table.players):
            if isinstance(player, SheetPlayer):
                painted = player.print_cards - 1
                sets = sets_by_seat[index] = tile_sets(player, index, table, cat)
                base_only = all(f in BASE_FAMILIES for f in table.families)
                brushes = max((s.brushes for s in sets), default=0)
                assists = bool(sets) and all(s.assistants for s in sets)
                self.sheets[index] = SheetSeat(
                    index, painted, least_cards(painted, base_only, brushes), assists,
                    assistant_cards(sets, table, cat) if assists else 0,
                )
                continue
            result = prepare_player(player, index, table, cat, self.deadline)
            if isinstance(result, str):  # an unknown tile or card: the legality check reports it first
                self.verdicts[index] = PlayerVerdict(player.name, "unreachable", result, f"players[{index}]")
                self.mark("not-checked", _("not searched: another player's cards cannot exist"))
                return self.finish("unreachable")
            self.prepared[index] = result
        if self.sheets:
            self.notes.append(
                _(
                    "players entered from the sheet's figures take part through their Print cards, Diplomas and "
                    "Grand Master only: the rest of their cards is not known"
                )
            )
        # The sheet players' Diplomas together: each tile once, each card once (see sheet_checks.sheets_together).
        together = sheets_together(table, cat, sets_by_seat)
        if together is not None:
            self.mark("not-checked", _("not searched: the sheet players' Diplomas cannot all be had together"))
            return self.finish("unreachable", None, together)
        prepared, sheets = self.prepared, self.sheets
        # The Grand Master of a player who can never have taken the Assistant back (see .master).
        never = master_never_assisted(table, prepared, sheets, cat)
        if never is not None:
            seat, reason = never
            name = table.players[seat].name
            self.verdicts[seat] = PlayerVerdict(name, "unreachable", reason, f"players[{seat}].grand_master")
            self.mark("not-checked", _("not searched: the Grand Master cannot be where the table has it"))
            return self.finish("unreachable", None, reason)
        for seat, p in prepared.items():
            # At most 10 painted cards before the last round (a round that ends with 11 ends the game), then no
            # more than a column and the cards the keep icons held (Kanagawa rules, "End of the Game", "Continue
            # your work"; data/SOURCES.md decision 12).
            most = END_PRINT_CARDS - 1 + MAX_TAKE + p.keep_at[p.m]
            if p.n > most:
                keeps = p.keep_at[p.m]
                reason = ngettext(
                    "{painted} painted cards: at most {before} before the last round (a round that ends with {end} "
                    "ends the game), then in the last round a column of {column} and the {keeps} card the keep "
                    "icons can hold: {most}",
                    "{painted} painted cards: at most {before} before the last round (a round that ends with {end} "
                    "ends the game), then in the last round a column of {column} and the {keeps} cards the keep "
                    "icons can hold: {most}",
                    keeps,
                ).format(
                    painted=p.n, before=END_PRINT_CARDS - 1, end=END_PRINT_CARDS, column=MAX_TAKE, keeps=keeps,
                    most=most,
                )
                self.verdicts[seat] = PlayerVerdict(p.name, "unreachable", reason, f"players[{seat}].print")
                self.mark("not-checked", _("not searched: another player's Print is too long"))
                return self.finish("unreachable")
        total = sum(p.total for p in prepared.values())
        deck_end = bool(sheets) or total == DECK_CARDS
        eleven = any(p.n >= END_PRINT_CARDS for p in prepared.values()) or any(
            s.painted >= END_PRINT_CARDS for s in sheets.values()
        )
        if not sheets and not deck_end and not eleven:
            reason = _(
                "the game had not ended: nobody has {end} painted cards and {total} of the {deck} cards are on the "
                "table (the deck had not run out)"
            ).format(end=END_PRINT_CARDS, total=total, deck=DECK_CARDS)
            self.mark("not-checked", _("not searched: the game shown had not ended"))
            return self.finish("unreachable", None, reason)

        cards = total + sum(s.cards for s in sheets.values())
        if cards > DECK_CARDS:
            self.mark("not-checked", _("not searched: the cards do not fit in the deck"))
            reason = _(
                "the players took at least {cards} cards (the detailed players' cards, and the painted cards of the "
                "sheets with the Studio cards painting them), the deck has {deck}"
            ).format(cards=cards, deck=DECK_CARDS)
            return self.finish("unreachable", None, reason)
        count = len(table.players)
        bounds = {seat: _round_bounds(p, deck_end) for seat, p in prepared.items()}
        bounds.update({seat: (max(-(-s.cards // MAX_TAKE), 1), DECK_CARDS) for seat, s in sheets.items()})
        # Rounds before the last draw a card a player at least and leave one in the deck; with nobody reaching 11
        # painted cards the deck ran out, at most 3 cards a player a round.
        deck_low = 1 if eleven else -(-DECK_CARDS // (MAX_TAKE * count))
        low = max([deck_low, *(b[0] for b in bounds.values())])
        high = min([(DECK_CARDS - 1) // count + 1, *(b[1] for b in bounds.values())])
        master = next((k for k, p in enumerate(table.players) if p.grand_master), None)
        passes = table.rules.grand_master_passes_at_end
        assistants, keeps = self._sheet_sources()

        attempts: list[int] = []
        searches: dict[int, Search] = {}
        seated = range(count)
        caps_tried = cap_options(table, prepared, bool(sheets))
        for caps in caps_tried:
            players = {seat: p.capped(caps[seat]) if seat in caps else p for seat, p in prepared.items()}
            dry = any(caps[seat] < p.brushes_asked for seat, p in prepared.items() if seat in caps)
            travel = Travel.of(table, players, cat)
            # What the board alone allows, by number of rounds: one for these players' every joint search (see .board).
            boards: dict[int, Board] = {}
            for reduced in (True, False):
                searches = {
                    seat: Search(p, deck_end, self.deadline, reduced=reduced) for seat, p in players.items()
                }
                order = sorted(searches.values(), key=lambda s: -s.p.total)
                attempts = []
                # By number of rounds: the joint search, and the same following the Yokai tokens (asked only when
                # a build the first finds has no travel of the tokens ending as the table does; see .travel_words).
                joints: dict[int, tuple[Joint, Joint | None] | None] = {}
                for stage, rounds in _schedule(low, high):
                    if rounds not in joints:
                        joints[rounds] = None
                        if all(search.solve(ORIGIN, rounds) for search in order):
                            attempts.append(rounds)
                            made: list[Joint] = []
                            for way in (None, travel) if travel is not None else (None,):
                                seats = [
                                    Seat(searches[k].p, searches[k], dry, tokens=way.moving(k) if way else None)
                                    if k in searches
                                    else sheets[k]
                                    for k in seated
                                ]
                                board = boards.setdefault(rounds, Board(
                                    seats, rounds, DECK_CARDS, master, passes, eleven, self.deadline, keeps
                                ))  # fmt: skip
                                made.append(Joint(seats, board, assistants, dry and not sheets, way))
                            joints[rounds] = (made[0], made[1] if len(made) > 1 else None)
                    pair = joints[rounds]
                    if pair is None:
                        continue
                    path = pair[0].find(stage)
                    story = path_tokens(travel, pair[0], path) if travel is not None and path is not None else None
                    joint: Joint | None = None
                    if path is not None and (travel is None or story is not None):
                        joint = pair[0]
                    elif path is not None and pair[1] is not None and travel is not None:
                        path = pair[1].find(stage)
                        if path is not None:
                            joint, story = pair[1], path_tokens(travel, pair[1], path)
                    if joint is not None and path is not None:
                        # Beside sheet players, a build with a brush refused is not a witness (the options after
                        # it refuse more brushes still: cap_options puts the fewest refused first).
                        if dry and sheets:
                            return self._unfollowed_brushes(sorted(caps))
                        return self._reachable(joint, path, story)
        return self._unreachable(searches, bounds, attempts, low, high, master, eleven, deck_end, len(caps_tried) > 1)

    def _unfollowed_brushes(self, refused: Sequence[int]) -> ReachReport:
        """Undecided: the only builds found have the detailed players ``refused`` refused a brush (their
        ``brushes`` figure below what their tableau asks for) beside players entered from the sheet's figures. A
        brush is refused only once all 15 are held (data/SOURCES.md decision 8), and the brushes a sheet player
        held round by round are not followed (its figures do not show them), so whether the reserve was empty at
        each refusal is not known: the build may be impossible, and a verdict is never *reachable* without
        knowing."""
        reason = ngettext(
            "a build was found, but in it {names} is refused a brush beside players entered from the sheet's "
            "figures, whose brushes are not followed: whether the brush reserve was empty then is not known",
            "a build was found, but in it {names} are refused brushes beside players entered from the sheet's "
            "figures, whose brushes are not followed: whether the brush reserve was empty then is not known",
            len(refused),
        ).format(names=", ".join(self.table.players[k].name for k in refused))
        self.verdicts = {}
        self.mark("undecided", "")  # the reason is the whole table's, said once
        return self.finish("undecided", reason=reason)

    def _sheet_sources(self) -> tuple[int, int]:
        """The Assistant's sources and the keep icons the sheet players may have: the cards of the families in
        play that no detailed player has (an expansion family's 18 cards are not known: each may show either), and
        the Diplomas with the Assistant as bonus that no detailed player holds."""
        if not self.sheets:
            return 0, 0
        table, cat = self.table, self.cat
        used: set[int] = set()
        for player in table.players:
            if isinstance(player, DetailedPlayer):
                for ref in (*player.print, *player.studio, *player.kept):
                    card = ref if isinstance(ref, int) else ref.card_id
                    if card is not None:
                        used.add(card)
        base = [f for f in table.families if f in BASE_FAMILIES]
        unknown = CARDS_PER_FAMILY * (len(table.families) - len(base))
        free = [c for c in cat.cards.values() if c.family in base and c.id not in used]
        held = {d for p in table.players if isinstance(p, DetailedPlayer) for d in p.diplomas}
        diplomas = sum(1 for d in cat.diplomas_in_play(table.families) if d.bonus == "assistant" and d.id not in held)
        assistants = unknown + diplomas + sum(1 for c in free if c.studio.icon == "assistant")
        keeps = unknown + sum(1 for c in free if c.studio.icon == "keep")
        return assistants, keeps

    def _reachable(self, joint: Joint, path: Sequence[Any], story: TokenStory | None = None) -> ReachReport:
        """The witness of a joint build: each detailed player's rounds as steps."""
        rounds = len(path)
        try:
            paths = witness_paths(joint, path)
            for seat, starts in paths.items():
                search = next(s.search for s in joint.seats if isinstance(s, Seat) and s.p.index == seat)
                described: list[WitnessRound] = []
                actual = 0
                state = ORIGIN
                for k, nxt in enumerate(starts):
                    one, actual = witness_round(search, state, actual, nxt, k == rounds - 1)
                    described.append(one)
                    state = nxt
                name = self.table.players[seat].name
                self.verdicts[seat] = PlayerVerdict(name, "reachable", rounds=tuple(r.steps for r in described))
        except OutOfTime:
            self.notes.append(_("the witness could not be written within the time bound"))
            for seat in self.prepared:
                self.verdicts[seat] = PlayerVerdict(self.table.players[seat].name, "reachable")
        if story is not None:
            self.notes.append(token_story(self.table, story))
        for seat in self.sheets:
            self.verdicts[seat] = PlayerVerdict(
                self.table.players[seat].name, "reachable", _("entered from the sheet's figures: no witness of cards")
            )
        return self.finish("reachable", rounds)

    # ------------------------------------------------------------------ the first reason

    def _unreachable(
        self,
        searches: Mapping[int, Search],
        bounds: Mapping[int, tuple[int, int]],
        attempts: Sequence[int],
        low: int,
        high: int,
        master: int | None,
        eleven: bool,
        deck_end: bool,
        several_caps: bool,
    ) -> ReachReport:
        """No build exists: the verdicts and the first reason (from the full search of the last phase)."""
        names = {k: p.name for k, p in enumerate(self.table.players)}
        try:
            feasible = {
                seat: [r for r in range(bounds[seat][0], bounds[seat][1] + 1) if search.solve(ORIGIN, r)]
                for seat, search in searches.items()
            }
        except OutOfTime:
            self.mark("not-checked", "")
            reason = _("no game under the rules builds this table (the search for the first reason ran out of time)")
            return self.finish("unreachable", None, reason)
        for seat, rounds_ok in feasible.items():
            if not rounds_ok:
                self.verdicts[seat] = PlayerVerdict(
                    names[seat], "unreachable", searches[seat].reason(), f"players[{seat}].print"
                )
        if any(v.verdict == "unreachable" for v in self.verdicts.values()):
            self.mark("not-checked", _("not the first reason"))
            return self.finish("unreachable")
        if attempts:
            reason = self._joint_reason(searches, attempts, master, several_caps)
            self.mark("not-checked", _("each player's cards can be laid alone, but not in one game with the others"))
            return self.finish("unreachable", None, reason)
        reason = self._no_common_rounds(searches, feasible, low, high, eleven, deck_end)
        return self.finish("unreachable", None, reason)

    def _joint_reason(
        self, searches: Mapping[int, Search], attempts: Sequence[int], master: int | None, several_caps: bool
    ) -> str:
        """Why the players' rounds cannot make one game in any of ``attempts`` rounds: the Grand Master, the brush
        reserve or the School board (each lifted in turn to find which)."""
        spans = _ranges(attempts)
        count = len(self.table.players)
        name = self.table.players[master].name if master is not None else ""
        # Every player takes a card a round at least, and the deck has 72.
        cards = sum(search.p.total for search in searches.values())
        if self.sheets and all(
            cards + sum(max(s.cards, rounds) for s in self.sheets.values()) > DECK_CARDS for rounds in attempts
        ):
            return _(
                "the cards do not fit in the deck: the detailed players took {cards} cards, and in {spans} rounds "
                "the players entered from the sheet took a card a round at least (and one for each painted card), "
                "more than the {deck} cards of the deck"
            ).format(cards=cards, spans=spans, deck=DECK_CARDS)
        seats = [Seat(searches[k].p, searches[k], False) if k in searches else self.sheets[k] for k in range(count)]
        assistants, keeps = self._sheet_sources()
        eleven = any(s.p.n >= END_PRINT_CARDS for s in searches.values()) or any(
            s.painted >= END_PRINT_CARDS for s in self.sheets.values()
        )
        if self.table.is_yokai:
            rules = (master, self.table.rules.grand_master_passes_at_end, eleven)
            if fits_without_tokens(seats, attempts, rules, self.deadline, (assistants, keeps)):
                return tokens_reason(self.table, self.cat, spans)
        if several_caps:
            return _(
                "each player's cards can be laid in {spans} rounds, but in no game with the others for any way the "
                "brush reserve can have run dry"
            ).format(spans=spans)
        try:
            for rounds in attempts:
                board = Board(seats, rounds, DECK_CARDS, None, True, eleven, self.deadline, keeps)
                relaxed = Joint(seats, board, assistants)
                # The quick pass first (a game is most often found at once), then the exhaustive one.
                if relaxed.find(0) is not None or relaxed.find() is not None:
                    if master is None:
                        break
                    when = (
                        _("at the end of the last round")
                        if self.table.rules.grand_master_passes_at_end
                        else _("at the start of the last round")
                    )
                    return _(
                        "{name} holds the Grand Master, but in every way to lay the players' cards in {spans} rounds "
                        "{name} does not hold the Assistant {when}, as the holder of the Grand Master must: the "
                        "Assistant goes to whoever lays an Assistant icon or takes a Diploma with it, and its holder "
                        "at the end of a round takes the Grand Master"
                    ).format(name=name, spans=spans, when=when)
        except OutOfTime:  # the School board is not shown to be the reason
            return _("no game under the rules builds this table (the search for the first reason ran out of time)")
        forced = [
            self.table.players[k].name
            for k, search in searches.items()
            if search.p.total == attempts[-1] and len(attempts) == 1
        ]
        detail = (
            ngettext(
                " ({names} must take one card every round)", " ({names} must take one card every round)", len(forced)
            ).format(names=", ".join(forced))
            if forced
            else ""
        )
        return _(
            "each player's cards can be laid in {spans} rounds, but the players' columns cannot lie on one School "
            "board in any of them{detail}: a player takes 3 cards only after waiting through the second row, which "
            "a player alone at school may not do, so another player takes 2 or more that round; a round before the "
            "last leaves a card in the deck, and when the deck runs out the first players in turn order take the "
            "last cards"
        ).format(spans=spans, detail=detail)

    def _no_common_rounds(
        self,
        searches: Mapping[int, Search],
        feasible: Mapping[int, list[int]],
        low: int,
        high: int,
        eleven: bool,
        deck_end: bool,
    ) -> str:
        """Each player's cards can be laid alone, in numbers of rounds the others' and the deck's never share: the
        table's reason, or ``""`` when one player is out of step with all the others (the reason is then that
        player's verdict)."""
        names = {k: p.name for k, p in enumerate(self.table.players)}
        # One player out of step with all the others: the reason is that player's.
        odd: list[tuple[int, list[int]]] = []
        for candidate in feasible:
            allowed: set[int] | None = None
            for other, rounds_ok in feasible.items():
                if other != candidate:
                    allowed = set(rounds_ok) if allowed is None else allowed & set(rounds_ok)
            if allowed and not allowed & set(feasible[candidate]):
                odd.append((candidate, sorted(allowed)))
        odd.sort(key=lambda entry: len(entry[1]))
        if len(odd) == 1 or (len(odd) > 1 and len(odd[0][1]) < len(odd[1][1])):
            blamed, pinned = odd[0]
            limited = Search(searches[blamed].p, deck_end, self.deadline, reduced=False)
            try:
                for r in pinned:
                    limited.solve(ORIGIN, r)
                why = limited.reason()
            except OutOfTime:
                why = _("the search for the first reason ran out of time")
            who = names[blamed]
            reason = _(
                "{name}'s cards cannot be laid in {rounds} rounds, what the other players' tables allow ({name}'s "
                "need {needed}): {why}"
            ).format(name=who, rounds=_ranges(pinned), needed=_ranges(feasible[blamed]), why=why)
            self.verdicts[blamed] = PlayerVerdict(who, "unreachable", reason, f"players[{blamed}].print")
            self.mark("not-checked", _("not the first reason"))
            return ""  # the reason is that player's
        parts = [_("{name} in {rounds}").format(name=names[k], rounds=_ranges(v)) for k, v in feasible.items()]
        parts += [
            _("{name} (from the sheet) in at least {rounds}").format(
                name=names[k], rounds=max(-(-s.cards // MAX_TAKE), 1)
            )
            for k, s in self.sheets.items()
        ]
        reason = _(
            "no common number of rounds: each player's cards can be laid only as follows: {spans} rounds"
        ).format(spans=_("; ").join(parts))
        if low > high:
            reason += _(" (the game lasts {low} rounds at least and {high} at most)").format(low=low, high=high)
        if not eleven:
            reason += _(" (nobody reaches {end} painted cards, so the deck ran out in the last round)").format(
                end=END_PRINT_CARDS
            )
        else:
            reason += _(" (the game ended when a player reached {end} painted cards)").format(end=END_PRINT_CARDS)
        self.mark("not-checked", _("not the first reason"))
        return reason


def _schedule(low: int, high: int) -> Iterator[tuple[int, int]]:
    """The order of the joint search's stages and numbers of rounds: the quick stages for the first few numbers of
    rounds, then every stage for each in turn (:meth:`Joint.find`): a game a round longer is often found at once
    where the shortest needs the exhaustive stage; only the exhaustive stage proves there is none."""
    quick = Joint.PASSES - 1
    first = range(low, min(high, low + QUICK_ROUNDS - 1) + 1)
    for rounds in first:
        for stage in range(quick):
            yield stage, rounds
    for rounds in range(low, high + 1):
        for stage in range(quick if rounds in first else 0, Joint.PASSES):
            yield stage, rounds


def _ranges(values: Sequence[int]) -> str:
    parts: list[str] = []
    run: list[int] = []
    for v in values:
        if run and v == run[-1] + 1:
            run.append(v)
        else:
            if run:
                parts.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
            run = [v]
    if run:
        parts.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(parts) or _("no number of")


def deep_check(table: Table) -> tuple[list[Issue], dict[str, Any]]:
    """``marquoir check --deep``: the ``UNREACHABLE`` issues, the JSON report under ``reachability``, the verdict
    under ``reachable`` (``true``, ``false``, ``null`` when undecided) and the witness as plain-text lines
    (``explanation_lines``)."""
    report = explain_reachability(table)
    extra = {
        "reachable": report.reachable,
        "reachability": report.to_json(),
        "explanation_lines": report.render().splitlines(),
    }
    return report.issues(), extra


__all__ = ["DEFAULT_TIME_BOUND", "deep_check", "explain_reachability"]

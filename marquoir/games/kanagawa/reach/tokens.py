"""The Yokai tokens' travel, round by round, in the joint search (:mod:`~marquoir.games.kanagawa.reach.joint`).

The rules followed (Yokai rules, "Arrival of a New Yokai", "Movement of a Yokai", "Explanation of the Diploma
Tiles"; data/SOURCES.md decisions 6, 7 and 17):

* a card bearing the arrival icon, on being taken from the School board (wherever it is laid later), brings its
  taker a token from the reserve, or once the reserve is empty one from another player of the taker's choice (none
  when nobody else holds one);
* a Studio card with the movement icon, when laid, and a Diploma with "give one of your Yokai" as bonus, when taken,
  make its player give one of its tokens to an opponent of its choice (nothing when it holds none);
* so no token ever goes back to the reserve; the Yokai Diploma is met the moment its holder has all 3 in front of it
  (its tile is then taken at once, decision 17, and kept whatever happens later);
* the tokens each player holds at the end are the table's.

A round of the School board is worked player by player in the order the players took their columns
(:func:`~marquoir.games.kanagawa.reach.school.work_order`); in a turn the arrivals come with the column, before any
card is laid, and the gifts come with the cards laid and Diplomas met. So what a round does to the tokens follows from
each player's part of it (:data:`Part`): the arrival icons its cards taken show, those they may hide (the Studio half
of an expansion card does not show its Print half: no catalogue of the Yokai cards exists, data/SOURCES.md "Yokai
cards"), its kept cards taken, and its gifts. A player entered from the sheet's figures shows none of that: any of its
cards taken that round may have brought a token, and it may give up to 3 (more gifts than tokens do nothing).

The joint search carries the set of every token situation (:data:`Config`) the rounds so far allow, as a detailed
player carries the set of its starts: exact, so an empty set means no choice of takers and receivers works, and a
set at the end without the table's tokens means none ends there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from marquoir.games.kanagawa.catalogue import Catalogue, PrintHalf, StudioHalf
from marquoir.games.kanagawa.reach.player import PreparedPlayer
from marquoir.games.kanagawa.reach.search import Start
from marquoir.games.kanagawa.table import Table
from marquoir.games.kanagawa.vocabulary import EXPANSION_FAMILIES, YOKAI_TOKENS

#: A player's part in a round's token travel: (arrival icons shown on the cards taken, cards taken that may hide
#: one, kept cards taken, gifts made). ``()`` when the player's cards can move no token at all.
Part = tuple[int, ...]
#: A token situation: the tokens each seat holds, whether the Yokai Diploma's holder has had all 3 yet (1 or 0),
#: then for each seat with kept cards that differ, how many of its kept cards of each kind were taken (shown arrival,
#: hidden, none).
Config = tuple[int, ...]


def _hidden(half: StudioHalf) -> bool:
    """A Studio half of an expansion card: its Print half, unseen, may bear the arrival icon."""
    return half.family in EXPANSION_FAMILIES and half.card_id is None


@dataclass
class SeatTokens:
    """A detailed player's cards as the tokens see them, by prefix: the arrival icons among the first Print cards
    taken, the Studio cards taken that may hide one, the movement icons among the first Studio cards laid; its kept
    cards by kind; and its Diplomas giving a token (taken when met: :meth:`PreparedPlayer.met_at`)."""

    p: PreparedPlayer
    shown_at: list[int]
    hidden_at: list[int]
    moves_at: list[int]
    kept_kinds: tuple[int, int, int]
    gift_diplomas: frozenset[str]
    #: Whether some kept card shows or may hide the arrival icon (then which are taken when is followed).
    kept_matter: bool = field(init=False)
    #: No card or Diploma of the player moves a token.
    inert: bool = field(init=False)

    def __post_init__(self) -> None:
        self.kept_matter = bool(self.kept_kinds[0] or self.kept_kinds[1])
        self.inert = not (self.shown_at[-1] or self.hidden_at[-1] or self.moves_at[-1] or self.gift_diplomas
                          or self.kept_matter)  # fmt: skip

    @classmethod
    def of(cls, p: PreparedPlayer, cat: Catalogue) -> SeatTokens:
        shown_at, hidden_at, moves_at = [0], [0], [0]
        for half in p.prints:
            shown_at.append(shown_at[-1] + half.yokai_arrival)
        for shalf in p.studios:
            hidden_at.append(hidden_at[-1] + _hidden(shalf))
            moves_at.append(moves_at[-1] + shalf.yokai_move)
        kinds = [0, 0, 0]
        for ref in p.player.kept:
            if isinstance(ref, PrintHalf) and ref.yokai_arrival:
                kinds[0] += 1
            elif isinstance(ref, StudioHalf) and _hidden(ref):
                kinds[1] += 1
            else:
                kinds[2] += 1
        gifts = frozenset(d for d in p.player.diplomas if d in cat.diplomas and cat.diplomas[d].bonus == "give-yokai")
        return cls(p, shown_at, hidden_at, moves_at, (kinds[0], kinds[1], kinds[2]), gifts)

    def left(self, spent: Part) -> tuple[int, int, int]:
        """What the player's cards can still do once the rounds so far have done ``spent`` (their parts summed):
        the most arrivals (shown, maybe hidden, on kept cards), the arrivals sure to come (shown), the most gifts."""
        if not spent:
            spent = (0, 0, 0, 0)
        shown = self.shown_at[-1] - spent[0]
        hidden = self.hidden_at[-1] - spent[1]
        kept = sum(self.kept_kinds) - spent[2] if self.kept_matter else 0
        kept = min(kept, self.kept_kinds[0] + self.kept_kinds[1])
        gifts = self.moves_at[-1] + len(self.gift_diplomas) - spent[3]
        return shown + hidden + kept, shown, gifts

    def part(self, start: Start, end: Start) -> Part:
        """The player's part in the round from ``start`` to ``end`` (see the module docstring)."""
        if self.inert:
            return ()
        i0, j0, hp0, hs0, hk0 = start[:5]
        i1, j1, hp1, hs1, hk1 = end[:5]
        shown = self.shown_at[i1 + hp1] - self.shown_at[i0 + hp0]
        hidden = self.hidden_at[j1 + hs1] - self.hidden_at[j0 + hs0]
        kept = hk1 - hk0 if self.kept_matter else 0
        gifts = self.moves_at[j1] - self.moves_at[j0]
        if self.gift_diplomas:
            gifts += len(self.gift_diplomas & self.p.met_at(i1, j1)) - len(self.gift_diplomas & self.p.met_at(i0, j0))
        return (shown, hidden, kept, gifts)


@dataclass
class Travel:
    """The tokens' travel for one table: the tokens held at the end by seat, the Yokai Diploma's holder (``None``:
    nobody, or a sheet player whose points only may include it), the detailed seats' cards (:class:`SeatTokens`;
    ``None`` for a sheet player), and the seats whose kept cards are followed (their slots in a :data:`Config`)."""

    final: tuple[int, ...]
    holder: int | None
    seats: tuple[SeatTokens | None, ...]
    kept_slots: dict[int, int] = field(default_factory=dict)
    memo: dict[tuple[frozenset[Config], tuple[int, ...], tuple[Part, ...], tuple[int, ...]], frozenset[Config]] = (
        field(default_factory=dict)
    )
    #: One player's turn from one situation (:meth:`_turn`), and whether a situation has a future (:meth:`alive`).
    turns: dict[tuple[Config, int, Part, int], frozenset[Config]] = field(default_factory=dict)
    futures: dict[tuple[Config, tuple[tuple[int, int, int] | None, ...]], bool] = field(default_factory=dict)

    @classmethod
    def of(cls, table: Table, prepared: dict[int, PreparedPlayer], cat: Catalogue) -> Travel | None:
        """The travel to follow, or ``None`` in a game without the expansion (no token exists)."""
        if not table.is_yokai:
            return None
        seats: list[SeatTokens | None] = []
        holder: int | None = None
        for index, player in enumerate(table.players):
            seats.append(SeatTokens.of(prepared[index], cat) if index in prepared else None)
            tiles = () if isinstance(player.diplomas, int) else player.diplomas
            if any(d in cat.diplomas and cat.diplomas[d].family == "yokai" for d in tiles):
                holder = index
        slots: dict[int, int] = {}
        for index, seat in enumerate(seats):
            if seat is not None and seat.kept_matter:
                slots[index] = len(slots)
        final = tuple(max(p.yokai, 0) for p in table.players)
        return cls(final, holder, tuple(seats), slots)

    def alive(self, configs: frozenset[Config], left: Sequence[tuple[int, int, int] | None]) -> frozenset[Config]:
        """The situations of ``configs`` from which the table's can still be reached with what each seat's cards can
        still do (``left``, :meth:`SeatTokens.left`; ``None`` for a sheet player, who may do anything). A relaxation
        (the order of the rest and which gifts are forced are left out), so a situation it drops has no future:

        * tokens only leave the reserve, each with an arrival, and every arrival shown brings one while it has some;
        * a player gains only by its own arrivals and the others' gifts, and loses only by its own gifts and the
          others' arrivals once the reserve is empty;
        * the Yokai Diploma's holder that has not had all 3 yet still gains up to 3."""
        lefts = tuple(left)
        futures = self.futures
        unknown = [c for c in configs if (c, lefts) not in futures]
        if unknown:
            kept_now = self._alive(unknown, lefts)
            for c in unknown:
                futures[(c, lefts)] = c in kept_now
        return frozenset(c for c in configs if futures[(c, lefts)])

    def _alive(self, configs: Sequence[Config], left: Sequence[tuple[int, int, int] | None]) -> set[Config]:
        count = len(self.seats)
        big = 4 * YOKAI_TOKENS
        most = [big if x is None else x[0] for x in left]
        sure = [0 if x is None else x[1] for x in left]
        gifts = [big if x is None else x[2] for x in left]
        out_final = sum(self.final)
        all_most, all_sure, all_gifts = sum(most), sum(sure), sum(gifts)
        kept: set[Config] = set()
        for config in configs:
            out = sum(config[:count])
            if out_final < out or out_final > min(YOKAI_TOKENS, out + all_most):
                continue
            if out_final < min(YOKAI_TOKENS, out + all_sure):
                continue
            ok = True
            for s in range(count):
                diff = self.final[s] - config[s]
                if diff > 0 and diff > most[s] + all_gifts - gifts[s]:
                    ok = False
                    break
                if diff < 0 and -diff > gifts[s] + all_most - most[s]:
                    ok = False
                    break
            holder = self.holder
            if ok and holder is not None and not config[count]:
                ok = YOKAI_TOKENS - config[holder] <= most[holder] + all_gifts - gifts[holder]
            if ok:
                kept.add(config)
        return kept

    def story(
        self, rounds: Sequence[tuple[Sequence[int], Sequence[Part], Sequence[int], frozenset[Config] | None]]
    ) -> list[Config]:
        """One way the tokens travelled along a joint build: each round's (work order, parts, cards taken, the
        situations after it), read back from the end (a situation of the table's) to the origin, each situation one
        the one before it leads to. The tokens held after each round, in order."""
        count = len(self.seats)
        last = rounds[-1][3]
        assert last is not None
        ends = [c for c in last if c[:count] == self.final and (self.holder is None or c[count])]
        chain = [ends[0]]
        for k in range(len(rounds) - 1, 0, -1):
            order, parts, takes, _after = rounds[k]
            target = chain[-1]
            before = rounds[k - 1][3]
            assert before is not None
            chain.append(next(c for c in before if target in self.round(frozenset({c}), order, parts, takes)))
        chain.reverse()
        return chain

    def moving(self, seat: int) -> SeatTokens | None:
        """A detailed seat's cards as the tokens see them, when they can move one (else its labels need no part)."""
        tokens = self.seats[seat]
        return tokens if tokens is not None and not tokens.inert else None

    def part(self, seat: int, start: Start, end: Start) -> Part:
        tokens = self.seats[seat]
        assert tokens is not None
        return tokens.part(start, end)

    def origin(self) -> frozenset[Config]:
        """Before the first round: every token in the reserve, no kept card taken."""
        count = len(self.seats)
        return frozenset({(0,) * count + (0,) + (0, 0, 0) * len(self.kept_slots)})

    def ends_right(self, configs: frozenset[Config], diploma: bool = True) -> bool:
        """Whether some situation is the table's: its tokens at the end, and (``diploma``) the Yokai Diploma's
        holder has had all 3 at some moment."""
        count = len(self.seats)
        return any(c[:count] == self.final and (not diploma or self.holder is None or c[count]) for c in configs)

    def round(
        self, configs: frozenset[Config], order: Sequence[int], parts: Sequence[Part], takes: Sequence[int]
    ) -> frozenset[Config]:
        """Every situation after a round worked in ``order`` with each seat's ``parts`` (a sheet player's is
        ``()``, read from its ``takes``), from each of ``configs`` (see the module docstring). Remembered."""
        key = (configs, tuple(order), tuple(parts), tuple(takes))
        known = self.memo.get(key)
        if known is not None:
            return known
        now: set[Config] = set(configs)
        turns = self.turns
        for seat in order:
            if not now:
                break
            following: set[Config] = set()
            for config in now:
                one = (config, seat, parts[seat], takes[seat])
                found = turns.get(one)
                if found is None:
                    found = turns[one] = frozenset(self._turn({config}, seat, parts[seat], takes[seat]))
                following |= found
            now = following
        result = self.memo[key] = frozenset(now)
        return result

    def _turn(self, configs: set[Config], seat: int, part: Part, take: int) -> set[Config]:
        """One player's turn: its arrivals with the column taken, then its gifts."""
        count = len(self.seats)
        if self.seats[seat] is None:
            # A sheet player: any of its cards taken may have brought a token, and it may have given up to 3.
            arrival_counts = range(take + 1)
            gifts: range = range(YOKAI_TOKENS + 1)
            outcomes: set[Config] = set()
            for config in configs:
                for arrivals in arrival_counts:
                    for after in self._arrive({config}, seat, arrivals):
                        outcomes.update(self._give({after}, seat, gifts))
            return outcomes
        if not part:
            return configs
        shown, hidden, kept, gift = part
        slot = self.kept_slots.get(seat)
        kinds = self.seats[seat].kept_kinds  # type: ignore[union-attr]
        outcomes = set()
        for config in configs:
            splits: list[tuple[int, Config]] = []
            if slot is None or not kept:
                splits.append((0, config))
            else:
                # Which of the kept cards were taken this round: so many of each kind, within those left.
                at = count + 1 + 3 * slot
                done = config[at : at + 3]
                for xa in range(min(kept, kinds[0] - done[0]) + 1):
                    for xh in range(min(kept - xa, kinds[1] - done[1]) + 1):
                        xn = kept - xa - xh
                        if xn > kinds[2] - done[2]:
                            continue
                        progressed = (*config[:at], done[0] + xa, done[1] + xh, done[2] + xn, *config[at + 3 :])
                        splits.append((xa * 1000 + xh, progressed))
            for code, base in splits:
                xa, xh = divmod(code, 1000)
                for extra in range(hidden + xh + 1):
                    arrived = self._arrive({base}, seat, shown + xa + extra)
                    outcomes.update(self._give(arrived, seat, range(gift, gift + 1)))
        return outcomes

    def _gain(self, config: list[int], seat: int) -> None:
        config[seat] += 1
        if seat == self.holder and config[seat] == YOKAI_TOKENS:
            config[len(self.seats)] = 1

    def _arrive(self, configs: set[Config], seat: int, arrivals: int) -> set[Config]:
        """``arrivals`` arrival icons taken by ``seat``: from the reserve while it has a token, then from another
        player of its choice (every choice followed), nothing when nobody else holds one."""
        count = len(self.seats)
        now = configs
        for _arrival in range(arrivals):
            following: set[Config] = set()
            for config in now:
                out = sum(config[:count])
                if out < YOKAI_TOKENS:
                    grown = list(config)
                    self._gain(grown, seat)
                    following.add(tuple(grown))
                    continue
                victims = [k for k in range(count) if k != seat and config[k] > 0]
                if not victims:
                    following.add(config)
                for victim in victims:
                    grown = list(config)
                    grown[victim] -= 1
                    self._gain(grown, seat)
                    following.add(tuple(grown))
            now = following
        return now

    def _give(self, configs: set[Config], seat: int, gifts: range) -> set[Config]:
        """``seat`` makes a number of gifts among ``gifts``, each of one of its tokens to an opponent of its choice
        (every choice followed); a gift with no token in hand does nothing."""
        count = len(self.seats)
        outcomes: set[Config] = set()
        now = configs
        for made in range(max(gifts, default=-1) + 1):
            if made in gifts:
                outcomes.update(now)
            if made == max(gifts):
                break
            following: set[Config] = set()
            for config in now:
                if config[seat] == 0:
                    following.add(config)
                    continue
                for other in range(count):
                    if other != seat:
                        grown = list(config)
                        grown[seat] -= 1
                        self._gain(grown, other)
                        following.add(tuple(grown))
            now = following
        return outcomes

"""Tally, a game that exists only in the tests: proof that a third game is one folder (issue 16).

Its rules, which nothing else implements: each player writes one score per round (the table says how many rounds
were played, 1 to 9) and may take a bonus of 0 to 10 points; the total is the rounds and the bonus. A tie goes to
the tied player with the best single round (a tie-break, so no place is shared unless that is equal too). One
issue code: ``ROUND_COUNT``, a player whose rounds are not the table's number of rounds. 1 to 5 players.

The package holds what a game's package and its web plug hold — ``game.py`` (the :class:`~marquoir.core.game.Game`),
``sheet.py`` (its printed sheet), ``web.py`` (its blueprint, entry page and :class:`~marquoir.web.plug.WebPlug`) and
``templates/`` — and is registered by the tests only (:func:`marquoir.games.registered`): nothing in ``marquoir/``
names it.
"""

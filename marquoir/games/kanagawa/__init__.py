"""Kanagawa and its Yokai expansion: data, table, document, scoring, Diplomas, legality, rules engine and
reachability. :data:`KANAGAWA` is the game's seam (:class:`marquoir.core.game.Game`)."""

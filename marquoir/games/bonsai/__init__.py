"""Bonsai (Rosaria Battiato, Massimo Borzì and Martino Chiacchiera; DV Games, 2023): the game's data, pot
geometry, table document, scoring and legality pass.

The game value is :data:`marquoir.games.bonsai.game.BONSAI`, listed in :data:`marquoir.games.GAMES`.
"""

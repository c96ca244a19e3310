"""Bonsai in the web app: a new game in each mode, the score pad scored, the tile-by-tile entry without JavaScript
(every tap a round trip carrying the game), problems marked on their cell in the rule's words, the goals met, the
way back from the results and the language switch keeping everything, and bad input answered with a 400 that names
the place. Figures: the official worked example (games/bonsai/data/SOURCES.md; reference/bonsai-scoring.md)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from support.examples import examples
from support.pages import hidden
from support.samples import sample_text

from marquoir import load_table, score

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
SEED = sample_text("bonsai-2p.json")


def new_game(client: FlaskClient, mode: str = "detailed", names: tuple[str, ...] = ("Aiko", "Ben"),
             colours: tuple[str, ...] = ("brown", "green", "cyan"), **extra: Any) -> Any:
    data: dict[str, Any] = {"player_count": str(len(names)), "game": "bonsai", "mode": mode,
                            "goal_colours": list(colours), **extra}
    data.update({f"names-{i}": name for i, name in enumerate(names)})
    return client.post("/new", follow_redirects=True, data=data)


def press(client: FlaskClient, page: str, action: str, current: int = 0, headers: Any = None,
          **fields: Any) -> Any:
    """A round trip of the tile-by-tile page: its game, the current player's fields as shown, and a button."""
    data: dict[str, Any] = {"table": hidden(page), "current": str(current), "action": action}
    data.update(shown_fields(page))
    data.update(fields)
    return client.post("/bonsai/tiles", follow_redirects=True, data=data, headers=headers or {})


def shown_fields(page: str) -> dict[str, Any]:
    """The counters and ticked boxes of a tile-by-tile page, as a browser would send them."""
    fields: dict[str, Any] = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or name.group(1) in ("table", "current", "csrf_token"):
            continue
        if 'type="checkbox"' in tag:
            if " checked" in tag:
                fields.setdefault(name.group(1), []).append(value.group(1) if value else "y")
        elif 'type="hidden"' not in tag:
            fields[name.group(1)] = value.group(1) if value else ""
    return fields


def cell_group(page: str, x: int, y: int) -> str:
    """The drawing of one cell (its ``<g>``)."""
    match = re.search(rf'<g class="cell [^"]*" data-at="{x},{y}">.*?</g>\n', page, re.S)
    assert match, f"no cell [{x}, {y}] drawn"
    return match.group(0)


def tiles_of(page: str, player: int = 0) -> dict[tuple[int, int], str]:
    doc = json.loads(hidden(page))
    return {tuple(t["at"]): t["kind"] for t in doc["players"][player].get("tiles", [])}


def totals(page: str) -> list[int]:
    return [int(t) for t in re.findall(r'data-total="\d+">(-?\d+)<', page)]


# ---------------------------------------------------------------- a new game


def test_a_new_bonsai_game_starts_in_either_mode(client: FlaskClient) -> None:
    tiles = new_game(client)
    assert tiles.status_code == 200
    page = tiles.get_data(as_text=True)
    doc = json.loads(hidden(page))
    assert doc == {"game": "bonsai", "goals": ["brown", "green", "cyan"],
                   "players": [{"name": "Aiko", "tiles": [], "goals": []}, {"name": "Ben", "tiles": [], "goals": []}]}
    assert 'id="tiles-form"' in page and 'value="cycle:0:1"' in page and 'value="flip"' in page
    assert "half a cell left of the trunk, 1 row up: empty" in page
    sheet = new_game(client, mode="sheet", names=("Solo",), colours=("pink", "orange", "cyan"))
    page = sheet.get_data(as_text=True)
    assert sheet.status_code == 200 and 'id="bonsai-sheet-form"' in page
    doc = json.loads(hidden(page))
    assert doc["goals"] == ["orange", "pink", "cyan"] and doc["players"][0]["sheet"]["leaves"] == 0
    # One player: no medium goal tile is offered (they stay in the box with 1 or 2 players).
    assert 'data-goal="pink-small"' in page and 'data-goal="pink-large"' in page and "pink-medium" not in page
    assert page.count('inputmode="numeric"') == 4


def test_without_goal_tiles(client: FlaskClient) -> None:
    page = new_game(client, mode="sheet", colours=(), no_goals="y").get_data(as_text=True)
    assert json.loads(hidden(page))["goals"] == []
    assert "Goals: this game is played without goal tiles" in page and "data-goal" not in page
    page = new_game(client, colours=(), no_goals="y").get_data(as_text=True)
    assert "This game is played without goal tiles." in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"colours": ("brown", "green")}, "Pick exactly 3 goal colours, or tick “played without goal tiles”."),
        ({"colours": ("brown", "green", "pink", "cyan")}, "Pick exactly 3 goal colours"),
        ({"no_goals": "y"}, "Pick 3 colours, or “played without goal tiles”, not both."),
        ({"names": ("Aiko", "Aiko")}, "Two players cannot have the same name."),
    ],
)
def test_the_new_game_checks_bonsai_s_choices(client: FlaskClient, fields: dict[str, Any], message: str) -> None:
    response = new_game(client, **fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    assert '<input checked id="game-2" name="game" type="radio" value="bonsai">' in page  # the choice is kept


def test_each_game_checks_its_own_player_count(client: FlaskClient) -> None:
    alone = {"player_count": "1", "names-0": "Aiko", "mode": "sheet"}
    response = client.post("/new", follow_redirects=True, data={**alone, "game": "base"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    error = re.search(r'<span class="error" id="player_count-error">([^<]*)</span>', page)
    assert error and error.group(1) == "Kanagawa is played by 2 to 4 players."
    assert 'aria-describedby="player_count-error"' in page
    assert new_game(client, mode="sheet", names=("Aiko",)).status_code == 200
    page = client.post("/new", follow_redirects=True,
                       data={**alone, "game": "yokai"}, headers=FR).get_data(as_text=True)
    assert "Kanagawa se joue de 2 à 4 joueurs." in page
    # The home page offers the three games and Bonsai's choices.
    home = client.get("/").get_data(as_text=True)
    for words in ('value="base"', 'value="yokai"', 'value="bonsai"', 'name="goal_colours" type="checkbox" value="cyan"',
                  'name="no_goals"', 'id="goal-colours"', "Tile by tile (Bonsai)", '<option value="1">1</option>'):
        assert words in home, words


# ---------------------------------------------------------------- the score pad


def sheet_fields(page: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {"table": hidden(page)}
    for i, row in enumerate(rows):
        for key, value in row.items():
            if key == "goals":
                for goal in value:
                    data[f"players-{i}-g_{goal.replace('-', '_')}"] = "y"
            else:
                data[f"players-{i}-{key}"] = str(value)
    return data


def test_the_score_pad_scores_the_official_worked_example(client: FlaskClient) -> None:
    page = new_game(client, mode="sheet").get_data(as_text=True)
    rows = [{"leaves": 13, "flowers": 19, "fruits": 2, "parchments": 23, "goals": ["brown-small"]},
            {"leaves": 10, "flowers": 12, "fruits": 1, "parchments": "", "goals": ["green-small"]}]
    response = client.post("/bonsai/sheet", follow_redirects=True, data=sheet_fields(page, rows))
    assert response.status_code == 200
    results = response.get_data(as_text=True)
    assert totals(results) == [100, 30 + 12 + 7 + 0 + 6]  # 39 + 19 + 14 + 23 + 5: the rules' example
    assert "Ranking" in results or "Winner" in results
    doc = json.loads(hidden(results))
    assert doc["players"][0]["sheet"] == {"leaves": 13, "flowers": 19, "fruits": 2, "parchments": 23,
                                          "goals": ["brown-small"]}
    assert "The rule decisions this calculator applies to Bonsai" in results
    # Correct an entry: back to the score pad, every figure kept.
    again = client.post("/edit", follow_redirects=True, data={"table": hidden(results)}).get_data(as_text=True)
    assert 'id="bonsai-sheet-form"' in again
    assert 'id="players-0-leaves" inputmode="numeric"' in again and 'value="13"' in again
    assert re.search(r'id="players-0-g_brown_small"[^>]*checked', again) or \
        re.search(r'checked[^>]*id="players-0-g_brown_small"', again)


def test_the_score_pad_says_what_is_wrong_beside_the_ticks(client: FlaskClient) -> None:
    page = new_game(client, mode="sheet").get_data(as_text=True)
    rows = [{"leaves": 5, "flowers": "", "fruits": 0, "goals": ["green-small", "green-large", "brown-small"]},
            {"leaves": "x", "flowers": 0, "fruits": 0, "goals": ["brown-small"]}]
    response = client.post("/bonsai/sheet", follow_redirects=True, data=sheet_fields(page, rows))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'id="players-0-flowers-error">Enter the flower points.<' in page
    assert 'id="players-1-leaves-error">Enter a whole number.<' in page
    assert 'id="players-0-g_green_small-error">A player claims one goal of each colour.<' in page
    assert 'id="players-0-g_brown_small-error">One tile each: ticked for Aiko and Ben<' in page
    assert 'id="players-1-g_brown_small-error">One tile each: ticked for Aiko and Ben<' in page
    assert 'value="5"' in page and 'value="x"' in page  # what was typed is kept


# ---------------------------------------------------------------- tile by tile, without JavaScript


#: A small bonsai that the rules allow: a wood tile on the trunk, two leaves touching each other and the wood, the
#: fruit between them, a flower on a leaf (taps per cell: wood 1, leaf 2, flower 3, fruit 4).
PLAN = [((0, 1), 1), ((0, 2), 2), ((1, 1), 2), ((1, 2), 4), ((-1, 2), 3)]


def grow(client: FlaskClient, page: str, plan: list[tuple[tuple[int, int], int]], current: int = 0) -> str:
    for (x, y), taps in plan:
        for _tap in range(taps):
            response = press(client, page, f"cycle:{x}:{y}", current)
            assert response.status_code == 200, response.get_data(as_text=True)[-800:]
            page = response.get_data(as_text=True)
    return page


def test_a_game_entered_tile_by_tile_without_javascript(client: FlaskClient) -> None:
    page = new_game(client).get_data(as_text=True)
    assert "value=\"cycle:0:0\"" not in page and "value=\"cycle:0:-1\"" not in page  # the trunk and the pot
    page = grow(client, page, PLAN)
    assert tiles_of(page) == {(0, 1): "wood", (0, 2): "leaf", (1, 1): "leaf", (1, 2): "fruit", (-1, 2): "flower"}
    assert "Not possible" not in page
    assert 'aria-label="1 cell right of the trunk, 2 rows up: fruit"' in page
    assert 'class="cell place-grow kind-fruit"' in cell_group(page, 1, 2)
    assert "17 points so far" in page  # 2 leaves × 3, a fruit 7, a flower with 4 free sides
    # Cards by counters, a Parchment, a goal claimed that the bonsai does not meet.
    page = press(client, page, "inc:growth_leaf").get_data(as_text=True)
    page = press(client, page, "inc:master").get_data(as_text=True)
    page = press(client, page, "inc:master").get_data(as_text=True)
    page = press(client, page, "dec:master").get_data(as_text=True)
    page = press(client, page, "save", parchments=["leaf", "master"], goals_held=["green-small"]).get_data(as_text=True)
    doc = json.loads(hidden(page))
    assert doc["players"][0]["cards"] == {"growth": ["leaf"], "master": 1, "parchments": ["leaf", "master"]}
    assert doc["players"][0]["goals"] == ["green-small"]
    state = page[page.index('id="goal-state-green-small"'):][:700]
    assert "not met yet" in state and "largest group of leaves: 2" in state
    assert "the small green goal (a group of 5 leaves touching one another) is not met" in state
    # Flip the pot: the trunk moves to [1, 0]; the wood at [0, 1] no longer touches it, marked on its cell.
    flipped = press(client, page, "flip").get_data(as_text=True)
    assert json.loads(hidden(flipped))["players"][0]["flipped"] is True
    assert "The gold crack is on the left of the pot (flipped)." in flipped
    assert 'class="cell place-trunk kind-wood"' in cell_group(flipped, 1, 0)
    assert "flagged" in cell_group(flipped, 0, 1)
    assert ("the wood tile (1½ cells left of the trunk, 1 row up) is not joined to the trunk through wood "
        "tiles") in flipped
    page = press(client, flipped, "flip").get_data(as_text=True)
    assert "flipped" not in json.loads(hidden(page))["players"][0] and "flagged" not in cell_group(page, 0, 1)
    # The other player, then back: each bonsai is kept.
    ben = press(client, page, "player:1").get_data(as_text=True)
    assert 'aria-current="true">\n      Ben' in ben and hidden(ben, "current") == "1"
    ben = grow(client, ben, [((1, 1), 1)], current=1)
    aiko = press(client, ben, "player:0", current=1).get_data(as_text=True)
    assert tiles_of(aiko, 1) == {(1, 1): "wood"} and len(tiles_of(aiko)) == 5
    assert '<input checked id="parchments-1" name="parchments" type="checkbox" value="leaf">' in aiko
    # Score: the results, with the unmet goal beside its row.
    results = press(client, aiko, "score").get_data(as_text=True)
    assert totals(results) == [6 + 4 + 7 + (2 + 2) + 6, 0]
    assert "is not met" in results and "The bonsai as entered" in results
    assert results.count('role="img" aria-label="The bonsai of') == 2
    # Each explanation about tiles draws the bonsai with those tiles marked: the flower with its 4 free sides.
    whys = re.findall(r'<div class="why-box">.*?</div></details>', results, re.S)
    drawn = [w for w in whys if 'class="why-tree"' in w]
    assert len(drawn) == 4  # Aiko's leaves, flowers, fruits and goals; Ben has no tile to point at but his trunk
    flowers = next(w for w in drawn if "flower (1 cell left of the trunk, 2 rows up): 4 free sides" in w)
    assert 'aria-label="Tiles counted for Aiko, marked on the bonsai"' in flowers
    lit = re.findall(r'<g class="cell [^"]* lit" data-at="(-?\d+),(-?\d+)">(.*?)</g>\n', flowers, re.S)
    assert [(x, y) for x, y, _body in lit] == [("-1", "2")] and '>4</text>' in lit[0][2]
    leaves = next(w for w in drawn if "Leaves" in w or "leaves" in w)
    assert {(x, y) for x, y in re.findall(r'<g class="cell [^"]* lit" data-at="(-?\d+),(-?\d+)"', leaves)} == {
        ("0", "2"), ("1", "1")}
    expected = score(load_table(hidden(results)))
    assert totals(results) == [p.total for p in expected.players]


def test_a_tile_breaking_a_rule_is_marked_on_its_cell_with_the_rule_s_words(client: FlaskClient) -> None:
    page = new_game(client).get_data(as_text=True)
    page = grow(client, page, [((0, 1), 3)])  # a flower on the trunk's top: it touches no leaf
    drawn = cell_group(page, 0, 1)
    assert "flagged" in drawn and '<text x="' in drawn and ">1</text>" in drawn
    assert ('aria-label="half a cell left of the trunk, 1 row up: flower — Not possible: the flower tile (half a cell '
            'left of the trunk, 1 row up) touches no leaf tile"') in drawn
    problems = page[page.index('id="tile-problems"'):][:600]
    assert '<span class="mark-badge" aria-hidden="true">1</span>' in problems
    assert "the flower tile (half a cell left of the trunk, 1 row up) touches no leaf tile" in problems
    assert "TILE_" not in page and "FRUIT_" not in page  # no issue code on the page
    # Two fruits side by side, each on two leaves that touch each other: said at the later one.
    page = new_game(client).get_data(as_text=True)
    plan = [((0, 1), 1), ((-1, 2), 1), ((0, 2), 2), ((1, 1), 2), ((0, 3), 2), ((1, 2), 4), ((1, 3), 4)]
    page = grow(client, page, plan)
    assert "flagged" not in cell_group(page, 1, 2) and "flagged" in cell_group(page, 1, 3)
    assert ("the fruit tile (half a cell right of the trunk, 3 rows up) touches the fruit tile (1 cell right of the "
        "trunk, 2 rows up)") in cell_group(page, 1, 3)
    assert page.count('<span class="mark-badge"') == 1


def test_the_goals_met_show_as_the_tree_grows(client: FlaskClient) -> None:
    page = client.post("/edit", follow_redirects=True, data={"table": SEED}).get_data(as_text=True)
    assert 'id="tiles-form"' in page and "<h2 id=\"tree-title\">Ana" in page
    for goal in ("green-large", "cyan-small", "brown-large"):
        state = page[page.index(f'id="goal-state-{goal}"'):][:300]
        assert '<span class="pill met">met</span>' in state, goal
    assert 'value="brown-large" id="goal-brown-large" data-colour="brown" checked' in page
    # Ben claimed the small brown goal: shown beside it on Ana's page.
    assert "claimed by Ben" in page[page.index('id="goal-state-brown-small"'):][:400]
    # Nothing of the goals' ids shows as text.
    text = re.sub(r"<[^>]+>", " ", page)
    assert "brown-large" not in text and "cyan-small" not in text


def test_the_live_answer_redraws_the_marks(client: FlaskClient) -> None:
    page = new_game(client).get_data(as_text=True)
    doc = json.loads(hidden(page))
    doc["players"][0]["tiles"] = [{"at": [0, 1], "kind": "flower"}]
    response = client.post("/bonsai/tiles/live", data={"table": json.dumps(doc), "current": "0", "master": "2",
                                                       "goals_held": ["brown-small"]})
    assert response.status_code == 200 and response.is_json
    parts = response.json
    assert parts is not None
    assert "flagged" in parts["pot"] and "touches no leaf tile" in parts["problems"]
    assert "not met yet" in parts["goals"]["brown-small"] and "is not met" in parts["goals"]["brown-small"]
    assert json.loads(parts["table"])["players"][0]["cards"] == {"master": 2}
    assert "⚠ 2" in parts["tabs"][0] and parts["points"].startswith("10 ")  # a flower's 5 sides, a goal's 5
    bad = client.post("/bonsai/tiles/live", data={"table": '{"game": "bonsai"}', "current": "0"})
    assert bad.status_code == 400 and bad.json == {"error": bad.json["error"], "path": "goals"}


# ---------------------------------------------------------------- the way back, the language


def test_correct_an_entry_and_the_language_switch_keep_everything(client: FlaskClient) -> None:
    page = new_game(client).get_data(as_text=True)
    page = grow(client, page, PLAN[:3])
    page = press(client, page, "save", goals_held=["green-small"], tool="2").get_data(as_text=True)
    results = press(client, page, "score").get_data(as_text=True)
    kept = json.loads(hidden(results))
    back = client.post("/edit", follow_redirects=True, data={"table": hidden(results)}).get_data(as_text=True)
    assert 'id="tiles-form"' in back and json.loads(hidden(back)) == kept
    assert 'id="tool" inputmode="numeric"' in back and 'name="tool" size="3" type="text" value="2"' in back
    for page_doc, back_to in ((back, "edit"), (results, "results")):
        switch = page_doc[page_doc.index('class="language-switch"'):]
        switch = switch[: switch.index("</form>")]
        if back_to == "edit":  # the buttons send the entry form, with the draft's token
            assert 'form="tiles-form" formaction="/language"' in switch
            data = {"lang": "fr", "table": hidden(page_doc), "draft": hidden(page_doc, "draft")}
        else:  # the results are a draft's page: the switch comes back to it
            data = {"lang": "fr", "next": hidden(switch, "next")}
            assert data["next"].startswith("/d/") and data["next"].endswith("/results")
        french = client.post("/language", follow_redirects=True, data=data)
        text = french.get_data(as_text=True)
        assert french.status_code == 200 and json.loads(hidden(text)) == kept
        if back_to == "edit":
            assert "Le bonsaï, tuile par tuile" in text and "Retourner le Pot" in text
            assert ("une demi-case à gauche du tronc, 1 rangée plus haut\u00a0: "
                "Bois") in text and "Tuiles Objectif réclamées" in text
            assert "Une de plus\u00a0: Cartes Outil" in text
        else:
            assert "Les bonsaïs saisis" in text and "Résultats" in text


def test_the_pages_in_french(client: FlaskClient) -> None:
    page = new_game(client, mode="sheet").get_data(as_text=True)
    french = client.post("/edit", follow_redirects=True,
                         data={"table": hidden(page)}, headers=FR).get_data(as_text=True)
    for words in ("Fiche de score de Bonsai", "tuiles Feuille\u00a0: 3 points chacune", "petit objectif marron",
                  "Objectifs\u00a0: cochez les tuiles réclamées par chaque joueur",
                  "Rosaria Battiato, Massimo Borzì et Martino Chiacchiera, édité par DV Games"):
        assert words in french, words
    home = client.get("/", headers=FR).get_data(as_text=True)
    assert "Marron\u00a0: tuiles Bois" in home and "Jouée sans tuiles Objectif" in home
    rules = client.get("/rules", headers=FR).get_data(as_text=True)
    assert 'id="bonsai"' in rules and "Bonsai\u00a0: décisions de règles" in rules
    decisions = rules.split('<ol class="decisions bonsai-decisions">')[1].split("</ol>")[0]
    assert decisions.count("<li>") == 19  # decisions 1-13 and the rules of play's 14-19
    assert "jamais une tuile Bois" in decisions  # decision 14: the removal


# ---------------------------------------------------------------- bad input: a 400 that names the place


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("cycle:999:0", "the cell “999 cells right of the trunk, on the trunk’s row” cannot be changed on this grid"),
        ("cycle:0:0", "the cell “the trunk” cannot be changed on this grid"),  # the trunk
        ("cycle:2:-1", "the cell “1½ cells right of the trunk, 1 row down” cannot be changed on this grid"),  # the pot
        ("clear:0:3", ("the cell “half a cell left of the trunk, 3 rows up” cannot be changed on this "
            "grid")),  # nothing to take away, and not on the pot
        ("cycle:a:b", "a cell is written as two whole numbers"),
        ("cycle:99999:0", "a cell is written as two whole numbers"),
        ("player:7", "there is no such player"),
        ("remove-goal:0", "there is no such goal"),
        ("inc:brushes", "this page has no such button"),
        ("explode", "this page has no such button"),
    ],
)
def test_a_forged_button_gets_a_400_naming_it(client: FlaskClient, action: str, words: str) -> None:
    page = new_game(client).get_data(as_text=True)
    response = press(client, page, action)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert f"action “{action}”" in text and words in text and 'class="message"' in text


def test_a_game_that_cannot_be_read_gets_a_400_naming_the_place(client: FlaskClient) -> None:
    page = new_game(client).get_data(as_text=True)
    doc = json.loads(hidden(page))
    doc["players"][0]["tiles"] = [{"at": [1, "two"], "kind": "leaf"}]
    for path in ("/bonsai/tiles", "/bonsai/sheet"):
        response = client.post(path, data={"table": json.dumps(doc), "current": "0", "action": "save"})
        assert response.status_code == 400
        assert "players[0].tiles[0].at" in response.get_data(as_text=True)
    kanagawa = client.post("/bonsai/tiles", follow_redirects=True,
                           data={"table": sample_text("base-2p.json"), "action": "save"})
    assert kanagawa.status_code == 400 and "(game: this page is for Bonsai games)" in kanagawa.get_data(as_text=True)
    wrong = press(client, page, "save", tool="many")
    assert wrong.status_code == 422 and 'id="tool-error">Enter a whole number.<' in wrong.get_data(as_text=True)
    assert json.loads(hidden(wrong.get_data(as_text=True))) == json.loads(hidden(page))  # nothing changed
    french = press(client, page, "cycle:999:0", headers=FR).get_data(as_text=True)
    assert ("la case «\u00a0999 cases à droite du tronc, sur la rangée du tronc\u00a0» ne peut pas être changée sur "
        "cette grille") in french


def test_a_tile_on_the_pot_can_be_taken_away(client: FlaskClient) -> None:
    doc = json.loads(SEED)
    doc["players"][0]["tiles"].append({"at": [2, -1], "kind": "leaf"})
    page = client.post("/edit", follow_redirects=True, data={"table": json.dumps(doc)}).get_data(as_text=True)
    assert 'value="clear:2:-1"' in page and ("1½ cells right of the trunk, 1 row down, on the pot: leaf (press to "
        "take it away)") in page
    assert "a leaf tile (1½ cells right of the trunk, 1 row down) lies on the pot" in page
    page = press(client, page, "clear:2:-1").get_data(as_text=True)
    assert (2, -1) not in tiles_of(page) and 'value="clear:2:-1"' not in page


# ---------------------------------------------------------------- never a 500


FIELDS = ["current", "action", "tool", "master", "helper", "growth_wood", "growth_fruit", "parchments", "goals_held",
          "players-0-leaves", "players-0-flowers", "players-0-g_brown_small", "players-1-goal_points"]
WORDS = st.sampled_from(["", "0", "1", "-1", "99", "100", "x", "cycle:0:1", "cycle:0:0", "clear:0:0", "flip", "score",
                         "player:1", "player:9", "inc:tool", "dec:growth_leaf", "remove-goal:0", "brown-small",
                         "leaf", "\x00", "9" * 30])


@pytest.mark.slow
@examples(60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(
    doc=st.sampled_from([json.loads(SEED), json.loads(sample_text("bonsai-4p.json"))]),
    mangle=st.sampled_from(["none", "tiles", "goals", "flipped", "cards", "sheet"]),
    fields=st.dictionaries(st.sampled_from(FIELDS), WORDS | st.text(max_size=12), max_size=8),
    path=st.sampled_from(["/bonsai/tiles", "/bonsai/sheet", "/bonsai/tiles/live", "/edit"]),
)
def test_bonsai_forms_never_answer_500(client: FlaskClient, doc: Any, mangle: str, fields: dict[str, str],
                                       path: str) -> None:
    doc = copy.deepcopy(doc)
    player = doc["players"][0]
    if mangle == "tiles":
        player["tiles"].append({"at": [0, 0], "kind": "fruit"})
    elif mangle == "goals":
        player["goals"] = ["no-such-goal", "pink-medium"]
    elif mangle == "flipped":
        player["flipped"] = not player.get("flipped", False)
    elif mangle == "cards":
        player["cards"] = {"tool": -3, "parchments": ["leaf", "leaf"]}
    elif mangle == "sheet":
        doc["players"][0] = {"name": player["name"], "sheet": {"leaves": -1, "flowers": 400, "fruits": 9,
                                                              "parchments": 0, "goals": 17}}
    response = client.post(path, data={"table": json.dumps(doc), **fields})
    assert response.status_code < 500, response.get_data(as_text=True)[-1500:]
    if response.status_code >= 400 and not response.is_json:
        text = response.get_data(as_text=True)
        assert 'class="message"' in text or 'class="error"' in text


# ---------------------------------------------------------------- how could this have been built?


def _simulated_document() -> dict[str, Any]:
    from marquoir.games.bonsai.document import table_to_document
    from marquoir.games.bonsai.engine.simulate import simulate_game

    return table_to_document(simulate_game(["random", "greedy"], 4).table)


def test_how_could_this_have_been_built(client: FlaskClient) -> None:
    """The results of a Bonsai game link to the deep check's page: the verdict in words and, since an engine game
    ends with this table, one such game turn by turn with the bonsai drawn after each turn that grew it."""
    doc = _simulated_document()
    page = client.post("/import", follow_redirects=True, data={"text": json.dumps(doc)}).get_data(as_text=True)
    assert 'action="/bonsai/reach"' in page
    response = client.post("/bonsai/reach", data={"table": hidden(page)})
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "could have been built" in text and 'id="reach-verdict"' in text
    assert "Turn 1" in text and "meditates: takes the" in text and "cultivates: " in text
    assert text.count('<svg class="pot-grid small"') >= 10  # the trees, turn by turn
    french = client.post("/bonsai/reach", data={"table": hidden(page)}, headers=FR).get_data(as_text=True)
    assert "Tour 1" in french and "médite\u00a0: prend la" in french and "meditates" not in french


def test_how_could_this_have_been_built_says_why_not(client: FlaskClient) -> None:
    doc = _simulated_document()
    doc["players"][0]["cards"] = {"complete": True}  # no card at all, yet a grown bonsai
    doc["players"][0]["tiles"] = [{"at": [0, y], "kind": "wood"} for y in range(1, 5)]
    doc["players"][0]["goals"] = []
    text = client.post("/bonsai/reach", data={"table": json.dumps(doc)}).get_data(as_text=True)
    assert "could not have been built" in text and "Turn 1" not in text
    kanagawa = client.post("/bonsai/reach", data={"table": sample_text("base-2p.json")})
    assert kanagawa.status_code == 400

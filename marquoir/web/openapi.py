"""The JSON API described in OpenAPI 3.1 (served at ``/api/openapi.json``): what each operation reads (a table
document, ``marquoir/data/table-format.md``), what it answers (the score and legality reports of
``marquoir score|check --json``, the deep check's additions) and its errors (:mod:`marquoir.web.api_errors`). The
tests validate this document (``openapi-spec-validator``) and check the API against it with generated requests.

Pure data: no Flask here. The schemas describe the contract's shape; the document reader stays the judge of a
table's content (an answer 400 ``DOCUMENT_UNREADABLE`` names the place)."""

from __future__ import annotations

from typing import Any

from marquoir.games import GAMES
from marquoir.version import VERSION
from marquoir.web.api_errors import CODES

_REF = "#/components/schemas/"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": _REF + name}


_ISSUE = {
    "type": "object",
    "required": ["code", "player", "field", "message"],
    "properties": {
        "code": {"type": "string", "description": "an issue code of the table format (stable)"},
        "player": {"type": ["string", "null"], "description": "the player's name, null for the whole table"},
        "field": {"type": "string", "description": "a path into the document, such as players[1].diplomas[0]"},
        "message": {"type": "string", "description": "the issue in words, in the answer's language"},
    },
}


def _player_score() -> dict[str, Any]:
    """The player score schema, for the games registered now."""
    return {
        "type": "object",
        "required": ["name", "total", "rank", "breakdown"],
        "properties": {
            "name": {"type": "string"},
            "total": {"type": "integer"},
            "rank": {"type": "integer", "minimum": 1},
            "breakdown": {"type": "object", "additionalProperties": {"type": "integer"},
                          "description": "points by category: " + "; ".join(
                              f"{game.name}: {', '.join(game.categories)}" for game in GAMES.values())},
            "explanations": {"type": "object", "additionalProperties": {"type": "string"}},
            "storms": {"type": "array", "items": {"type": "object"}},
            "tie_break": {"type": "boolean", "description": "the rank was decided by a tie-break"},
        },
    }


def _score_report() -> dict[str, Any]:
    """The score report schema, for the games registered now."""
    return {
        "type": "object",
        "required": ["game", "players", "winners", "legal", "issues"],
        "properties": {
            "game": {"type": "string", "enum": sorted(GAMES)},
            "players": {"type": "array", "items": _ref("PlayerScore")},
            "winners": {"type": "array", "items": {"type": "string"}},
            "legal": {"type": "boolean"},
            "issues": {"type": "array", "items": _ref("Issue")},
            "solo_levels": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 5}},
        },
    }


_LEGALITY_REPORT = {
    "type": "object",
    "required": ["legal", "issues"],
    "properties": {
        "legal": {"type": "boolean"},
        "issues": {"type": "array", "items": _ref("Issue")},
        "reachable": {"type": ["boolean", "null"],
                      "description": "deep=1 only: true a game builds the table, false none does, null undecided"},
        "reachability": {"type": "object", "description": "deep=1 only: the verdict, the witness's rounds, each "
                                                          "player's verdict and steps"},
    },
}
_ERROR = {
    "type": "object",
    "required": ["error", "path", "code"],
    "properties": {
        "error": {"type": "string", "description": "the error in words, in the answer's language"},
        "path": {"type": "string", "description": "the place: in the document (players[0].diplomas, document), a "
                                                  "query parameter (deep), Content-Type, or the URL path"},
        "code": {"type": "string", "enum": sorted(CODES)},
        "retry": {"type": "boolean", "const": True, "description": "trying again later may work"},
    },
}


def table_document() -> dict[str, Any]:
    """The table document's outer shape (``marquoir/data/table-format.md`` is the whole contract), for the games
    registered now."""
    return {
        "type": "object",
        "required": ["game", "players"],
        "properties": {
            "game": {"type": "string", "enum": sorted(GAMES)},
            "families": {"type": "array", "items": {"type": "string"}},
            "goals": {"type": "array", "items": {"type": "string"}},
            "rules": {"type": "object"},
            "players": {"type": "array", "items": {"type": "object"}, "minItems": 1},
        },
        "description": "a table document (version 1) of marquoir/data/table-format.md",
    }


_JSON = "application/json"
_LANGUAGE = {"name": "Accept-Language", "in": "header", "required": False, "schema": {"type": "string"},
             "description": "the language of every message (en, fr); English when none matches"}  # fmt: skip
_RATE_HEADERS = {
    "RateLimit-Limit": {"schema": {"type": "integer"}, "description": "requests allowed in the window"},
    "RateLimit-Remaining": {"schema": {"type": "integer"}, "description": "requests left in the window"},
    "RateLimit-Reset": {"schema": {"type": "integer"}, "description": "seconds until the window frees one"},
    "RateLimit-Policy": {"schema": {"type": "string"}, "description": "the limit and its window, as 120;w=60"},
}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {_JSON: {"schema": _ref("Error")}}}


def _operation(summary: str, answer: str, *, deep: bool) -> dict[str, Any]:
    parameters: list[dict[str, Any]] = [_LANGUAGE]
    deep_games = [game.name for game in GAMES.values() if game.has_deep_check]
    if deep:
        parameters.append({
            "name": "deep", "in": "query", "required": False,
            "schema": {"type": "string", "enum": ["0", "1", "false", "true", "no", "yes"]},
            "description": "1, true or yes: also search for a game that builds the table (" + ", ".join(
                deep_games) + "); any other "
                           "value than these six is refused (400 QUERY_UNKNOWN)",
        })  # fmt: skip
    responses: dict[str, Any] = {
        "200": {"description": answer, "headers": _RATE_HEADERS, "content": {_JSON: {"schema": _ref(answer)}}},
        "400": _error("unreadable document (DOCUMENT_UNREADABLE), unknown query parameter or value (QUERY_UNKNOWN)"
                      + (", a game without a deeper check (DEEP_UNAVAILABLE)" if deep else "")),
        "413": _error("a body over 512 KiB (TOO_LARGE)"),
        "415": _error("a body that is not JSON by its Content-Type (UNSUPPORTED_MEDIA_TYPE)"),
        "429": _error("too many requests from this address (RATE_LIMITED); Retry-After says when"),
    }
    if deep:
        responses["503"] = _error("deep=1: every worker busy (BUSY) or the check stopped at its bound "
                                  "(DEEP_STOPPED); retry is true")
    return {
        "summary": summary,
        "parameters": parameters,
        "requestBody": {"required": True, "content": {_JSON: {"schema": _ref("TableDocument")}}},
        "responses": responses,
    }


def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the JSON API."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Marquoir JSON API",
            "version": VERSION,
            "summary": "Score and check finished tables of " + ", ".join(g.title for g in GAMES.values()),
            "description": "Every answer is JSON, errors included ({error, path, code}). Messages follow "
                           "Accept-Language (en, fr), English by default. No CORS headers: see the README.",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "paths": {
            "/api/score": {"post": _operation("The score report of a table", "ScoreReport", deep=False)},
            "/api/check": {"post": _operation("The legality report of a table", "LegalityReport", deep=True)},
            "/api/openapi.json": {"get": {
                "summary": "This document",
                "responses": {"200": {"description": "the OpenAPI document",
                                      "content": {_JSON: {"schema": {"type": "object"}}}}},
            }},
        },
        "components": {
            "schemas": {
                "TableDocument": table_document(),
                "ScoreReport": _score_report(),
                "PlayerScore": _player_score(),
                "LegalityReport": _LEGALITY_REPORT,
                "Issue": _ISSUE,
                "Error": _ERROR,
            }
        },
    }

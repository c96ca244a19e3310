"""The app factory (:func:`create_app`) and what it registers: configuration, CSRF, security headers, error pages,
the shared blueprints and each game's (see :mod:`marquoir.web`)."""

from __future__ import annotations

import os
import secrets
from typing import Any

from flask import Flask, render_template, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException, MethodNotAllowed, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response as BaseResponse

from marquoir.storage import default_folder
from marquoir.web import (
    compress,
    db,
    drafts,
    i18n,
    limits,
    logs,
    render,
    saved,
    table,
    table_sheet,
    templating,
    workers,
)
from marquoir.web.api import bp as api
from marquoir.web.api_errors import BY_STATUS, api_error, is_api_request
from marquoir.web.draft_pages import bp as draft_pages
from marquoir.web.groups import bp as groups
from marquoir.web.i18n import _
from marquoir.web.language import bp as language
from marquoir.web.main import bp as main
from marquoir.web.paths import template_folder
from marquoir.web.plug import plugs
from marquoir.web.printing import bp as printing
from marquoir.web.results import bp as results
from marquoir.web.security import (
    CONTENT_SECURITY_POLICY,
    MAX_CONTENT_LENGTH,
    deployment_config,
    no_store,
    secret_key,
    strict_transport,
)
from marquoir.web.stats import bp as stats

csrf = CSRFProtect()

#: Shared forms whose content may be offered back after a CSRF refusal (they change nothing on the server); each
#: game's plug adds its own (``resendable``).
RESENDABLE = ("/new", "/edit", "/export", "/results", "/games/save", "/games/correct", "/print/game", "/language")
#: The shared blueprints, in the order they are registered (each game's comes after ``main``).
BLUEPRINTS = (main, draft_pages, results, api, saved.bp, stats, groups, printing, language, table.bp)


def resendable() -> frozenset[str]:
    """Every form whose content may be offered back after a CSRF refusal: the shared ones and the games'."""
    return frozenset(RESENDABLE).union(*(p.resendable for p in plugs().values()))


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app factory: configuration, CSRF, security headers, error pages, blueprints."""
    # INSTANCE_PATH (an absolute folder) moves the instance folder, where the default SQLite database lives; by
    # default it is the command line's (MARQUOIR_INSTANCE, else ./instance): one default database for both.
    instance = (test_config or {}).get("INSTANCE_PATH") or str(default_folder())
    app = Flask(__name__, template_folder=template_folder(), static_folder="static", instance_path=instance)
    app.config.update(
        BASE_URL=None,
        COOKIES_SECURE=False,
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        MAX_FORM_MEMORY_SIZE=MAX_CONTENT_LENGTH,
        WTF_CSRF_TIME_LIMIT=12 * 3600,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        TEMPLATES_AUTO_RELOAD=False,
    )
    app.config.update(deployment_config())
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("MARQUOIR_SECRET_KEY") or (
            secrets.token_hex(32) if app.testing else secret_key(app.instance_path))
    # Behind reverse proxies the client's address and scheme are theirs to say: ProxyFix reads them, unless the
    # server does (``marquoir serve``: waitress's trusted proxy, PROXY_FIX false).
    if app.config.get("PROXIES") and app.config.get("PROXY_FIX", True):
        hops = int(app.config["PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    app.jinja_env.bytecode_cache = templating.BYTECODE
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    logs.init_app(app)  # first: its clock starts before any other check of the request
    csrf.init_app(app)
    for blueprint in (BLUEPRINTS[0], *(p.blueprint for p in plugs().values()), *BLUEPRINTS[1:]):
        app.register_blueprint(blueprint)
    csrf.exempt(api)
    _install_handlers(app)
    i18n.init_app(app)
    render.init_app(app)
    saved.init_app(app)
    table.init_app(app)
    table_sheet.init_app(app)
    db.init_app(app)
    workers.init_app(app)
    limits.init_app(app)
    compress.init_app(app)
    return app


def _install_handlers(app: Flask) -> None:
    @app.after_request
    def security_headers(response: BaseResponse) -> BaseResponse:
        # A printed sheet's page sets its own policy: this one plus its inline stylesheet's hash (web/printing.py).
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["X-Frame-Options"] = "DENY"
        return strict_transport(no_store(response))

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[str, int]:
        """A form whose token expired (or that came from elsewhere) is not acted on; what it carried is offered
        back, with a fresh token, so that nothing typed is lost (an entry page comes back as typed, nothing done)."""
        kept = drafts.expired_form_page()  # an entry page comes back as typed
        if kept is not None:
            return kept
        message = _("This form has expired or did not come from this site: it was not used.")
        resend = [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token"]
        return render_template(
            "main/error.html", code=400, title=_("Form not accepted"), message=message,
            resend=resend if request.path in resendable() else None,
        ), 400

    @app.errorhandler(SecurityError)
    def untrusted_host(error: SecurityError) -> tuple[str, int, dict[str, str]]:
        """A request for a host the deployment does not answer to (``TRUSTED_HOSTS``): no page of this site can be
        written for it (its links would name that host), so a line of text."""
        return "Bad request: this server does not answer to that host name.\n", 400, {"Content-Type": "text/plain"}

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        code = error.code or 500
        messages = {
            400: _("The request could not be read."),
            404: _("There is no page here."),
            405: _("This page cannot be reached this way."),
            413: _("What was sent is too large (at most %(size)d KiB).") % {"size": MAX_CONTENT_LENGTH // 1024},
        }
        titles = {
            400: _("Bad request"), 404: _("Not found"), 405: _("Method not allowed"), 413: _("Too large"),
        }
        message = messages.get(code, error.description or _("Something went wrong."))
        if is_api_request():
            # The place: the document for a body too large or unreadable, else the address asked for.
            where = "document" if code in (400, 413) else request.path
            answer = api_error(BY_STATUS.get(code, "BAD_REQUEST"), message, where)
            answer.status_code = code
            if isinstance(error, MethodNotAllowed) and error.valid_methods:
                answer.headers["Allow"] = ", ".join(sorted(error.valid_methods))
            return answer
        title = titles.get(code, error.name)
        return render_template("main/error.html", code=code, title=title, message=message), code

"""The app's fixed security settings: the largest request, and the Content-Security-Policy of every page."""

from __future__ import annotations

#: Largest request body accepted: a table document is at most 200,000 characters (marquoir.core.reader), and the
#: forms carry one table document plus a few figures.
MAX_CONTENT_LENGTH = 512 * 1024

#: No inline script anywhere: scripts and styles come from /static only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

"""``python -m marquoir`` is the ``marquoir`` command."""

from marquoir.cli import main

raise SystemExit(main())

"""Reports of finished and saved games: printed score sheets (HTML and PDF), statistics, SVG charts, CSV export.

Pure functions over values (tables, score reports, saved games); only :mod:`marquoir.reports.commands` touches
files. The sheet templates live in the project's ``templates/sheets/`` folder.
"""

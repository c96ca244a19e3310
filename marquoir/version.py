"""The version of Marquoir: one place, read by the build (pyproject.toml's dynamic version), ``marquoir
--version`` and the OpenAPI document. Imports nothing, so that asking for it starts nothing else."""

VERSION = "0.1.0"

"""Command-line subcommands of `python -m damas.engine`."""

"""The terminal side of Tawa: the ``tawa`` command's subcommands (``cmd_*.py``, each registering itself on the
typer app of ``tawa.cli``), the screen of ``tawa play`` and the text pictures they share (rankings, rules)."""

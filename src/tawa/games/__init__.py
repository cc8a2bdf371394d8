"""The games. Each sub-package registers itself with ``tawa.register`` when imported."""

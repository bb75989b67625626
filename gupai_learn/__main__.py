"""``python -m gupai_learn`` is the ``gupai-learn`` command (see :mod:`gupai_learn.cli`)."""

from gupai_learn.cli import main

raise SystemExit(main())

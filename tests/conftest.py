"""Shared test set-up: progress is written to a temporary file, never to the user's own."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# set before any kernel starts (nbval's kernels inherit the environment)
os.environ["GUPAI_PROGRESS"] = str(Path(tempfile.mkdtemp(prefix="gupai-test-")) / "progress.json")

"""tools/lite/build.py without a browser: the lock's closure, and offline failures named."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

# loaded from its file under its own name (a "build" package may be installed too)
_SPEC = importlib.util.spec_from_file_location(
    "gupai_lite_build", Path(__file__).resolve().parents[1] / "tools" / "lite" / "build.py"
)
assert _SPEC is not None and _SPEC.loader is not None
build = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(build)


def test_closure_follows_depends_whatever_the_spelling() -> None:
    packages = {
        "ipython": {"depends": ["prompt_toolkit", "traitlets"]},
        "prompt-toolkit": {"depends": ["wcwidth"]},
        "traitlets": {"depends": []},
        "wcwidth": {"depends": []},
        "numpy": {"depends": []},
    }
    assert build.closure(packages, ["ipython"]) == [
        "ipython",
        "prompt-toolkit",
        "traitlets",
        "wcwidth",
    ]
    with pytest.raises(build.Missing, match="no package nowhere"):
        build.closure(packages, ["nowhere"])


def test_offline_a_missing_wheel_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # as if offline, with an empty cache
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path))
    monkeypatch.delenv("PIP_EXTRA_INDEX_URL", raising=False)
    with pytest.raises(build.Missing, match="the wheel psygnal 0.16.1"):
        build.pure_wheel("psygnal", "0.16.1")

    def offline(output: Path) -> None:
        build.pure_wheel("psygnal", "0.16.1")

    monkeypatch.setattr(build, "build", offline)
    assert build.main(["--output", str(tmp_path / "site")]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "psygnal 0.16.1" in lines[0], lines


def test_a_binary_wheel_cannot_be_carried() -> None:
    spec = {
        "file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        "version": "2.4.6",
    }
    with pytest.raises(build.Missing, match="numpy is not a pure-Python wheel"):
        build._local("numpy", spec)

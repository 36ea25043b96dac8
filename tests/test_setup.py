"""First-run set-up: it says what it is doing, with progress, and the kiosk's packaging gives setuptools
nothing to warn about."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CAREFUL = "Please be careful with folders"


def project_copy(into: Path) -> Path:
    """The files an install reads: pyproject.toml, the README and the kiosk package (no .venv, no models)."""
    into.mkdir()
    shutil.copy(ROOT / "pyproject.toml", into)
    shutil.copy(ROOT / "README.md", into)
    shutil.copytree(ROOT / "kiosk", into / "kiosk", ignore=shutil.ignore_patterns("__pycache__"))
    return into


@pytest.mark.slow
def test_an_editable_install_gives_setuptools_nothing_to_warn_about(tmp_path: Path) -> None:
    """pip builds the editable wheel as setup.sh has it built (isolated, with the newest setuptools) and
    shows the build's warnings. The kiosk goes into a throwaway environment (pip's --python): installing it
    anywhere in the test's own environment would first uninstall the kiosk the tests are running."""
    project = project_copy(tmp_path / "project")
    throwaway = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(throwaway)], check=True, timeout=120)
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(throwaway / "bin" / "python"), "install", "--no-deps",
         "-e", "."],
        cwd=project, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert install.returncode == 0, install.stderr
    assert "Successfully installed snap-apple-kiosk" in install.stdout
    assert "Uninstalling" not in install.stdout, "the test's own kiosk was touched"
    assert CAREFUL not in install.stdout + install.stderr


@pytest.mark.slow
def test_a_first_setup_says_each_step_with_progress(tmp_path: Path) -> None:
    """scripts/setup.sh --play on a fresh copy: a new .venv and the kiosk's packages, each step said, pip's
    lines per package shown, and no setuptools warning."""
    project = project_copy(tmp_path / "fresh")
    shutil.copytree(ROOT / "scripts", project / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
    setup = subprocess.run(
        ["nice", "-n", "10", "scripts/setup.sh", "--play"],
        cwd=project, capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    said = setup.stdout + setup.stderr
    assert setup.returncode == 0, said
    for line in (
        "==> Making the Python environment in .venv",
        "==> Installing the kiosk and its Python packages into .venv",
        "    Collecting httpx",
        "    Successfully installed",
        "    done in ",
    ):
        assert line in said, said
    assert CAREFUL not in said
    ran = subprocess.run(
        [project / ".venv" / "bin" / "python", "-c", "import kiosk, sys; print(kiosk.__file__)"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert ran.stdout.strip() == str(project / "kiosk" / "__init__.py")

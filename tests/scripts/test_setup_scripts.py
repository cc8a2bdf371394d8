"""The README's commands as scripts (issue 24): `scripts/serve.sh` passes every argument to `tawa serve` and runs
pip only when it must (the first time, after pyproject.toml changed, or for extras not installed yet): a start
re-ran pip for 29 s before the server answered. Run in a copy of the scripts with a stand-in `python3` on the PATH
that records what it is asked (no network, no real install)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A stand-in for python3 and for the virtual environment it makes: every call is logged; `-m venv .venv` makes
# .venv/bin/python (this same stand-in); `-m pip install … -e .` makes .venv/bin/tawa, which prints its arguments.
FAKE_PYTHON = """#!/usr/bin/env bash
echo "python $*" >> "$TAWA_FAKE_LOG"
if [ "$1" = "--version" ]; then echo "Python 3.11.7"; exit 0; fi
if [ "$1 $2" = "-m venv" ]; then mkdir -p "$3/bin"; cp "$0" "$3/bin/python"; exit 0; fi
if [ "$1 $2 $3" = "-m pip install" ] && [[ "$*" == *" -e "* ]]; then
  printf '#!/usr/bin/env bash\\necho "tawa $*"\\n' > .venv/bin/tawa; chmod +x .venv/bin/tawa
fi
"""


def checkout(tmp: Path) -> tuple[Path, dict[str, str]]:
    repo = tmp / "repo"
    (repo / "scripts").mkdir(parents=True)
    for name in ("venv.sh", "serve.sh", "play.sh"):
        shutil.copy(ROOT / "scripts" / name, repo / "scripts" / name)
    shutil.copy(ROOT / "pyproject.toml", repo / "pyproject.toml")
    fake = tmp / "bin"
    fake.mkdir()
    (fake / "python3").write_text(FAKE_PYTHON)
    (fake / "python3").chmod(stat.S_IRWXU)
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}", "TAWA_FAKE_LOG": str(tmp / "calls.log")}
    return repo, env


def run(repo: Path, env: dict[str, str], *args: str) -> str:
    out = subprocess.run(["bash", *args], cwd=repo, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def pip_installs(log: Path) -> list[str]:
    return [line for line in log.read_text().splitlines() if " -m pip install" in line and " -e " in line]


def test_serve_passes_its_arguments_and_skips_pip_when_nothing_changed(tmp_path: Path) -> None:
    repo, env = checkout(tmp_path)
    log = Path(env["TAWA_FAKE_LOG"])
    assert run(repo, env, "scripts/serve.sh", "--port", "8123") == "tawa serve --port 8123"
    assert len(pip_installs(log)) == 1  # the first start installs
    again = run(repo, env, "scripts/serve.sh", "--host", "0.0.0.0", "--port", "9")
    assert again == "tawa serve --host 0.0.0.0 --port 9"
    assert len(pip_installs(log)) == 1  # the second does not
    assert run(repo, env, "scripts/play.sh").startswith("tawa play sacred-valley")
    assert len(pip_installs(log)) == 1
    # the test command's extras are more: installed once, after which a plain start still needs nothing
    assert run(repo, env, "-c", ". scripts/venv.sh && tawa_venv test,openspiel && echo ok") == "ok"
    assert pip_installs(log)[-1].endswith("-e .[test,openspiel]") and len(pip_installs(log)) == 2
    run(repo, env, "scripts/serve.sh")
    assert len(pip_installs(log)) == 2
    # a changed pyproject.toml (a dependency, an entry point) installs again
    (repo / "pyproject.toml").write_text((repo / "pyproject.toml").read_text() + "\n# changed\n")
    run(repo, env, "scripts/serve.sh")
    assert len(pip_installs(log)) == 3
    # an install that did not finish leaves no stamp: the next start tries again
    (repo / ".venv" / "bin" / "tawa").unlink()
    run(repo, env, "scripts/serve.sh")
    assert len(pip_installs(log)) == 4

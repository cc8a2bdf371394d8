# Sourced by serve.sh, play.sh and test.sh (not run alone): `tawa_venv [EXTRAS]` makes the virtual environment
# .venv/ and installs Tawa into it (editable, with the extras named: "test,openspiel"), unless an install of the
# same pyproject.toml by the same Python, with those extras or more, is there already: a stamp in .venv/ says
# which. So a second start skips pip (29 s before the server answered, under a second now). The install is
# editable: a change to the code needs none; a change to pyproject.toml (dependencies, entry points) reinstalls.
tawa_venv() {
  local extras="${1:-}" stamp=".venv/.tawa-installed" key line
  key="$(python3 --version 2>&1) $(sha256sum pyproject.toml | cut -d' ' -f1)"
  if [ -x .venv/bin/python ] && [ -x .venv/bin/tawa ] && [ -f "$stamp" ]; then
    while IFS= read -r line; do
      case "$line" in
        "$key extras="*)
          local have="${line#"$key extras="}" missing=""
          for e in ${extras//,/ }; do
            case ",$have," in *",$e,"*) ;; *) missing=1 ;; esac
          done
          [ -z "$missing" ] && return 0 ;;
      esac
    done < "$stamp"
  fi
  python3 -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
  # the rl extra (tawa.rl, the training example) needs torch: its CPU build first, or the extra's resolver pulls
  # the multi-GB CUDA build (docs/rl.md)
  case ",$extras," in
    *",rl,"*) .venv/bin/python -c "import torch" >/dev/null 2>&1 \
                || .venv/bin/python -m pip install --quiet "torch==2.13.0" ;;
  esac
  .venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
  echo "$key extras=$extras" > "$stamp"
}

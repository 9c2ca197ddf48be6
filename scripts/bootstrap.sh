# Sourced by ./senet-board and ./run-tests: makes sure .venv exists and holds the project.
# Usage: source scripts/bootstrap.sh [runtime|dev]
# Reinstalls only when pyproject.toml changed since the last install (a stamp file records it).
set -euo pipefail

project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$project_root/.venv"
extras="${1:-runtime}"

require_python() {
    if ! command -v python3 >/dev/null 2>&1; then
        echo "senet-board: python3 (3.11 or newer) is needed; install it with: sudo apt-get install python3" >&2
        exit 1
    fi
    if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "senet-board: Python 3.11 or newer is needed, found $(python3 --version)" >&2
        exit 1
    fi
}

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

make_venv() {
    if python3 -m venv "$venv" 2>/dev/null; then return; fi
    # Debian and Raspberry Pi OS ship venv/ensurepip in a separate package.
    echo "senet-board: installing python3-venv (Debian splits it from python3)" >&2
    rm -rf "$venv"
    as_root apt-get update -q
    as_root apt-get install -y -q python3-venv
    python3 -m venv "$venv"
}

require_python
spec="$project_root"
[ "$extras" = dev ] && spec="$project_root[dev]"
stamp="$venv/.installed-$extras-$(sha256sum "$project_root/pyproject.toml" | cut -c1-16)"
if [ ! -f "$stamp" ]; then
    [ -x "$venv/bin/python" ] || make_venv
    echo "senet-board: setting up $venv ($extras); this happens once" >&2
    "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q -e "$spec"
    rm -f "$venv"/.installed-"$extras"-*
    touch "$stamp"
fi

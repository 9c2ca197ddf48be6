# Compiles every firmware module with mpy-cross so nothing MicroPython cannot run gets in.
set -euo pipefail
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
count=0
for f in hardware/firmware/*.py; do
    [ -e "$f" ] || continue
    mpy-cross -o "$out/$(basename "$f" .py).mpy" "$f"
    count=$((count + 1))
done
echo "compiled $count firmware modules"

# The kiosk test drives Debian's Chromium through Playwright; install it when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "installing Debian's chromium for the kiosk browser test" >&2
if [ "$(id -u)" = 0 ]; then sudo_cmd=(); else sudo_cmd=(sudo); fi
"${sudo_cmd[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q chromium fonts-noto-core fonts-dejavu-core

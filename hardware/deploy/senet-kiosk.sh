#!/bin/sh
# Opens the kiosk page full screen once the service answers (Chromium's name differs between
# Raspberry Pi OS, "chromium-browser", and Debian, "chromium").
url="${1:-http://127.0.0.1:8080/}"
until wget -q -O /dev/null "${url}api/status"; do sleep 1; done
browser=$(command -v chromium-browser || command -v chromium)
exec "$browser" --kiosk --noerrdialogs --disable-infobars --incognito --no-first-run \
    --disable-session-crashed-bubble --check-for-update-interval=31536000 \
    --overscroll-history-navigation=0 "$url"

#!/usr/bin/env bash
# Make sure Debian's Chromium and a CJK font are present for the browser tests.
# Installs them with apt-get when running as root; otherwise says what to install.
set -euo pipefail
font=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
if [ -x /usr/bin/chromium ] && [ -e "$font" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian chromium and fonts-wqy-microhei for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
  exit 0
fi
echo "The browser tests need Debian's chromium (/usr/bin/chromium) and fonts-wqy-microhei:" >&2
echo "  sudo apt-get install chromium fonts-wqy-microhei" >&2
exit 1

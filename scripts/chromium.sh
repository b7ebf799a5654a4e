#!/bin/sh
# Install Debian's Chromium for the browser tests, unless it is already there.
# Playwright drives it in place of the browser it would download (the machines reach Debian's
# packages, not Playwright's download host). Prints the browser's path.
set -eu
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "chromium is missing and installing it needs root: apt-get install chromium" >&2
        exit 1
    fi
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
command -v chromium

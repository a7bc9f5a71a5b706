#!/usr/bin/env bash
# The web page's browser test: builds `standoff`, installs the test's one Node dependency
# (playwright-core, from package-lock.json; no browser download) and plays a game year
# through the page in the system Chromium (/usr/bin/chromium, or $CHROMIUM).
# Prints the folder holding the screenshots. Needs node + npm and Debian's chromium.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build -p standoff-cli
cd crates/standoff-server/tests/browser
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
timeout 300 node play.mjs "$root/target/debug/standoff"

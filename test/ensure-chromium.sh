#!/usr/bin/env bash
# Prints the path of a usable Chromium on the last line of stdout; everything else goes to stderr,
# so callers can use: CHROMIUM_PATH="$(bash test/ensure-chromium.sh | tail -n 1)".
# Playwright's bundled browsers are not used: the tests run against the distribution's Chromium,
# which works offline and gets security updates from the OS.
set -euo pipefail

is_usable() {
  [[ -n "$1" && -f "$1" && -x "$1" ]]
}

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if is_usable "$CHROMIUM_PATH"; then
    printf '%s\n' "$CHROMIUM_PATH"
    exit 0
  fi
  echo "CHROMIUM_PATH is set to '$CHROMIUM_PATH', but that is not an executable file; looking elsewhere." >&2
fi

default_path=/usr/bin/chromium
if is_usable "$default_path"; then
  printf '%s\n' "$default_path"
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found; installing Debian's chromium package (apt-get install -y chromium)…" >&2
  # stdout of apt goes to stderr too: only the path may reach our stdout.
  {
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  } </dev/null 1>&2
  if is_usable "$default_path"; then
    printf '%s\n' "$default_path"
    exit 0
  fi
  echo "apt-get install finished, but $default_path is still missing." >&2
  exit 1
fi

cat >&2 <<'MSG'
Chromium not found. The browser tests need Debian's chromium package. Install it with:

  sudo apt-get update && sudo apt-get install -y chromium

or point the tests at an existing Chromium:

  export CHROMIUM_PATH=/path/to/chromium
MSG
exit 1

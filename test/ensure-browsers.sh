#!/usr/bin/env bash
# Makes sure the programs the browser tests drive are installed, from Debian's packages:
#   Chromium and Firefox ESR (Playwright), WebKitGTK's WebDriver and MiniBrowser under Xvfb (the
#   WebKit smoke), and nginx (the deployment test).
# Playwright's own browser downloads are not used: they cannot be fetched here, and the
# distribution's builds get the OS's security updates. As root (CI), missing packages are installed
# with apt-get; otherwise the command to run is printed and the script fails.
set -euo pipefail

# program path (overridable where the tests read an override) → Debian package
declare -A needed=(
  ["${CHROMIUM_PATH:-/usr/bin/chromium}"]=chromium
  ["${FIREFOX_PATH:-/usr/bin/firefox-esr}"]=firefox-esr
  [/usr/bin/WebKitWebDriver]=webkit2gtk-driver
  [/usr/bin/xvfb-run]=xvfb
  [/usr/bin/xauth]=xauth
  [/usr/sbin/nginx]=nginx
)

missing=()
for program in "${!needed[@]}"; do
  [[ -x "$program" ]] || missing+=("${needed[$program]}")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo 'Browsers and nginx for the browser tests are installed.'
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages for the browser tests: ${missing[*]}"
  # Installing nginx must not start it as a system service (on port 80): a policy-rc.d that
  # refuses every start, as container images carry, is put in place for the install if none is.
  policy=/usr/sbin/policy-rc.d
  if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    trap 'rm -f "$policy"' EXIT
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  for program in "${!needed[@]}"; do
    [[ -x "$program" ]] || { echo "apt-get finished, but $program is still missing." >&2; exit 1; }
  done
  exit 0
fi

cat >&2 <<MSG
The browser tests need Debian packages that are missing: ${missing[*]}
Install them with:

  sudo apt-get update && sudo apt-get install -y ${missing[*]}

(CHROMIUM_PATH and FIREFOX_PATH point the tests at a Chromium or Firefox installed elsewhere.)
MSG
exit 1

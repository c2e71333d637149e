#!/usr/bin/env bash
# `npm test`: every check CI relies on, cheapest first, stopping at the first failure.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

started=$SECONDS

# Nothing below may wait for input (CI has no stdin); CI=true itself is honoured, not forced, so a
# local run can still reuse an already running preview server (see playwright.config.ts).
exec </dev/null

step() {
  printf '\n==> %s\n' "$1"
}

report_elapsed() {
  local status=$?
  local elapsed=$((SECONDS - started))
  local outcome=passed
  [[ $status -eq 0 ]] || outcome="FAILED (exit $status)"
  printf '\n==> npm test %s in %dm%02ds\n' "$outcome" $((elapsed / 60)) $((elapsed % 60))
}
trap report_elapsed EXIT

step 'Type check (npm run typecheck)'
npm run typecheck

step 'Lint (npm run lint)'
npm run lint

step 'Unused files, exports and dependencies (npm run knip)'
npm run knip

step 'Formatting (npm run format:check)'
npm run format:check

step 'Unit and component tests (vitest run)'
npx vitest run

step 'First-load budget (npm run budget; builds the app into a temporary folder)'
npm run budget

step 'Browsers and nginx for browser tests (test/ensure-browsers.sh)'
bash test/ensure-browsers.sh
for program in "${CHROMIUM_PATH:-/usr/bin/chromium}" "${FIREFOX_PATH:-/usr/bin/firefox-esr}"; do
  echo "$program: $(timeout 30 "$program" --version 2>/dev/null || echo 'version unknown')"
done
echo "WebKitGTK: $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo 'version unknown')"
echo "nginx: $(/usr/sbin/nginx -v 2>&1)"

step 'Browser tests (playwright test; builds and serves the app)'
npx playwright test

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

# The exit status: the argument if given (a trap that cleaned up first), else the last command's.
report_elapsed() {
  local status=${1:-$?}
  local elapsed=$((SECONDS - started))
  local outcome=passed
  [[ $status -eq 0 ]] || outcome="FAILED (exit $status)"
  printf '\n==> npm test %s in %dm%02ds\n' "$outcome" $((elapsed / 60)) $((elapsed % 60))
}
trap report_elapsed EXIT

# ESLint's typed rules take most of a minute on one core; the type check, knip and Prettier run
# beside it on the other, and each one's output is printed whole, in this order, once it ends.
step 'Type check, lint, unused code, formatting (typecheck, lint, knip, format:check side by side)'
checks_dir=$(mktemp -d)
trap 'status=$?; rm -rf "$checks_dir"; report_elapsed "$status"' EXIT
(
  npm run --silent typecheck >"$checks_dir/typecheck" 2>&1 &&
    npm run --silent knip >"$checks_dir/knip" 2>&1 &&
    npm run --silent format:check >"$checks_dir/format" 2>&1
) &
others=$!
lint_status=0
npm run --silent lint >"$checks_dir/lint" 2>&1 || lint_status=$?
others_status=0
wait "$others" || others_status=$?
for check in typecheck lint knip format; do
  if [[ -f "$checks_dir/$check" ]]; then
    printf -- '--- %s\n' "$check"
    cat "$checks_dir/$check"
  fi
done
if [[ $lint_status -ne 0 || $others_status -ne 0 ]]; then
  echo 'A static check failed (its output is above).'
  exit 1
fi

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

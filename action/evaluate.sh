#!/usr/bin/env bash
# One evaluation of the Action (action.yml): the data file of the folder it runs in, into the
# run file given as $1, with the judge's answers cached under $RUNNER_TEMP/sumlens/cache (kept
# between jobs by the Actions cache). The inputs come as INPUT_* variables; with INPUT_SARIF=true
# stdout is the SARIF of the fine-grained findings, written to $RUNNER_TEMP/sumlens/sumlens.sarif.
set -euo pipefail
args=(eval --data "$INPUT_DATA" --out "$1" --method "$INPUT_METHOD" --cache-dir "$RUNNER_TEMP/sumlens/cache" --progress-every 100)
if [ -n "${INPUT_MODEL:-}" ]; then args+=(--model "$INPUT_MODEL"); fi
if [ -n "${INPUT_BASE_URL:-}" ]; then args+=(--base-url "$INPUT_BASE_URL"); fi
if [ -n "${INPUT_ASPECTS:-}" ]; then args+=(--aspects "$INPUT_ASPECTS"); fi
if [ -n "${INPUT_MAX_COST:-}" ]; then args+=(--max-cost "$INPUT_MAX_COST"); fi
if [ "${INPUT_SARIF:-false}" = true ]; then
  node "$GITHUB_ACTION_PATH/bin/sumlens.js" "${args[@]}" --format sarif > "$RUNNER_TEMP/sumlens/sumlens.sarif"
else
  node "$GITHUB_ACTION_PATH/bin/sumlens.js" "${args[@]}"
fi

#!/usr/bin/env bash
# Installs what the real-VS-Code test layers need on a machine without internet access:
# Debian packages (Chromium, ripgrep, headers for VS Code's native modules) and
# code-server 4.100.3 (VS Code 1.100.3 with a real Node extension host) from the npm
# registry into .tools/code-server/. Idempotent: a finished install is detected and skipped.
# Recipe and reasons: ../shared/guides/real-vscode-offline.md
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOL_DIR="${SUMLENS_CODE_SERVER_DIR:-$ROOT/.tools/code-server}"
VERSION=4.100.3
MARKER="$TOOL_DIR/.installed-$VERSION"

need_apt=()
# fonts-ipafont-gothic: a Japanese font, so the UI test's Japanese screenshots show text, not boxes.
for pkg in libkrb5-dev libsecret-1-dev libxkbfile-dev libx11-dev pkg-config ripgrep chromium fonts-ipafont-gothic; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup-vscode: installing Debian packages: ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${need_apt[@]}"
fi

if [ -f "$MARKER" ]; then
  echo "setup-vscode: code-server $VERSION already installed in $TOOL_DIR"
  exit 0
fi

echo "setup-vscode: installing code-server $VERSION into $TOOL_DIR"
mkdir -p "$TOOL_DIR"
# Scripts are skipped: the package's postinstall downloads ripgrep from GitHub.
npm install --prefix "$TOOL_DIR" "code-server@$VERSION" --ignore-scripts --no-audit --no-fund

VSCODE_DIR="$TOOL_DIR/node_modules/code-server/lib/vscode"
(
  cd "$VSCODE_DIR"
  npm install --omit=dev --ignore-scripts --no-audit --no-fund
  # Debian's rg stands in for the ripgrep binary the skipped postinstall would fetch.
  mkdir -p node_modules/@vscode/ripgrep/bin
  ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  # node-pty's post-install step fails (it wants node-gyp through npx), but pty.node is
  # built before it: keep going, with the long npm output kept in a log instead of CI's.
  npm rebuild >"$TOOL_DIR/rebuild.log" 2>&1 ||
    echo "setup-vscode: npm rebuild reported errors, expected for node-pty's post-install step (details: $TOOL_DIR/rebuild.log)"
  ln -sfn node_modules node_modules.asar
  (cd extensions && npm install --omit=dev --ignore-scripts --no-audit --no-fund)
)
(cd "$TOOL_DIR" && npm rebuild argon2)

touch "$MARKER"
echo "setup-vscode: done"

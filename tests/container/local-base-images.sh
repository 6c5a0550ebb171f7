#!/bin/sh
# Stand-ins for the Dockerfile's base images (node:20-bookworm, node:20-bookworm-slim) on a machine that reaches
# Debian's mirror and the npm registry but no container registry: a Debian bookworm root made by debootstrap,
# with this machine's node 20 and npm copied in (the official images put theirs in /usr/local). The build one
# also gets the compilers better-sqlite3 builds with, node's headers (no download from nodejs.org) and this
# machine's extra CA certificates.
# Usage: tests/container/local-base-images.sh <podman flags...>   (prints the two image names)
set -eu
ROOTFS=${SDUI_ROOTFS:-/var/tmp/sdui-rootfs}
RUN=localhost/sdui-base/node:20-bookworm-slim
BUILD=localhost/sdui-base/node:20-bookworm
if ! podman image exists "$RUN"; then
  if [ ! -x "$ROOTFS/usr/bin/apt-get" ]; then
    debootstrap --variant=minbase bookworm "$ROOTFS" http://deb.debian.org/debian >&2
  fi
  ctx=$(mktemp -d)
  tar -C "$ROOTFS" -cf "$ctx/rootfs.tar" .
  podman import "$ctx/rootfs.tar" localhost/sdui-base/debian:bookworm >&2
  mkdir -p "$ctx/usr/local/bin" "$ctx/usr/local/lib/node_modules" "$ctx/usr/local/include"
  cp "$(command -v node)" "$ctx/usr/local/bin/node"
  cp -r "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$ctx/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ctx/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ctx/usr/local/bin/npx"
  cp -r /usr/include/node "$ctx/usr/local/include/node"
  cat > "$ctx/Containerfile" <<'DOCKER'
FROM localhost/sdui-base/debian:bookworm
COPY usr/local /usr/local
CMD ["node"]
DOCKER
  podman build "$@" -t "$RUN" -f "$ctx/Containerfile" "$ctx" >&2
  rm -rf "$ctx"
fi
if ! podman image exists "$BUILD"; then
  ctx=$(mktemp -d)
  # This machine's extra trust anchors (an egress proxy's CA, if any): npm ci in the build reaches the registry through it.
  mkdir -p "$ctx/ca"
  cp /usr/local/share/ca-certificates/*.crt "$ctx/ca/" 2>/dev/null || true
  cat > "$ctx/Containerfile" <<DOCKER
FROM $RUN
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ git ca-certificates && rm -rf /var/lib/apt/lists/*
COPY ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
ENV npm_config_nodedir=/usr/local NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
DOCKER
  podman build "$@" -t "$BUILD" -f "$ctx/Containerfile" "$ctx" >&2
  rm -rf "$ctx"
fi
echo "$BUILD $RUN"

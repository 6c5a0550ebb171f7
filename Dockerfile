# The config server as production runs it: compiled JavaScript on node 20, as a non-root user, under tini,
# healthy once /readyz answers. Build: docker build -t cashloan-sdui .  Run: see compose.yaml and the README's
# "Running in production". The base images are arguments so a registry mirror can stand in for Docker Hub.
ARG BUILD_IMAGE=node:20-bookworm
ARG RUN_IMAGE=node:20-bookworm-slim

# Build: every dependency (vite, typescript), the renderer (dist/renderer) and the compiled server (dist/server),
# then the dev dependencies dropped. better-sqlite3 compiles here when no prebuilt binary can be fetched.
FROM ${BUILD_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: what the compiled server reads and nothing else (no sources, no compiler, no dev dependencies).
FROM ${RUN_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 sdui && useradd --system --uid 10001 --gid sdui --home-dir /app --shell /usr/sbin/nologin sdui \
  && mkdir -p /data && chown sdui:sdui /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/screens ./screens
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
USER sdui
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1: it passes SIGTERM to node (which drains, then exits 0 within 10 s) and reaps zombies.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/config-server/main.js"]

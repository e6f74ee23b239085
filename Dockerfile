# syntax=docker/dockerfile:1
# The miniapps platform image: the compiled server, push worker and web client on Node 20, run as the non-root
# `node` user. Build: `docker build -t miniapps .`; run it alone or with compose.yaml: docs/operations.md.

FROM node:20-slim AS builder
# better-sqlite3 compiles its native module when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN npm run build
# Only production dependencies go on; the native module built above stays.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8787 \
  DATA_DIR=/data
WORKDIR /app
# The code stays owned by root: the process can write only its data directory.
COPY --from=builder /app/package.json /app/package-lock.json ./
COPY --from=builder /app/node_modules ./node_modules
COPY --from=builder /app/packages ./packages
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8787
# No curl in the slim image: Node's own fetch asks the liveness endpoint.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run serve` without npm in between: node is the process that receives SIGTERM and shuts down gracefully.
CMD ["node", "packages/server/dist/main.js"]

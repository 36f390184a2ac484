# Linea: one image for the web app and the API server. See docs/deploy.md.
#
# Stages:
#   dev        all dependencies and the whole source; the compose `test` profile runs jest here
#   build      `npm run build`: vite builds web/dist, tsc compiles the server into dist/
#   prod-deps  production dependencies only (no embedded PostgreSQL, no TypeScript runner, no build tools)
#   runtime    (default) the compiled server on plain node, with the built web app
#
# NODE_IMAGE: the current Node.js LTS line (26 since October 2026; the code also runs on Node 20.19+).
ARG NODE_IMAGE=node:26-trixie-slim

FROM ${NODE_IMAGE} AS dev
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .

FROM dev AS build
RUN npm run build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready: the event store answers and no read model is parked (GET /health/ready, README, Operations).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1, so SIGTERM from `docker stop` reaches the server. The tools run the same way:
#   docker compose exec app node dist/scripts/users.js list
CMD ["node", "--enable-source-maps", "dist/scripts/start.js"]

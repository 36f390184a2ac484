# Linea: one image for the web app and the API server. See docs/deploy.md.
#
# Stages:
#   dev        all dependencies and the whole source; the compose `test` profile runs jest here
#   build      `npm run build`: vite builds web/dist, tsc checks and compiles the server
#   prod-deps  production dependencies only
#   runtime    (default) the server under tsx, with the built web app

FROM node:20-bookworm-slim AS dev
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .

FROM dev AS build
RUN npm run build

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
# The server's source, as listed in tsconfig.build.json; tsx runs it directly.
COPY domain ./domain
COPY commands ./commands
COPY projections ./projections
COPY api ./api
COPY workers ./workers
COPY infra ./infra
COPY scripts ./scripts
COPY seed ./seed
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (tsx is loaded as a module hook), so SIGTERM from `docker stop` reaches the server.
CMD ["node", "--import", "tsx", "scripts/start.ts"]

# syntax=docker/dockerfile:1
# Skillroute's one deployable: the api process serving the REST API, socket.io and the built SPA.
# Build: docker build -t skillroute .   Run: docker run -e DATABASE_URL=... -e JWT_SECRET=... -e ADMIN_JWT_SECRET=... -p 3000:3000 skillroute
# With DATABASE_URL set the image never starts its embedded PostgreSQL; docs/deploy.md lists the environment.

# 0. The workspaces' manifests and the lockfile, which both installs below start from.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# 1. Everything installed (dev dependencies too) to build the SPA.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build -w @skillroute/web

# 2. Production dependencies of the api and the shared package only: no vitest, vite, eslint or Playwright.
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund -w @skillroute/api -w @skillroute/shared

# 3. The runtime: sources run by tsx (as `npm start` runs them), the built SPA, and an unprivileged user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY scripts/start.mjs scripts/
COPY packages/shared/package.json packages/shared/
COPY packages/shared/src packages/shared/src
COPY apps/api/package.json apps/api/
COPY apps/api/src apps/api/src
COPY apps/api/drizzle apps/api/drizzle
COPY apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
# The image's own `node` user (uid 1000), never root.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# npm passes SIGTERM on to the server (scripts/start.mjs), which drains before it exits.
CMD ["npm", "start"]

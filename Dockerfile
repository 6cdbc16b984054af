# syntax=docker/dockerfile:1

# The product as one container: Remix served by remix-serve, SQLite and uploads on a volume at /data
# (or, with DATABASE_URL and BUCKET_NAME, Postgres and a bucket shared by several machines).
FROM node:22-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

# Dependencies, with the toolchain better-sqlite3 needs to compile.
FROM base AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm install applies these to node_modules (patch-package, run by postinstall).
COPY patches ./patches
RUN npm install --include=dev --no-audit --no-fund

# The production build, then the dev tools dropped.
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM base AS runtime
# Room for 8 MB of short-lived objects per semi-space: on a 512 MB machine Node would size it at
# 1 MB, and each leads page rendered then stops for about six young-generation collections.
# Measured with the server held to 512 MB: leads screen p99 44-48 ms at Node's size, 37-43 ms
# with this.
ENV DATA_DIR=/data \
    PORT=3000 \
    NODE_OPTIONS=--max-semi-space-size=8
# The address this image is deployed at (fly.toml's [env] says the same, and any other deployment
# sets its own): the server refuses to start in production without one.
ENV APP_URL=https://clearline-business.fly.dev
# The app's files stay root's (files 644, folders 755): the server, running as node, can read
# them but not change them, so a flaw in it cannot rewrite its own code. Only /data is node's.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/package.json ./package.json
# npm run backup / npm run restore / npm run db:copy / npm run retention (plain scripts; they read build/migrations.js, build/backup.js, build/retention.js).
COPY --from=build /app/scripts ./scripts
COPY --chmod=755 scripts/docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 3000
# Starts as root only to give the mounted volume to the node user, then runs the server as node
# with no_new_privs (setpriv), so nothing it starts can become root again.
ENTRYPOINT ["docker-entrypoint.sh"]
# Migrations run as the server starts. SESSION_SECRET (fly secrets set ...) must be set: the server
# refuses to start in production without it (or without APP_URL, which the image gives above).
CMD ["node", "node_modules/@remix-run/serve/dist/cli.js", "build/index.js"]

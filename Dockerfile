# One image for every Naiko app; APP picks which one runs (all-in-one, lobby, cash-table,
# sit-and-go, tournament). Build: docker build -t naiko .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
# postinstall generates the Prisma client (offline, see scripts/postinstall.js); CI=1 skips
# preparing an embedded database, which containers never use.
RUN CI=1 npm ci
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
# The server (swc, into dist/apps and dist/libs, the generated Prisma client included) and the
# web client the lobby serves at / (Vite, into dist/web).
RUN node scripts/build.js && node scripts/build-web.js

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production APP=all-in-one PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
# prisma/ before `npm ci`: npm installs the prisma CLI even with --omit=dev (a peer of
# @prisma/client), so the postinstall runs `prisma generate`, which needs the schema. The apps
# use the client compiled into dist by the build stage; prisma/migrations is what the lobby
# applies at start-up. scripts/check-image.js replays these steps in this order (CI).
COPY prisma ./prisma
RUN npm ci --omit=dev && npm cache clean --force
# The room opened at start-up (default tables, Sit & Go bot fill, recurring tournament): ROOM_CONFIG.
COPY config ./config
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server's V8 flags (scripts/node-flags.js: one GC marking thread per two cores).
CMD ["sh", "-c", "exec node $(node scripts/node-flags.js) dist/apps/$APP/src/main.js"]

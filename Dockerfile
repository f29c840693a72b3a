# syntax=docker/dockerfile:1
# Production image: build with every dependency, run with production dependencies only (no
# TypeScript, tsx, Vite or test tools). Node 24 is the current LTS; the code also runs on Node 20.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Optional packages stay: sharp's prebuilt binary for this platform is one (@img/sharp-linux-x64).
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
# The server and its commands (build/scripts: npm run admin:create, admin:password, db:migrate,
# db:seed), compiled to JavaScript.
COPY --from=build /app/build ./build
COPY package.json ./
COPY scripts/command.js ./scripts/
COPY drizzle ./drizzle
# Everything the app writes without DATABASE_URL or SMTP (PGlite, .eml and .txt files) lives in
# /app/data: a volume, so it outlives the container.
RUN mkdir -p data && chown node:node data
VOLUME /app/data
USER node
EXPOSE 3000
# Set at run time: SESSION_SECRET and PUBLIC_URL (required in production), DATABASE_URL=postgres://…
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/start-server.js"]

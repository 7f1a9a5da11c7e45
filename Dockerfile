# The Countersign image: `docker run -p 3000:3000 -v countersign:/data countersign`.
# The build stage packs the release tarballs and installs them as a stranger would (`npm install
# --omit=dev` in an empty directory), so the image holds exactly the released packages.
FROM node:20-bookworm-slim AS build
ARG DEBIAN_FRONTEND=noninteractive
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential python3 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# Install scripts are skipped here: scripts/pack.mjs builds everything once (what `prepare` would
# build too), and the native module is compiled where it runs, in /app below.
RUN npm ci --ignore-scripts --no-audit --no-fund
RUN node scripts/pack.mjs /tarballs
WORKDIR /app
RUN echo '{ "private": true }' > package.json \
 && npm install --omit=dev --no-audit --no-fund /tarballs/countersign-verify-*.tgz /tarballs/countersign-[0-9]*.tgz

FROM node:20-bookworm-slim
ARG DEBIAN_FRONTEND=noninteractive
# tini as PID 1 hands SIGTERM to node, which closes the server at once, and reaps converter
# children; LibreOffice and the fonts convert office documents to PDF, each conversion under prlimit
# (util-linux, in every Debian image) with its profile in a temporary directory of /tmp, which the
# unprivileged user may write.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini libreoffice-writer-nogui fonts-dejavu fonts-liberation \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 countersign \
 && useradd --system --uid 10001 --gid countersign --create-home --home-dir /home/countersign --shell /usr/sbin/nologin countersign \
 && mkdir -p /data \
 && chown countersign:countersign /data
COPY --from=build /app /app
# MALLOC_ARENA_MAX: two C allocator arenas, not eight per core: about 10 MB less memory for an idle server.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PATH=/app/node_modules/.bin:$PATH \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
VOLUME /data
EXPOSE 3000
USER countersign
WORKDIR /app
LABEL org.opencontainers.image.title="Countersign" \
      org.opencontainers.image.licenses="Apache-2.0"
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--"]
CMD ["countersign", "serve"]

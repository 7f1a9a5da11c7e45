#!/usr/bin/env bash
# Builds a stand-in for docker.io/library/node:20-bookworm-slim from Debian's packages and this
# machine's Node, so that the real Dockerfile builds unchanged where no image registry is reachable.
# An image of that name that already exists is reused (unless it was made from another Node).
#
# What goes in, and why each part:
# - debootstrap bookworm --variant=minbase: the Debian userland the official slim image is made of.
# - Node, npm, npx and corepack from this machine under /usr/local, where the official image keeps
#   them, with Node's headers in /usr/local/include/node: GitHub (better-sqlite3's prebuilt
#   binaries) and nodejs.org (node-gyp's headers download) are unreachable here, so the native
#   module compiles from source against these headers (nodedir in the global npmrc).
# - The host's CA bundle as /etc/ssl/certs/ca-certificates.crt and NODE_EXTRA_CA_CERTS: outbound
#   HTTPS to the registries is re-signed by a CA that only this bundle carries.
# - The apt sources of the official image (deb.debian.org, http) and Acquire::Check-Valid-Until
#   false, as on this machine: the mirror's Release files may be older than the machine's clock.
#
# Podman in this sandbox (test/container/podman.ts passes the same flags to every command):
# - runtime runc (`--runtime runc`): crun is not installed.
# - ulimits at most nofile=20000 and nproc=32768 (`--ulimit` on build and run): without them runc
#   asks for the host's higher defaults and fails with "error setting rlimit type 7 (or 6):
#   operation not permitted".
# - cgroupfs (`--cgroup-manager cgroupfs`): no systemd runs as PID 1 here. For the same reason
#   podman cannot schedule HEALTHCHECK timers (it logs "unable to get systemd connection to add
#   healthchecks" and goes on); `podman healthcheck run <container>` runs the check on demand.
# - `podman build --format docker`: the OCI image format has no HEALTHCHECK and podman drops it.
# - storage: the default overlay driver works (native overlay diff on ext4); network: the default
#   netavark bridge (with aardvark-dns and iptables) serves builds and published ports, nothing to
#   configure.
#
# Usage: scripts/container/stand-in-base.sh [--force]
set -euo pipefail

IMAGE=docker.io/library/node:20-bookworm-slim
MIRROR=http://deb.debian.org/debian
NODE_BIN=$(command -v node)
NODE_VERSION=$("$NODE_BIN" --version)
PODMAN=(podman --runtime runc --cgroup-manager cgroupfs)

if [[ "${1:-}" != "--force" ]] && "${PODMAN[@]}" image exists "$IMAGE"; then
  made_from=$("${PODMAN[@]}" image inspect --format '{{ index .Config.Labels "stand-in.node" }}' "$IMAGE" 2> /dev/null || true)
  if [[ "$made_from" == "$NODE_VERSION" || -z "$made_from" ]]; then
    echo "stand-in base: reusing $IMAGE (${made_from:-not a stand-in})"
    exit 0
  fi
fi

NODE_PREFIX=$(dirname "$(dirname "$(readlink -f "$NODE_BIN")")")
NODE_MODULES=$(npm root -g)
HOST_CA=/etc/ssl/certs/ca-certificates.crt
for needed in "$NODE_MODULES/npm" "$NODE_PREFIX/include/node/node.h" "$HOST_CA"; do
  [[ -e "$needed" ]] || { echo "stand-in base: $needed is missing" >&2; exit 1; }
done

work=$(mktemp -d /var/tmp/countersign-stand-in.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

echo "stand-in base: debootstrap bookworm (minbase) from $MIRROR"
debootstrap --variant=minbase bookworm "$root" "$MIRROR" > "$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}

echo "stand-in base: Node $NODE_VERSION from $NODE_PREFIX"
install -D -m 0755 "$NODE_BIN" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include" "$root/usr/local/etc"
cp -a "$NODE_MODULES/npm" "$root/usr/local/lib/node_modules/"
[[ -d "$NODE_MODULES/corepack" ]] && cp -a "$NODE_MODULES/corepack" "$root/usr/local/lib/node_modules/"
cp -a "$NODE_PREFIX/include/node" "$root/usr/local/include/"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
[[ -d "$root/usr/local/lib/node_modules/corepack" ]] && ln -sf ../lib/node_modules/corepack/dist/corepack.js "$root/usr/local/bin/corepack"
printf 'nodedir=/usr/local\n' > "$root/usr/local/etc/npmrc"

install -D -m 0644 "$HOST_CA" "$root/etc/ssl/certs/ca-certificates.crt"

rm -f "$root/etc/apt/sources.list"
cat > "$root/etc/apt/sources.list.d/debian.sources" << 'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
printf 'Acquire::Check-Valid-Until "false";\nAcquire::Check-Date "false";\n' > "$root/etc/apt/apt.conf.d/99stand-in"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

echo "stand-in base: importing as $IMAGE"
tar --numeric-owner -C "$root" -c . | "${PODMAN[@]}" import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${NODE_VERSION#v}" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change "LABEL stand-in.node=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  - "$IMAGE" > /dev/null
echo "stand-in base: $IMAGE ready"

#!/usr/bin/env bash
# Builds the Containerfile's image on a machine that reaches Debian's mirrors and the npm registry but
# no registry of base images, then starts it with podman and checks it answers.
#   1. a Debian 12 root filesystem from Debian's own packages (mmdebstrap), made an image with
#      `buildah from scratch` (localhost/mouthpiece-base:bookworm);
#   2. `buildah build` of the Containerfile on that base (localhost/mouthpiece:latest);
#   3. `podman run`, waiting for /api/health; prints size, build and start times.
# Usage (as root): scripts/image.sh [build|run|all]   (default all). IMAGE_PORT sets the host port (3900).
# Slow and I/O heavy (minutes): not part of CI, which checks the Containerfile instead (deploy/deploy.test.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
BASE=localhost/mouthpiece-base:bookworm
IMAGE=localhost/mouthpiece:latest
PORT="${IMAGE_PORT:-3900}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
work=.tmp/image
mkdir -p "$work"

need=()
for tool in podman buildah mmdebstrap runc; do command -v "$tool" >/dev/null || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || { echo "needs root to install: ${need[*]}" >&2; exit 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    podman buildah mmdebstrap uidmap slirp4netns crun runc
fi
# Inside a VM or a container the kernel's overlay may be refused for nested layers: vfs always works.
export STORAGE_DRIVER="${STORAGE_DRIVER:-$(podman info --format '{{.Store.GraphDriverName}}' 2>/dev/null || echo vfs)}"

build_base() {
  if buildah inspect --type image "$BASE" >/dev/null 2>&1; then echo "base image $BASE already there"; return; fi
  echo "== Debian 12 root filesystem (mmdebstrap)"
  mmdebstrap --variant=minbase --include=ca-certificates \
    --aptopt='APT::Install-Recommends "false"' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    bookworm "$work/rootfs.tar" \
    "deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main" "deb $SECURITY bookworm-security main"
  echo "== base image from scratch"
  local c
  c=$(buildah from scratch)
  buildah add "$c" "$work/rootfs.tar" / >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd /bin/bash \
    --label org.opencontainers.image.title="Debian 12 (mmdebstrap minbase)" "$c"
  buildah commit --rm "$c" "$BASE" >/dev/null
  rm -f "$work/rootfs.tar"
}

build_image() {
  echo "== image (buildah build, base $BASE)"
  local t0=$SECONDS
  # The host's CA bundle goes in too: where a TLS-inspecting proxy stands between this machine and
  # the registries (as here), Debian's own CAs inside the build would refuse its certificate.
  local ca=/etc/ssl/certs/ca-certificates.crt
  # --format docker: the OCI image format has no HEALTHCHECK (buildah drops it with a warning).
  buildah build --isolation chroot --network host --layers --format docker \
    --volume "$ca:/run/host-ca.crt:ro" --build-arg EXTRA_CA_FILE=/run/host-ca.crt \
    --build-arg BASE_IMAGE="$BASE" \
    --build-arg REVISION="$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
    --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    -f Containerfile -t "$IMAGE" .
  echo "build: $((SECONDS - t0)) s"
  podman image inspect "$IMAGE" --format 'size: {{.Size}} bytes' | awk '{printf "size: %s (%.0f MB)\n", $2, $2/1e6}'
}

# The smaller of a limit (a number or "unlimited") and a ceiling.
at_most() { if [ "$1" = unlimited ] || [ "$1" -gt "$2" ]; then echo "$2"; else echo "$1"; fi; }

run_image() {
  echo "== podman run"
  podman rm -f mouthpiece-image-check >/dev/null 2>&1 || true
  podman volume rm -f mouthpiece-image-data >/dev/null 2>&1 || true
  local t0 t1
  # As root podman asks for more open files and processes than a VM's or CI runner's hard limits
  # may allow, and without CAP_SYS_RESOURCE (as here) the runtime cannot raise them and refuses to
  # start. So the container asks for at most this shell's hard limits, processes at most 32768
  # (Debian 12's podman 4.3 hands the runtime no more than that here: measured, 32769 fails).
  # crun refuses hybrid cgroups (v1 controllers beside a v2 mount, as here); runc takes them.
  local runtime=() nofile nproc
  [ "$(podman info --format '{{.Host.CgroupsVersion}}')" = v2 ] || runtime=(--runtime runc)
  nofile=$(at_most "$(ulimit -Hn)" 65536)
  nproc=$(at_most "$(ulimit -Hu)" 32768)
  t0=$(date +%s%N)
  podman run -d --name mouthpiece-image-check -p "127.0.0.1:$PORT:3000" "${runtime[@]}" \
    --ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc" \
    -e ADMIN_PASSWORD="${ADMIN_PASSWORD:-image-check-password}" \
    -v mouthpiece-image-data:/data "$IMAGE" >/dev/null
  for _ in $(seq 1 600); do
    if curl -fsS "http://127.0.0.1:$PORT/api/health" -o "$work/health.json" 2>/dev/null; then break; fi
    sleep 0.1
  done
  t1=$(date +%s%N)
  curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null || { podman logs mouthpiece-image-check; exit 1; }
  echo "start (podman run to /api/health 200): $(((t1 - t0) / 1000000)) ms"
  echo "/api/health: $(cat "$work/health.json")"
  echo "/api/ready:  $(curl -sS "http://127.0.0.1:$PORT/api/ready")"
  echo "running as: $(podman exec mouthpiece-image-check id -u), PID 1: $(podman exec mouthpiece-image-check cat /proc/1/comm)"
  echo "container left running as mouthpiece-image-check on 127.0.0.1:$PORT (podman rm -f mouthpiece-image-check)"
}

case "$what" in
  build) build_base && build_image ;;
  run) run_image ;;
  all) build_base && build_image && run_image ;;
  *) echo "usage: $0 [build|run|all]" >&2; exit 2 ;;
esac

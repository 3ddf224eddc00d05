# shellcheck shell=bash
# "mongo": FerretDB 1.x with its SQLite backend, a MongoDB wire-protocol server
# (Debian ships no MongoDB and no registry here ships mongod). Built from the Go
# module proxy into the cache.

FERRETDB_VERSION="${FERRETDB_VERSION:-v1.24.0}"
# Our patches to that version (deploy/engines/patches/ferretdb-<version>-*.patch), and a
# build tag naming them, so a build without them in the cache is never reused.
FERRETDB_PATCHES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/patches"
FERRETDB_BUILD_TAG="p1"

mongo_home() { printf '%s/ferretdb-%s-%s' "$HANDCHECK_CACHE" "${FERRETDB_VERSION#v}" "$FERRETDB_BUILD_TAG"; }
mongo_installed() { [[ -x "$(mongo_home)/ferretdb" ]]; }

mongo_install() {
  mongo_installed && return 0
  with_lock "$HANDCHECK_CACHE/.ferretdb.lock" mongo_install_locked
}

# FerretDB refuses to start unless build/version/version.txt names its version;
# the module zip leaves that file empty (their release tooling fills it in).
# Our patches are applied to the module's source before the build.
ferretdb_prepare_source() {
  printf '%s\n' "$FERRETDB_VERSION" >build/version/version.txt
  local patch
  for patch in "$FERRETDB_PATCHES_DIR"/ferretdb-"${FERRETDB_VERSION#v}"-*.patch; do
    [[ -e "$patch" ]] || continue
    patch -p1 --forward --silent <"$patch" || die "FerretDB: $patch does not apply"
  done
}

mongo_install_locked() {
  mongo_installed && return 0
  local home tmp
  home="$(mongo_home)"
  tmp="$home.partial"
  rm -rf "$tmp" "$home"
  mkdir -p "$tmp"
  log "mongo: building FerretDB $FERRETDB_VERSION into $home (about a minute)"
  go_build_module github.com/FerretDB/FerretDB "$FERRETDB_VERSION" ./cmd/ferretdb \
    "$tmp/ferretdb" ferretdb_prepare_source -ldflags "-s -w"
  mv "$tmp" "$home"
}

mongo_ports() { printf '%s' "$MONGO_PORT"; }
mongo_describe() { printf 'mongodb://127.0.0.1:%s/handcheck' "$MONGO_PORT"; }
mongo_healthy() { probe mongo "$MONGO_PORT" >/dev/null 2>&1; }

mongo_start() {
  local data
  data="$(data_dir mongo)"
  mkdir -p "$data/sqlite" "$data/state"
  # No telemetry, no debug/metrics listener: nothing leaves the machine and
  # only the one port of this profile is opened.
  DO_NOT_TRACK=1 launch mongo "$(mongo_home)/ferretdb" \
    --handler=sqlite \
    --sqlite-url="file:$data/sqlite/" \
    --listen-addr="127.0.0.1:$MONGO_PORT" \
    --state-dir="$data/state" \
    --debug-addr=- \
    --telemetry=disable \
    --log-level=info
}

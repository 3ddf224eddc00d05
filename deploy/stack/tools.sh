#!/usr/bin/env bash
# Installs the tools `make test-deploy` needs, once, into caches outside the
# repo keyed by version; a second run finds them and returns at once.
#
#   - Debian packages: docker.io (engine and a client that speaks BuildKit
#     without buildx), debootstrap (local stand-ins for base images), etcd-server.
#     The packages' init scripts are kept from starting an engine: ours runs
#     only under deploy/stack/docker-engine.sh, with its own state and no
#     changes to the host's network.
#   - From the Go module proxy: Compose v2; the Kubernetes control plane and
#     node (kube-apiserver, kube-controller-manager, kube-scheduler, kubelet,
#     kube-proxy, kubectl) in one `go build` of k8s.io/kubernetes, so they
#     share compilation (about 6 minutes and 3 GB of module cache cold);
#     CoreDNS and kube-router (its NetworkPolicy firewall) for the cluster of
#     deploy/stack/cluster.sh; kubectl-validate and kube-score (the
#     best-practice linter; kube-linter is not served by the module proxy).
#   - The node's runtime comes from Debian (scripts/install-system.sh deploy):
#     containerd, runc, the CNI plugins, iptables, ipset, conntrack.
#
#   bash deploy/stack/tools.sh           # install what is missing
#   bash deploy/stack/tools.sh linters   # only kubectl-validate and kube-score
#   bash deploy/stack/tools.sh host      # what runs on the host: the linters, the
#                                        # Debian packages, Compose
#   bash deploy/stack/tools.sh cluster   # only the cluster's: Kubernetes, CoreDNS,
#                                        # kube-router (no apt, so it can build beside
#                                        # anything; scripts/test-deploy.sh does)
#   bash deploy/stack/tools.sh paths     # print NAME=path for every tool (never installs)
set -euo pipefail

HANDCHECK_CACHE="${HANDCHECK_CACHE:-$HOME/.cache/handcheck}"
COMPOSE_VERSION="${COMPOSE_VERSION:-v2.29.7}"
# The newest Kubernetes the chart supports (Chart.yaml, handcheck.dev/kube-version-newest).
KUBE_VERSION="${KUBE_VERSION:-v1.30.14}"
KUBECTL_VALIDATE_VERSION="${KUBECTL_VALIDATE_VERSION:-v0.0.4}"
KUBE_SCORE_VERSION="${KUBE_SCORE_VERSION:-v1.20.0}"
COREDNS_VERSION="${COREDNS_VERSION:-v1.11.4}"
# The newest release the Go module proxy serves (`go list -m -versions
# github.com/cloudnativelabs/kube-router/v2`); only its firewall runs.
KUBE_ROUTER_VERSION="${KUBE_ROUTER_VERSION:-v2.1.0}"

COMPOSE="$HANDCHECK_CACHE/compose-$COMPOSE_VERSION/docker-compose"
KUBE_APISERVER="$HANDCHECK_CACHE/kubernetes-$KUBE_VERSION/kube-apiserver"
KUBECTL="$HANDCHECK_CACHE/kubernetes-$KUBE_VERSION/kubectl"
KUBE_BIN="$HANDCHECK_CACHE/kubernetes-$KUBE_VERSION"
COREDNS="$HANDCHECK_CACHE/coredns-$COREDNS_VERSION/coredns"
KUBE_ROUTER="$HANDCHECK_CACHE/kube-router-$KUBE_ROUTER_VERSION/kube-router"
KUBECTL_VALIDATE="$HANDCHECK_CACHE/kubectl-validate-$KUBECTL_VALIDATE_VERSION/kubectl-validate"
KUBE_SCORE="$HANDCHECK_CACHE/kube-score-$KUBE_SCORE_VERSION/kube-score"
# Debian's client, not whatever `docker` is first on PATH: it builds with
# BuildKit on its own, where a newer client wants the buildx plugin.
DOCKER=/usr/bin/docker
DOCKERD=/usr/sbin/dockerd
ETCD=/usr/bin/etcd

paths() {
  printf '%s\n' "DOCKER=$DOCKER" "DOCKERD=$DOCKERD" "ETCD=$ETCD" "COMPOSE=$COMPOSE" \
    "KUBE_APISERVER=$KUBE_APISERVER" "KUBECTL=$KUBECTL" "KUBE_VERSION=$KUBE_VERSION" \
    "KUBECTL_VALIDATE=$KUBECTL_VALIDATE" "KUBE_SCORE=$KUBE_SCORE" "HANDCHECK_CACHE=$HANDCHECK_CACHE" \
    "KUBE_BIN=$KUBE_BIN" "COREDNS=$COREDNS" "KUBE_ROUTER=$KUBE_ROUTER"
}
if [[ "${1:-}" == paths ]]; then
  paths
  exit 0
fi

# shellcheck source=/dev/null
source "$(dirname "${BASH_SOURCE[0]}")/../engines/common.sh" # with_lock, go_build_module

log() { printf '[tools] %s\n' "$*"; }
die() {
  printf '[tools] %s\n' "$*" >&2
  exit 1
}

installed() { dpkg-query -W -f='${Status}' "$1" 2> /dev/null | grep -q '^install ok installed$'; }

ensure_packages() {
  local missing=() pkg
  for pkg in docker.io debootstrap etcd-server; do installed "$pkg" || missing+=("$pkg"); done
  ((${#missing[@]})) || return 0
  [[ "$(id -u)" == 0 ]] || die "missing packages ${missing[*]}: run this script as root"
  log "installing ${missing[*]}"
  # Refuses every init-script start while installing (policy-rc.d exit 101):
  # Debian's docker.io would otherwise start a system engine that adds a
  # bridge and firewall rules to the host.
  local policy=/usr/sbin/policy-rc.d had_policy=0
  [[ -e "$policy" ]] && had_policy=1
  if ((!had_policy)); then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod +x "$policy"
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
  ((had_policy)) || rm -f "$policy"
}

# install_tool <dest-binary> <description> <build-fn>: the build function gets a
# fresh staging folder and leaves the binaries there; they are moved into place
# only when complete, so an interrupted build is never taken for a cached one.
# Two runs started together build once.
install_tool() {
  [[ -x "$1" ]] && return 0
  command -v go > /dev/null || die "go is not installed: it builds $2 from the Go module proxy"
  with_lock "$HANDCHECK_CACHE/.$(basename "$1").lock" install_tool_locked "$@"
}

install_tool_locked() {
  local dest=$1 what=$2 build=$3 started=$SECONDS staging built
  [[ -x "$dest" ]] && return 0
  staging="$(mktemp -d "$HANDCHECK_CACHE/.build.XXXXXX")"
  log "building $what with $(go env GOVERSION)"
  "$build" "$staging" || {
    rm -rf "$staging"
    die "building $what failed"
  }
  mkdir -p "$(dirname "$dest")"
  for built in "$staging"/*; do
    [[ -f "$built" && -x "$built" ]] && mv "$built" "$(dirname "$dest")/"
  done
  rm -rf "$staging"
  [[ -x "$dest" ]] || die "building $what left no $(basename "$dest")"
  log "$what ready in $((SECONDS - started))s"
}

# Each built inside its own module (go_build_module), so its go.mod's replace
# directives and go.sum apply, as a build in a checkout would.
build_compose() {
  go_build_module github.com/docker/compose/v2 "$COMPOSE_VERSION" ./cmd "$1/docker-compose" "" \
    -ldflags "-s -w -X github.com/docker/compose/v2/internal.Version=$COMPOSE_VERSION"
}

build_kubectl_validate() {
  # Its module ships an incomplete vendor folder: resolve from go.mod instead.
  go_build_module sigs.k8s.io/kubectl-validate "$KUBECTL_VALIDATE_VERSION" . "$1/kubectl-validate" "" -mod=mod -ldflags "-s -w"
}

build_kube_score() {
  go_build_module github.com/zegl/kube-score "$KUBE_SCORE_VERSION" ./cmd/kube-score "$1/kube-score" "" \
    -ldflags "-s -w -X main.version=$KUBE_SCORE_VERSION"
}

# k8s.io/kubernetes is not meant to be a dependency: its go.mod points every
# k8s.io/<staging module> at a folder inside its own tree. A wrapper module
# replaces each with the published v0.<minor>.<patch> release of that module.
build_kubernetes() (
  cd "$1" || exit 1
  export GOFLAGS=-buildvcs=false
  local gomod minor_patch module version_pkg=k8s.io/component-base/version
  go mod init handcheck.local/kubernetes > /dev/null 2>&1
  gomod="$(go mod download -json "k8s.io/kubernetes@$KUBE_VERSION" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')"
  [[ -f "$gomod" ]] || die "could not download k8s.io/kubernetes@$KUBE_VERSION"
  minor_patch="${KUBE_VERSION#v1.}"
  for module in $(awk '$2 == "=>" && $3 ~ /^\.\/staging\// { print $1 }' "$gomod"); do
    go mod edit -replace="$module=$module@v0.$minor_patch"
  done
  go mod edit -require="k8s.io/kubernetes@$KUBE_VERSION"
  go mod download
  # The version is stamped as Kubernetes' release builds do: Helm checks the
  # chart's kubeVersion against what the API server reports.
  local minor="${minor_patch%%.*}"
  local ldflags="-s -w -X $version_pkg.gitVersion=$KUBE_VERSION -X $version_pkg.gitMajor=1 -X $version_pkg.gitMinor=$minor \
    -X $version_pkg.gitTreeState=clean -X $version_pkg.buildDate=1970-01-01T00:00:00Z"
  local cmd=k8s.io/kubernetes/cmd
  go build -mod=mod -trimpath -ldflags "$ldflags" -o . "$cmd/kube-apiserver" "$cmd/kube-controller-manager" \
    "$cmd/kube-scheduler" "$cmd/kubelet" "$cmd/kube-proxy" "$cmd/kubectl"
)

build_coredns() {
  go_build_module github.com/coredns/coredns "$COREDNS_VERSION" . "$1/coredns" "" -ldflags "-s -w"
}

build_kube_router() {
  go_build_module github.com/cloudnativelabs/kube-router/v2 "$KUBE_ROUTER_VERSION" ./cmd/kube-router \
    "$1/kube-router" "" -ldflags "-s -w -X github.com/cloudnativelabs/kube-router/v2/pkg/version.Version=$KUBE_ROUTER_VERSION"
}

what="${1:-all}"
case "$what" in all | linters | host | cluster) ;; *) die "usage: tools.sh [all|linters|host|cluster|paths]" ;; esac
if [[ "$what" != cluster ]]; then
  # `linters`: only what `make test` needs (scripts/check-deploy.sh), a few minutes cold.
  install_tool "$KUBECTL_VALIDATE" "kubectl-validate $KUBECTL_VALIDATE_VERSION" build_kubectl_validate
  install_tool "$KUBE_SCORE" "kube-score $KUBE_SCORE_VERSION" build_kube_score
  [[ "$what" == linters ]] && exit 0
  ensure_packages
  install_tool "$COMPOSE" "Compose $COMPOSE_VERSION" build_compose
  [[ "$what" == host ]] && exit 0
fi
# The kubelet is the last of the set: a cache from before the node was added
# has the API server and kubectl only, and is built again whole.
install_tool "$KUBE_BIN/kubelet" "Kubernetes $KUBE_VERSION (control plane, node, kubectl)" build_kubernetes
install_tool "$COREDNS" "CoreDNS $COREDNS_VERSION" build_coredns
install_tool "$KUBE_ROUTER" "kube-router $KUBE_ROUTER_VERSION" build_kube_router

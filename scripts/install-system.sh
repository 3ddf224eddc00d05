#!/usr/bin/env bash
# Installs the system packages HandCheck's local infrastructure and browser
# tests need, and checks the toolchains Debian cannot provide in a usable
# version. Idempotent: prints nothing and touches nothing when all is present.
#
#   scripts/install-system.sh
set -euo pipefail

# Debian packages used directly: ClickHouse server and client (deploy/infra.sh),
# ZooKeeper (the replicated ClickHouse of profile scale: the package only, not
# zookeeperd, so no system service starts), Chromium (end-to-end,
# accessibility and Lighthouse checks), flock/setsid (util-linux, used by
# deploy/infra.sh), patch (our fix to FerretDB's source,
# deploy/engines/patches/); the single-node Kubernetes cluster of
# `make test-deploy` (deploy/stack/cluster.sh): containerd, runc, the CNI
# plugins, and iptables, ipset and conntrack for kube-proxy and kube-router.
PACKAGES=(clickhouse-server clickhouse-client zookeeper chromium util-linux patch
  containerd runc containernetworking-plugins iptables ipset conntrack)

# Minimum versions: Mailpit's go.mod asks for Go 1.25; the repo for Node 20.
GO_MIN_MINOR=25
NODE_MIN_MAJOR=20

problems=()

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

# Major version of the `java` on PATH, 0 when there is none.
java_major() {
  local major=""
  if command -v java >/dev/null; then
    major="$(java -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p')"
  fi
  printf '%s' "${major:-0}"
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
java_version="$(java_major)"
# Java 17 and Maven run Kafka; Debian 12 ships both in usable versions.
if ((java_version < 17)); then
  installed openjdk-17-jre-headless || missing+=(openjdk-17-jre-headless)
fi
command -v mvn >/dev/null || missing+=(maven)

if ((${#missing[@]})); then
  sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || {
      echo "install-system: missing packages ${missing[*]}; run this script as root" >&2
      exit 1
    }
    sudo=(sudo -n)
  fi
  echo "install-system: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
  java_version="$(java_major)"
fi

if ! command -v java >/dev/null; then
  problems+=("java: not found (Kafka needs Java 17: apt-get install openjdk-17-jre-headless)")
elif ((java_version < 17)); then
  problems+=("java: $(java -version 2>&1 | head -n1) is too old; Kafka needs 17 (set JAVA_HOME or update-alternatives)")
fi
command -v mvn >/dev/null || problems+=("mvn: not found (fetches Kafka's jars: apt-get install maven)")

if ! command -v go >/dev/null; then
  problems+=("go: not found (builds FerretDB and Mailpit; needs Go 1.$GO_MIN_MINOR or newer from go.dev, Debian's is too old)")
else
  go_version="$(go env GOVERSION 2>/dev/null || true)"
  go_minor="$(sed -n 's/^go1\.\([0-9]*\).*/\1/p' <<<"$go_version")"
  if [[ -z "$go_minor" || "$go_minor" -lt "$GO_MIN_MINOR" ]]; then
    problems+=("go: $go_version is too old; FerretDB and Mailpit builds need Go 1.$GO_MIN_MINOR or newer")
  fi
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  problems+=("node/npm: not found (the whole repo needs Node $NODE_MIN_MAJOR or newer)")
else
  node_major="$(node -p 'process.versions.node.split(".")[0]')"
  if [[ "$node_major" -lt "$NODE_MIN_MAJOR" ]]; then
    problems+=("node: v$(node -p process.versions.node) is too old; need $NODE_MIN_MAJOR or newer")
  fi
fi

if ((${#problems[@]})); then
  echo "install-system: these tools must be installed by hand:" >&2
  printf '  - %s\n' "${problems[@]}" >&2
  exit 1
fi

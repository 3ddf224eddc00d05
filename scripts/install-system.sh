#!/usr/bin/env bash
# Installs what one purpose needs, and only that: Debian packages, PyPI tools
# and npm packages, and checks the toolchains Debian cannot provide in a usable
# version. What each purpose lists is data, in scripts/install/purposes.sh.
# Idempotent and cached: a package dpkg knows, a venv with its stamp and a
# node_modules installed from the same lock are left alone, so a second run
# prints nothing and touches nothing.
#
#   scripts/install-system.sh start    # make start: npm packages, ClickHouse, Java 17 and
#                                      # Maven (Kafka's jars), util-linux, patch; checks Go, Node
#   scripts/install-system.sh test     # make test: start's, then Chromium's headless shell,
#                                      # schemathesis, chDB
#   scripts/install-system.sh scale    # make test-scale: start's, then ZooKeeper
#   scripts/install-system.sh deploy   # make test-deploy: start's, then containerd, runc, the
#                                      # CNI plugins, iptables, ipset, conntrack
#   scripts/install-system.sh lighthouse  # npm run bench:web: start's, then Chromium
#   scripts/install-system.sh <purpose> --list    # what the purpose needs, "<kind>\t<name>"
#                                                 # a line; installs and checks nothing
#   scripts/install-system.sh <purpose> --system  # Debian packages and toolchains only: what
#                                                 # an engine script runs when its binary is missing
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() {
  echo "usage: scripts/install-system.sh <start|test|scale|deploy|lighthouse> [--list|--system]" >&2
  exit 2
}
(($# >= 1 && $# <= 2)) || usage
purpose=$1
mode=${2:-install}
case "$purpose" in start | test | scale | deploy | lighthouse) ;; *) usage ;; esac
case "$mode" in install | --list | --system) ;; *) usage ;; esac

# shellcheck source=install/purposes.sh
source scripts/install/purposes.sh

# start's lists, then the purpose's own.
layers=(START)
[[ "$purpose" == start ]] || layers+=("${purpose^^}")
debian=()
pypi=()
for layer in "${layers[@]}"; do
  ref="${layer}_DEBIAN[@]"
  debian+=("${!ref}")
  ref="${layer}_PYPI[@]"
  pypi+=("${!ref}")
done

# Minimum versions: Mailpit's go.mod asks for Go 1.25; the repo for Node 20; Kafka for Java 17.
GO_MIN_MINOR=25
NODE_MIN_MAJOR=20
JAVA_MIN_MAJOR=17

if [[ "$mode" == --list ]]; then
  printf 'debian\t%s\n' "${debian[@]}"
  for tool in "${pypi[@]}"; do printf 'pypi\t%s\n' "${tool%%=*}"; done
  printf 'toolchain\t%s\n' "java>=$JAVA_MIN_MAJOR" "go>=1.$GO_MIN_MINOR" "node>=$NODE_MIN_MAJOR"
  printf 'npm\t%s\n' package-lock.json
  exit 0
fi

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

# A Java or Maven installed by hand (a newer JDK, SDKMAN) counts: Kafka only needs one on PATH.
present() {
  case "$1" in
    openjdk-17-jre-headless) (($(java_major) >= JAVA_MIN_MAJOR)) || installed "$1" ;;
    maven) command -v mvn >/dev/null || installed "$1" ;;
    *) installed "$1" ;;
  esac
}

missing=()
for pkg in "${debian[@]}"; do
  present "$pkg" || missing+=("$pkg")
done

if ((${#missing[@]})); then
  sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || {
      echo "install-system: missing packages ${missing[*]}; run this script as root" >&2
      exit 1
    }
    sudo=(sudo -n)
  fi
  echo "install-system ($purpose): installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

problems=()
java_version="$(java_major)"
if ! command -v java >/dev/null; then
  problems+=("java: not found (Kafka needs Java $JAVA_MIN_MAJOR: apt-get install openjdk-17-jre-headless)")
elif ((java_version < JAVA_MIN_MAJOR)); then
  problems+=("java: $(java -version 2>&1 | head -n1) is too old; Kafka needs $JAVA_MIN_MAJOR (set JAVA_HOME or update-alternatives)")
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
[[ "$mode" == --system ]] && exit 0

# Each installer keeps its venv under the install cache, one per version, and
# prints the tool's path, which only the specs that run it need.
for tool in "${pypi[@]}"; do
  bash "${tool#*=}" >/dev/null
done

# npm packages when package-lock.json changed since the last install.
stamp=node_modules/.handcheck-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
# What npm ci made of this lock, kept as one archive: a fresh checkout of the same lock
# unpacks it in seconds instead of npm's minute (every link in it is relative, so it fits
# any checkout). The newest two locks' archives are kept.
copies="${HANDCHECK_CACHE:-$HOME/.cache/handcheck}/npm-installs"
copy="$copies/$want.tar"
installed_dirs() { ls -d node_modules packages/*/node_modules services/*/node_modules web/node_modules 2>/dev/null; }
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  if [[ -f "$copy" ]]; then
    echo "install-system: npm packages from the install of the same lock ($copy)"
    # shellcheck disable=SC2046 # one word per folder
    rm -rf $(installed_dirs)
    tar -xf "$copy"
  else
    echo "install-system: installing npm packages…"
    # npm ci installs the lock as written and never rewrites it; the lock lists
    # every platform's optional binaries, so it fits any machine.
    # --prefer-offline: the lock pins every tarball's hash, so the cache's copy needs no
    # revalidation round trip (the network is still used for anything not cached).
    npm ci --prefer-offline --no-audit --no-fund --loglevel=error
    echo "$want" >"$stamp"
    mkdir -p "$copies"
    # shellcheck disable=SC2046 # one word per folder
    tar -cf "$copy.partial" $(installed_dirs) && mv "$copy.partial" "$copy"
    # shellcheck disable=SC2012 # names are hashes
    ls -t "$copies"/*.tar | tail -n +3 | xargs -r rm -f
  fi
fi

#!/usr/bin/env bash
# A real Kubernetes API server on loopback for `make test-deploy`: Debian's etcd
# and kube-apiserver (built by deploy/stack/tools.sh), with fresh state under
# var/deploy/cluster each start. No kubelet, scheduler or controllers: Helm
# installs, upgrades and uninstalls objects against the real API (schemas,
# defaulting, admission, apiVersions), and nothing is scheduled.
#
#   bash deploy/stack/cluster.sh start    # prints KUBECONFIG=...
#   bash deploy/stack/cluster.sh stop
set -euo pipefail

STACK_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$STACK_DIR/../.." && pwd)"
eval "$(bash "$STACK_DIR/tools.sh" paths)"
DIR="${HANDCHECK_CLUSTER_DIR:-$REPO_DIR/var/deploy/cluster}"
ETCD_CLIENT_PORT="${HANDCHECK_ETCD_PORT:-23790}"
ETCD_PEER_PORT="${HANDCHECK_ETCD_PEER_PORT:-23800}"
API_PORT="${HANDCHECK_KUBE_API_PORT:-26443}"
KUBECONFIG_FILE="$DIR/kubeconfig"

log() { printf '[cluster] %s\n' "$*"; }
die() {
  printf '[cluster] %s\n' "$*" >&2
  exit 1
}

pid_of() { # name binary
  local file="$DIR/run/$1.pid" pid
  [[ -f "$file" ]] || return 1
  pid="$(cat "$file")"
  # By program name, not path: a process of an older cached release is still ours.
  kill -0 "$pid" 2> /dev/null && [[ "$(basename "$(readlink "/proc/$pid/exe" 2> /dev/null)" | sed 's/ (deleted)$//')" == "$(basename "$2")" ]] && printf '%s' "$pid"
}

launch() { # name command...
  local name=$1
  shift
  setsid "$@" > "$DIR/log/$name.log" 2>&1 < /dev/null &
  printf '%s\n' "$!" > "$DIR/run/$name.pid"
}

wait_for() { # what seconds command...
  local what=$1 limit=$2 started=$SECONDS
  shift 2
  until "$@" > /dev/null 2>&1; do
    ((SECONDS - started < limit)) || die "$what did not become ready within ${limit}s; see $DIR/log"
    sleep 0.3
  done
}

port_free() { ! (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null; }

start() {
  [[ -x "$KUBE_APISERVER" && -x "$ETCD" ]] || die "kube-apiserver or etcd is missing: run bash deploy/stack/tools.sh"
  if pid_of kube-apiserver "$KUBE_APISERVER" > /dev/null; then
    log "already running"
    printf 'KUBECONFIG=%s\n' "$KUBECONFIG_FILE"
    return 0
  fi
  local port
  for port in "$ETCD_CLIENT_PORT" "$ETCD_PEER_PORT" "$API_PORT"; do
    port_free "$port" || die "port $port is in use"
  done
  rm -rf "$DIR"
  mkdir -p "$DIR/etcd" "$DIR/pki" "$DIR/run" "$DIR/log"
  chmod 700 "$DIR/pki"

  # Fresh keys and an admin token for every start; none is ever committed.
  openssl genrsa -out "$DIR/pki/service-account.key" 2048 2> /dev/null
  openssl rsa -in "$DIR/pki/service-account.key" -pubout -out "$DIR/pki/service-account.pub" 2> /dev/null
  local token
  token="$(openssl rand -hex 32)"
  printf '%s,handcheck-admin,handcheck-admin,system:masters\n' "$token" > "$DIR/pki/tokens.csv"

  launch etcd "$ETCD" --name handcheck --data-dir "$DIR/etcd" \
    --listen-client-urls "http://127.0.0.1:$ETCD_CLIENT_PORT" \
    --advertise-client-urls "http://127.0.0.1:$ETCD_CLIENT_PORT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "handcheck=http://127.0.0.1:$ETCD_PEER_PORT" \
    --listen-metrics-urls '' --log-level warn
  wait_for etcd 30 bash -c "exec 3<>/dev/tcp/127.0.0.1/$ETCD_CLIENT_PORT"

  # --endpoint-reconciler-type=none: the API server would otherwise publish
  # its loopback address as the `kubernetes` Service's endpoint, which the API refuses.
  launch kube-apiserver "$KUBE_APISERVER" \
    --etcd-servers "http://127.0.0.1:$ETCD_CLIENT_PORT" \
    --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$API_PORT" \
    --cert-dir "$DIR/pki" \
    --token-auth-file "$DIR/pki/tokens.csv" \
    --authorization-mode RBAC \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$DIR/pki/service-account.pub" \
    --service-account-signing-key-file "$DIR/pki/service-account.key" \
    --service-cluster-ip-range 10.96.0.0/16 \
    --endpoint-reconciler-type none \
    --allow-privileged=false \
    --profiling=false
  cat > "$KUBECONFIG_FILE" <<YAML
apiVersion: v1
kind: Config
clusters:
  - name: handcheck-test
    cluster:
      server: https://127.0.0.1:$API_PORT
      # The serving certificate is the API server's own self-signed one, made at start.
      certificate-authority: $DIR/pki/apiserver.crt
users:
  - name: handcheck-admin
    user:
      token: $token
contexts:
  - name: handcheck-test
    context: { cluster: handcheck-test, user: handcheck-admin }
current-context: handcheck-test
YAML
  chmod 600 "$KUBECONFIG_FILE"
  local started=$SECONDS
  wait_for kube-apiserver 120 "$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" get --raw /readyz
  log "API server $("$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" version -o json | sed -n 's/.*"gitVersion": "\(v[^"]*\)".*/\1/p' | tail -1) ready on https://127.0.0.1:$API_PORT in $((SECONDS - started))s"
  printf 'KUBECONFIG=%s\n' "$KUBECONFIG_FILE"
}

stop_one() { # name binary
  local pid
  pid="$(pid_of "$1" "$2")" || return 0
  kill -TERM "$pid"
  local waited=0
  while kill -0 "$pid" 2> /dev/null; do
    ((waited++ < 50)) || {
      kill -KILL "$pid" 2> /dev/null || true
      break
    }
    sleep 0.2
  done
  log "$1 stopped (pid $pid)"
}

stop() {
  stop_one kube-apiserver "$KUBE_APISERVER"
  stop_one etcd "$ETCD"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) die "usage: cluster.sh start|stop" ;;
esac

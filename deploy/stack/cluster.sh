#!/usr/bin/env bash
# A real single-node Kubernetes cluster for `make test-deploy`, inside a network
# namespace of its own: etcd, kube-apiserver, kube-controller-manager,
# kube-scheduler, the kubelet on Debian's containerd and runc, kube-proxy
# (iptables), CoreDNS and kube-router's NetworkPolicy firewall. Every process
# joins the namespace with `nsenter --net` (not `ip netns exec`, whose private
# mount namespace would hide the kubelet's mounts from containerd). The node's
# address is one end of a veth pair whose both ends stay inside, so the pods'
# bridge, every iptables rule and all traffic stay there; nothing leaves the machine.
#
#   bash deploy/stack/cluster.sh start          # fresh state in $HANDCHECK_CLUSTER_DIR
#   bash deploy/stack/cluster.sh import <dir>   # its `docker save` archives into containerd
#   bash deploy/stack/cluster.sh exec cmd...    # run a command inside the namespace
#   bash deploy/stack/cluster.sh stop           # stop, clean, compare the host with before
#   bash deploy/stack/cluster.sh env            # NETNS=, KUBECONFIG=, NODE_IP= (starts nothing)
set -euo pipefail

STACK_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$STACK_DIR/../.." && pwd)"
eval "$(bash "$STACK_DIR/tools.sh" paths)"
# shellcheck source=/dev/null
source "$REPO_DIR/deploy/engines/common.sh" # launch, running_pid, stop_pid
# Outside the checkout: Jest's module map would trip over the package.json files of
# the images' unpacked layers. The logs are copied to var/deploy/cluster-log at stop.
DIR="${HANDCHECK_CLUSTER_DIR:-/var/tmp/handcheck-k8s}"
KEPT_LOGS="$REPO_DIR/var/deploy/cluster-log"
# What common.sh's launch / running_pid / stop_pid read: a PID counts as ours
# only if its command line names its folder under DIR.
PROFILE=cluster VAR_DIR="$DIR" LOG_DIR="$DIR/log" RUN_DIR="$DIR/run"
PKI="$DIR/kube-apiserver"
KUBECONFIG_FILE="$DIR/kubeconfig"
NETNS="${HANDCHECK_NETNS:-handcheck-k8s}"
# Sockets have a 108-byte limit: short fixed paths, whatever the checkout's path.
SOCK_DIR="/run/$NETNS"
CONTAINERD_SOCK="$SOCK_DIR/containerd.sock"
# Host state saved at start, compared and restored at stop.
BASELINE="$SOCK_DIR.baseline"
NODE_IP=10.77.0.1
NODE_NAME=handcheck-node
POD_CIDR=10.244.0.0/16
NODE_POD_CIDR=10.244.0.0/24
SERVICE_CIDR=10.96.0.0/16
API_PORT=6443
# Any image runs as the sandbox: the busybox stand-in sleeping (deploy/stack/images.sh).
SANDBOX_IMAGE="${HANDCHECK_SANDBOX_IMAGE:-docker.io/handcheck-local/busybox:pause}"
# Paths the kubelet, containerd and the CNI plugins write on the host whatever
# their flags say: removed at stop when start did not find them.
HOST_PATHS=(/var/lib/kubelet /var/log/pods /var/log/containers /var/lib/cni /run/netns /etc/cni
  /opt/cni /var/lib/containerd /var/lib/kube-router /etc/kubernetes)

log() { printf '[cluster] %s\n' "$*"; }
die() {
  printf '[cluster] %s\n' "$*" >&2
  exit 1
}

# A command joined to the namespace; nsenter execs it, so `launch` records its own PID.
NSENTER=(nsenter --net="/run/netns/$NETNS" --)
in_ns() { "${NSENTER[@]}" "$@"; }
kubectl_() { in_ns "$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" "$@"; }
ctr_() { ctr --address "$CONTAINERD_SOCK" -n k8s.io "$@"; }

wait_for() { # what seconds command...
  local what=$1 limit=$2 started=$SECONDS
  shift 2
  until "$@" > /dev/null 2>&1; do
    ((SECONDS - started < limit)) || die "$what did not become ready within ${limit}s; see $LOG_DIR"
    sleep 0.3
  done
}

# Everything of the host a cluster could change: links, addresses, routes,
# policy rules, firewall, forwarding, network namespaces and mounts.
host_state() {
  set +o pipefail
  ip -o link show | awk -F': ' '{ print "link", $2 }' | sed 's/@.*//' | sort
  ip -o addr show | awk '{ print "addr", $2, $3, $4 }' | sort
  ip route show table all | grep -v '^local \|^broadcast ' | sed 's/^/route /' | sort
  ip rule show | sed 's/^/rule /'
  sysctl -n net.ipv4.ip_forward | sed 's/^/ip_forward /'
  iptables-save 2> /dev/null | grep -v '^#' | sed 's/\[[0-9:]*\]//' | sed 's/^/iptables /'
  ip netns list 2> /dev/null | sed 's/^/netns /'
  # Not the private Docker engine's mounts (its containers' layers and runtime files):
  # the host specs start and stop containers while the cluster starts, and
  # docker-engine.sh checks its own at its stop.
  awk -v data="$HANDCHECK_CACHE/docker-" -v run="${HANDCHECK_DOCKER_RUN_DIR:-/run/handcheck-docker}/" \
    'index($5, data) != 1 && index($5, run) != 1 { print "mount", $5 }' /proc/self/mountinfo | sort
  set -o pipefail
}

# A kubeconfig per component under its own folder, so its command line names it.
kubeconfig_for() { # component
  mkdir -p "$DIR/$1"
  cp "$KUBECONFIG_FILE" "$DIR/$1/kubeconfig"
  printf '%s' "$DIR/$1/kubeconfig"
}

make_namespace() {
  ip netns add "$NETNS"
  ip -n "$NETNS" link set lo up
  # Both ends inside: the node address has a link to live on and leads nowhere.
  ip -n "$NETNS" link add hck0 type veth peer name hck1
  ip -n "$NETNS" addr add "$NODE_IP/24" dev hck0
  ip -n "$NETNS" link set hck0 up
  ip -n "$NETNS" link set hck1 up
  ip -n "$NETNS" route add default via 10.77.0.254 dev hck0 onlink
  in_ns sysctl -qw net.ipv4.ip_forward=1
  in_ns sysctl -qw net.bridge.bridge-nf-call-iptables=1 2> /dev/null || true
}

write_containerd_config() {
  mkdir -p "$DIR/containerd" "$DIR/cni/net.d" "$SOCK_DIR"
  cat > "$DIR/containerd/config.toml" <<TOML
version = 2
root = "$DIR/containerd/root"
state = "$SOCK_DIR/state"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs",
  "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.zfs"]
[grpc]
  address = "$CONTAINERD_SOCK"
[plugins."io.containerd.internal.v1.opt"]
  path = "$DIR/containerd/opt"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$SANDBOX_IMAGE"
  # The machine lacks CAP_SYS_RESOURCE: runc may only raise oom_score_adj.
  restrict_oom_score_adj = true
  disable_apparmor = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$DIR/cni/net.d"
TOML
  cat > "$DIR/cni/net.d/10-handcheck.conflist" <<JSON
{
  "cniVersion": "0.4.0",
  "name": "handcheck",
  "plugins": [
    {
      "type": "bridge", "bridge": "cni0", "isGateway": true, "ipMasq": true, "hairpinMode": true,
      "ipam": { "type": "host-local", "dataDir": "$DIR/cni/ipam",
        "ranges": [[{ "subnet": "$NODE_POD_CIDR" }]], "routes": [{ "dst": "0.0.0.0/0" }] }
    },
    { "type": "portmap", "capabilities": { "portMappings": true } }
  ]
}
JSON
}

write_kubelet_config() {
  mkdir -p "$DIR/kubelet"
  printf 'nameserver %s\nsearch cluster.local\n' "$NODE_IP" > "$DIR/kubelet/resolv.conf"
  cat > "$DIR/kubelet/config.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
# Reached only from inside the namespace: the API server's exec and logs calls.
authentication: { anonymous: { enabled: true }, webhook: { enabled: false } }
authorization: { mode: AlwaysAllow }
address: $NODE_IP
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
containerRuntimeEndpoint: unix://$CONTAINERD_SOCK
cgroupDriver: cgroupfs
cgroupsPerQOS: true
enforceNodeAllocatable: []
failSwapOn: false
clusterDNS: [$NODE_IP]
clusterDomain: cluster.local
resolvConf: $DIR/kubelet/resolv.conf
serializeImagePulls: false
# The machine's disk is shared: never evict or collect images for its fill level.
evictionHard: { memory.available: 100Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1% }
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
YAML
}

start() {
  local bin
  for bin in kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl; do
    [[ -x "$KUBE_BIN/$bin" ]] || die "$bin is missing: run bash deploy/stack/tools.sh"
  done
  [[ -x "$COREDNS" && -x "$KUBE_ROUTER" && -x "$ETCD" ]] || die "coredns, kube-router or etcd is missing: run bash deploy/stack/tools.sh"
  command -v containerd > /dev/null || die "containerd is missing: run scripts/install-system.sh deploy"
  if running_pid kube-apiserver > /dev/null; then
    log "already running"
    return 0
  fi
  [[ ! -e "/run/netns/$NETNS" ]] || die "network namespace $NETNS exists: run cluster.sh stop"
  local started=$SECONDS path
  mkdir -p "$SOCK_DIR"
  host_state > "$BASELINE"
  for path in "${HOST_PATHS[@]}"; do [[ -e "$path" ]] && printf 'had %s\n' "$path" >> "$BASELINE"; done
  rm -rf "$DIR"
  mkdir -p "$DIR/etcd" "$PKI" "$RUN_DIR" "$LOG_DIR"
  chmod 700 "$PKI"
  make_namespace

  # Fresh keys and an admin token for every start; none is ever committed.
  openssl genrsa -out "$PKI/service-account.key" 2048 2> /dev/null
  openssl rsa -in "$PKI/service-account.key" -pubout -out "$PKI/service-account.pub" 2> /dev/null
  local token
  token="$(openssl rand -hex 32)"
  printf '%s,handcheck-admin,handcheck-admin,system:masters\n' "$token" > "$PKI/tokens.csv"

  launch etcd "${NSENTER[@]}" "$ETCD" --name handcheck --data-dir "$DIR/etcd" \
    --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://127.0.0.1:2379 \
    --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://127.0.0.1:2380 \
    --initial-cluster handcheck=http://127.0.0.1:2380 --listen-metrics-urls '' --log-level warn
  launch kube-apiserver "${NSENTER[@]}" "$KUBE_BIN/kube-apiserver" \
    --etcd-servers http://127.0.0.1:2379 \
    --bind-address "$NODE_IP" --advertise-address "$NODE_IP" --secure-port "$API_PORT" \
    --cert-dir "$PKI" --token-auth-file "$PKI/tokens.csv" --authorization-mode RBAC \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$PKI/service-account.pub" \
    --service-account-signing-key-file "$PKI/service-account.key" \
    --service-cluster-ip-range "$SERVICE_CIDR" \
    --kubelet-preferred-address-types InternalIP \
    --allow-privileged=false --profiling=false
  cat > "$KUBECONFIG_FILE" <<YAML
apiVersion: v1
kind: Config
clusters:
  - name: handcheck-test
    cluster:
      server: https://$NODE_IP:$API_PORT
      # The serving certificate is the API server's own self-signed one, made at start.
      certificate-authority: $PKI/apiserver.crt
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
  wait_for kube-apiserver 120 kubectl_ get --raw /readyz

  launch kube-controller-manager "${NSENTER[@]}" "$KUBE_BIN/kube-controller-manager" \
    --kubeconfig "$(kubeconfig_for kube-controller-manager)" --leader-elect=false --secure-port 0 \
    --service-account-private-key-file "$PKI/service-account.key" --root-ca-file "$PKI/apiserver.crt" \
    --allocate-node-cidrs --cluster-cidr "$POD_CIDR" --node-cidr-mask-size 24 \
    --service-cluster-ip-range "$SERVICE_CIDR"
  launch kube-scheduler "${NSENTER[@]}" "$KUBE_BIN/kube-scheduler" \
    --kubeconfig "$(kubeconfig_for kube-scheduler)" --leader-elect=false --secure-port 0

  write_containerd_config
  launch containerd "${NSENTER[@]}" containerd --config "$DIR/containerd/config.toml"
  wait_for containerd 30 ctr_ version
  write_kubelet_config
  launch kubelet "${NSENTER[@]}" "$KUBE_BIN/kubelet" --config "$DIR/kubelet/config.yaml" \
    --kubeconfig "$(kubeconfig_for kubelet)" --hostname-override "$NODE_NAME" --node-ip "$NODE_IP" \
    --root-dir "$DIR/kubelet/root" --cert-dir "$DIR/kubelet/pki" \
    --volume-plugin-dir "$DIR/kubelet/volume-plugins"
  launch kube-proxy "${NSENTER[@]}" "$KUBE_BIN/kube-proxy" --kubeconfig "$(kubeconfig_for kube-proxy)" \
    --hostname-override "$NODE_NAME" --bind-address "$NODE_IP" --cluster-cidr "$POD_CIDR" \
    --proxy-mode iptables --conntrack-max-per-core 0 --oom-score-adj 0 \
    --metrics-bind-address 127.0.0.1:10249 --healthz-bind-address 127.0.0.1:10256

  mkdir -p "$DIR/coredns"
  cat > "$DIR/coredns/Corefile" <<COREFILE
.:53 {
  bind $NODE_IP
  errors
  kubernetes cluster.local in-addr.arpa ip6.arpa {
    kubeconfig $(kubeconfig_for coredns) handcheck-test
    pods insecure
    fallthrough in-addr.arpa ip6.arpa
  }
  cache 5
}
COREFILE
  launch coredns "${NSENTER[@]}" "$COREDNS" -conf "$DIR/coredns/Corefile"

  wait_for "node $NODE_NAME" 120 kubectl_ get node "$NODE_NAME"
  # The firewall watches the Node object: started once it exists.
  launch kube-router "${NSENTER[@]}" "$KUBE_ROUTER" --kubeconfig "$(kubeconfig_for kube-router)" \
    --run-firewall=true --run-router=false --run-service-proxy=false \
    --hostname-override "$NODE_NAME" --metrics-port 0
  wait_for "node Ready" 120 kubectl_ wait --for=condition=Ready "node/$NODE_NAME" --timeout 2s
  log "node $NODE_NAME Ready ($("$KUBECTL" version --client -o json | sed -n 's/.*"gitVersion": "\(v[^"]*\)".*/\1/p' | head -1)) in $((SECONDS - started))s, namespace $NETNS"
}

# import <dir>: every `docker save` archive in it, unpacked for the kubelet.
import() {
  local started=$SECONDS archive
  for archive in "$1"/*.tar; do
    ctr_ images import "$archive" > /dev/null
  done
  log "imported $(ctr_ images ls -q | grep -vc '^sha256:') images in $((SECONDS - started))s"
}

stop_one() { # name
  local pid
  pid="$(running_pid "$1")" || return 0
  STOP_TIMEOUT="${STOP_TIMEOUT:-20}" stop_pid "$1" "$pid"
}

# Pods are deleted through the API first, so the kubelet and containerd undo
# their networks and mounts; what is left after that is killed through containerd.
remove_pods() {
  running_pid kube-apiserver > /dev/null && running_pid kubelet > /dev/null || return 0
  kubectl_ delete deployments,statefulsets,daemonsets,replicasets,jobs --all --all-namespaces \
    --wait=false > /dev/null 2>&1 || true
  # At once: the whole cluster is going, so nothing needs its grace; the kubelet still
  # tears down each sandbox's network and mounts.
  kubectl_ delete pods --all --all-namespaces --grace-period 0 --force --timeout 90s > /dev/null 2>&1 || true
}

remove_containers() {
  running_pid containerd > /dev/null || return 0
  local id
  for id in $(ctr_ tasks ls -q 2> /dev/null); do ctr_ tasks kill -s SIGKILL "$id" > /dev/null 2>&1 || true; done
  sleep 1
  for id in $(ctr_ tasks ls -q 2> /dev/null); do ctr_ tasks delete -f "$id" > /dev/null 2>&1 || true; done
  for id in $(ctr_ containers ls -q 2> /dev/null); do ctr_ containers delete "$id" > /dev/null 2>&1 || true; done
}

unmount_under() { # folder: everything mounted below it, deepest first
  local mounts
  mounts="$(awk -v d="$1" 'index($5, d) == 1 { print $5 }' /proc/self/mountinfo | sort -r)"
  [[ -z "$mounts" ]] || printf '%s\n' "$mounts" | xargs -r -n1 umount -l 2> /dev/null || true
}

# The kubelet's cgroups of the pods (cgroup v1: one tree per controller).
remove_cgroups() {
  local tree
  for tree in /sys/fs/cgroup/*/kubepods; do
    [[ -d "$tree" ]] || continue
    find "$tree" -depth -type d -exec rmdir {} + 2> /dev/null || true
  done
}

stop() {
  remove_pods
  stop_one kube-router
  stop_one kubelet
  remove_containers
  local name
  for name in kube-proxy coredns kube-scheduler kube-controller-manager kube-apiserver etcd containerd; do
    stop_one "$name"
  done
  # Shims of containers containerd could not stop name its socket, which is ours alone.
  local pid
  for pid in $(pgrep -f -- "-address $CONTAINERD_SOCK" || true); do kill -KILL "$pid" 2> /dev/null || true; done
  if [[ -d "$DIR" ]]; then
    rm -rf "$KEPT_LOGS" && mkdir -p "$KEPT_LOGS" && cp -r "$DIR/log/." "$KEPT_LOGS/" 2> /dev/null || true
    unmount_under "$DIR/"
  fi
  unmount_under "$SOCK_DIR/"
  if [[ -e "/run/netns/$NETNS" ]]; then
    # Pod sandboxes' namespaces: containerd pins them under /run/netns/cni-*.
    for name in /run/netns/cni-*; do
      [[ -e "$name" ]] || continue
      grep -qx "netns ${name##*/}.*" "$BASELINE" 2> /dev/null && continue
      umount "$name" 2> /dev/null || true
      rm -f "$name"
    done
    ip netns del "$NETNS"
  fi
  remove_cgroups
  [[ -f "$BASELINE" ]] || return 0
  for name in "${HOST_PATHS[@]}"; do
    grep -qxF "had $name" "$BASELINE" && continue
    [[ -e "$name" ]] || continue
    # `ip netns add` leaves /run/netns mounted on itself.
    while mountpoint -q "$name" 2> /dev/null; do umount "$name"; done
    rm -rf "$name"
  done
  rm -rf "$SOCK_DIR" "$DIR"
  local diff
  if diff="$(diff <(grep -v '^had ' "$BASELINE") <(host_state))"; then
    log "stopped; the host's links, addresses, routes, rules, firewall and mounts are as before"
    rm -f "$BASELINE"
  else
    printf '%s\n' "$diff" >&2
    die "the host differs from before the cluster started (above)"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  import) import "${2:?usage: cluster.sh import <dir>}" ;;
  exec)
    shift
    exec nsenter --net="/run/netns/$NETNS" -- "$@"
    ;;
  env) printf '%s\n' "NETNS=$NETNS" "KUBECONFIG=$KUBECONFIG_FILE" "NODE_IP=$NODE_IP" ;;
  *) die "usage: cluster.sh start|stop|import <dir>|exec cmd...|env" ;;
esac

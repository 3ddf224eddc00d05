# shellcheck shell=bash
# "zookeeper": Debian's ZooKeeper 3.8, one standalone server for the replicated
# ClickHouse of profile scale (replication logs and the ON CLUSTER DDL queue).
# Its own data folder under the profile's var dir, loopback only, no admin web
# server (it would take port 8080), a 128 MB heap: the cluster's metadata is
# a few thousand small nodes.

ZOOKEEPER_JAR="${ZOOKEEPER_JAR:-/usr/share/java/zookeeper.jar}"

zookeeper_installed() { [[ -f "$ZOOKEEPER_JAR" ]] && command -v java >/dev/null; }

zookeeper_install() {
  zookeeper_installed && return 0
  if [[ "$(id -u)" == 0 ]]; then
    log "zookeeper: $ZOOKEEPER_JAR missing, installing system packages"
    "$REPO_DIR/scripts/install-system.sh" scale --system
  fi
  zookeeper_installed || die "zookeeper: $ZOOKEEPER_JAR missing: run scripts/install-system.sh scale as root"
}

zookeeper_ports() { printf '%s' "$ZOOKEEPER_PORT"; }
zookeeper_describe() { printf '127.0.0.1:%s' "$ZOOKEEPER_PORT"; }
zookeeper_healthy() { probe zookeeper "$ZOOKEEPER_PORT" >/dev/null 2>&1; }

zookeeper_start() {
  local data
  data="$(data_dir zookeeper)"
  mkdir -p "$data/data"
  # ruok answers the health probe; srvr and mntr are for an operator's nc.
  cat >"$data/zoo.cfg" <<EOF
tickTime=2000
dataDir=$data/data
clientPort=$ZOOKEEPER_PORT
clientPortAddress=127.0.0.1
maxClientCnxns=200
admin.enableServer=false
4lw.commands.whitelist=ruok,srvr,mntr
autopurge.snapRetainCount=3
autopurge.purgeInterval=1
EOF
  launch zookeeper java -Xms32m -Xmx128m -XX:+UseSerialGC \
    -Dzookeeper.admin.enableServer=false \
    -cp "$ZOOKEEPER_JAR" org.apache.zookeeper.server.ZooKeeperServerMain "$data/zoo.cfg"
}

# shellcheck shell=bash
# ClickHouse from Debian's clickhouse-server package (18.16), run with our own
# config per profile. The package installs but never starts a server itself.

CLICKHOUSE_BIN="${CLICKHOUSE_BIN:-/usr/sbin/clickhouse-server}"

clickhouse_installed() { [[ -x "$CLICKHOUSE_BIN" ]]; }

clickhouse_install() {
  clickhouse_installed && return 0
  if [[ "$(id -u)" == 0 ]]; then
    log "clickhouse: $CLICKHOUSE_BIN missing, installing system packages"
    "$REPO_DIR/scripts/install-system.sh" start --system
  fi
  clickhouse_installed || die "clickhouse: $CLICKHOUSE_BIN missing: run scripts/install-system.sh start as root"
}

clickhouse_ports() { printf '%s %s' "$CLICKHOUSE_HTTP_PORT" "$CLICKHOUSE_TCP_PORT"; }
clickhouse_describe() { printf 'http://127.0.0.1:%s (native tcp %s)' "$CLICKHOUSE_HTTP_PORT" "$CLICKHOUSE_TCP_PORT"; }
clickhouse_healthy() { probe http "$CLICKHOUSE_HTTP_PORT" /ping 'Ok.' >/dev/null 2>&1; }

clickhouse_start() { clickhouse_launch clickhouse; }

# Writes the engine's config under its data folder and starts it with the
# ports in CLICKHOUSE_HTTP_PORT / CLICKHOUSE_TCP_PORT; a replica also gets
# config.d/cluster.xml (the caller sets the variables that template names).
clickhouse_launch() {
  local engine="$1" data etc
  data="$(data_dir "$engine")"
  etc="$data/etc"
  CLICKHOUSE_DATA="$data/db"
  mkdir -p "$etc" "$CLICKHOUSE_DATA"/{tmp,user_files,format_schemas}
  render_template "$DEPLOY_DIR/clickhouse/config.xml.template" "$etc/config.xml" \
    CLICKHOUSE_HTTP_PORT CLICKHOUSE_TCP_PORT CLICKHOUSE_DATA
  cp "$DEPLOY_DIR/clickhouse/users.xml" "$etc/users.xml"
  if [[ "$engine" != clickhouse ]]; then
    render_template "$DEPLOY_DIR/clickhouse/cluster.xml.template" "$etc/config.d/cluster.xml" \
      CLICKHOUSE_INTERSERVER_PORT CLICKHOUSE_REPLICA CLICKHOUSE_REPLICA1_TCP_PORT \
      CLICKHOUSE_REPLICA2_TCP_PORT ZOOKEEPER_PORT
  fi
  launch "$engine" "$CLICKHOUSE_BIN" --config-file="$etc/config.xml"
}

# Profile scale: clickhouse1 and clickhouse2, the two replicas of the one shard
# of cluster `handcheck`, coordinated through the zookeeper engine. Each
# function sets, for itself only, the ports of its replica.
clickhouse_replica() {
  local engine="$1" fn="$2"
  shift 2
  local CLICKHOUSE_REPLICA="$engine" CLICKHOUSE_REPLICA1_TCP_PORT="$CLICKHOUSE_TCP_PORT"
  local CLICKHOUSE_REPLICA2_TCP_PORT="$CLICKHOUSE2_TCP_PORT"
  local CLICKHOUSE_HTTP_PORT="$CLICKHOUSE_HTTP_PORT" CLICKHOUSE_TCP_PORT="$CLICKHOUSE_TCP_PORT"
  local CLICKHOUSE_INTERSERVER_PORT="$CLICKHOUSE_INTERSERVER_PORT"
  if [[ "$engine" == clickhouse2 ]]; then
    CLICKHOUSE_HTTP_PORT="$CLICKHOUSE2_HTTP_PORT" CLICKHOUSE_TCP_PORT="$CLICKHOUSE2_TCP_PORT"
    CLICKHOUSE_INTERSERVER_PORT="$CLICKHOUSE2_INTERSERVER_PORT"
  fi
  "$fn" "$@"
}

clickhouse1_install() { clickhouse_install; }
clickhouse2_install() { clickhouse_install; }
clickhouse1_ports() { clickhouse_replica clickhouse1 clickhouse_replica_ports; }
clickhouse2_ports() { clickhouse_replica clickhouse2 clickhouse_replica_ports; }
clickhouse1_describe() { clickhouse_replica clickhouse1 clickhouse_replica_describe; }
clickhouse2_describe() { clickhouse_replica clickhouse2 clickhouse_replica_describe; }
clickhouse1_healthy() { clickhouse_replica clickhouse1 clickhouse_healthy; }
clickhouse2_healthy() { clickhouse_replica clickhouse2 clickhouse_healthy; }
clickhouse1_start() { clickhouse_replica clickhouse1 clickhouse_launch clickhouse1; }
clickhouse2_start() { clickhouse_replica clickhouse2 clickhouse_launch clickhouse2; }

clickhouse_replica_ports() { printf '%s %s' "$(clickhouse_ports)" "$CLICKHOUSE_INTERSERVER_PORT"; }
clickhouse_replica_describe() {
  printf '%s, replica %s of cluster handcheck' "$(clickhouse_describe)" "$CLICKHOUSE_REPLICA"
}

# shellcheck shell=bash
# ClickHouse from Debian's clickhouse-server package (18.16), run with our own
# config per profile. The package installs but never starts a server itself.

CLICKHOUSE_BIN="${CLICKHOUSE_BIN:-/usr/sbin/clickhouse-server}"

clickhouse_installed() { [[ -x "$CLICKHOUSE_BIN" ]]; }

clickhouse_install() {
  clickhouse_installed && return 0
  if [[ "$(id -u)" == 0 ]]; then
    log "clickhouse: $CLICKHOUSE_BIN missing, installing system packages"
    "$REPO_DIR/scripts/install-system.sh"
  fi
  clickhouse_installed || die "clickhouse: $CLICKHOUSE_BIN missing: run scripts/install-system.sh as root"
}

clickhouse_ports() { printf '%s %s' "$CLICKHOUSE_HTTP_PORT" "$CLICKHOUSE_TCP_PORT"; }
clickhouse_describe() { printf 'http://127.0.0.1:%s (native tcp %s)' "$CLICKHOUSE_HTTP_PORT" "$CLICKHOUSE_TCP_PORT"; }
clickhouse_healthy() { probe http "$CLICKHOUSE_HTTP_PORT" /ping 'Ok.' >/dev/null 2>&1; }

clickhouse_start() {
  local data etc
  data="$(data_dir clickhouse)"
  etc="$data/etc"
  CLICKHOUSE_DATA="$data/db"
  mkdir -p "$etc" "$CLICKHOUSE_DATA"/{tmp,user_files,format_schemas}
  render_template "$DEPLOY_DIR/clickhouse/config.xml.template" "$etc/config.xml" \
    CLICKHOUSE_HTTP_PORT CLICKHOUSE_TCP_PORT CLICKHOUSE_DATA
  cp "$DEPLOY_DIR/clickhouse/users.xml" "$etc/users.xml"
  launch clickhouse "$CLICKHOUSE_BIN" --config-file="$etc/config.xml"
}

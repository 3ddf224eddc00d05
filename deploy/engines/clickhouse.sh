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
  clickhouse_render_users "$etc"
  if [[ "$engine" != clickhouse ]]; then
    # Distributed tables reach the replicas as ingestion: 18.16 signs in to
    # remote_servers with a password in the clear only, so the file is the owner's alone.
    local CLICKHOUSE_INGESTION_PASSWORD
    CLICKHOUSE_INGESTION_PASSWORD="$(clickhouse_password INGESTION)"
    (
      umask 077
      render_template "$DEPLOY_DIR/clickhouse/cluster.xml.template" "$etc/config.d/cluster.xml" \
        CLICKHOUSE_INTERSERVER_PORT CLICKHOUSE_REPLICA CLICKHOUSE_REPLICA1_TCP_PORT \
        CLICKHOUSE_REPLICA2_TCP_PORT ZOOKEEPER_PORT CLICKHOUSE_INGESTION_PASSWORD
    )
  fi
  launch "$engine" "$CLICKHOUSE_BIN" --config-file="$etc/config.xml"
}

# The accounts of deploy/clickhouse/users.d/handcheck.xml (ingestion, report,
# analyst) and `default`. Their passwords are made once per profile into
# var/<profile>/clickhouse-passwords.env (owner-only, never committed), read by
# write_env_file into infra.env, account by account; the server's files hold
# only their SHA-256.
CLICKHOUSE_ACCOUNTS=(DEFAULT INGESTION REPORT ANALYST)
clickhouse_passwords_file() { printf '%s/clickhouse-passwords.env' "$VAR_DIR"; }

# Makes the passwords file unless it is there; under a lock, so two starts of
# one profile at once keep one set.
ensure_clickhouse_passwords() {
  mkdir -p "$VAR_DIR" "$RUN_DIR"
  with_lock "$RUN_DIR/clickhouse-passwords.lock" make_clickhouse_passwords
}

make_clickhouse_passwords() {
  local file account
  file="$(clickhouse_passwords_file)"
  [[ -s "$file" ]] && return 0
  (
    umask 077
    {
      printf '# Made by deploy/infra.sh for profile %s; never commit it. The server holds only their SHA-256.\n' "$PROFILE"
      for account in "${CLICKHOUSE_ACCOUNTS[@]}"; do
        printf 'CLICKHOUSE_%s_PASSWORD=%s\n' "$account" "$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')"
      done
    } >"$file.tmp"
  )
  mv "$file.tmp" "$file"
}

# The password of one account (DEFAULT, INGESTION, REPORT or ANALYST).
clickhouse_password() {
  local value
  value="$(sed -n "s/^CLICKHOUSE_${1}_PASSWORD=//p" "$(clickhouse_passwords_file)")"
  [[ "$value" =~ ^[0-9a-f]{32}$ ]] ||
    die "clickhouse: no password for $1 in $(clickhouse_passwords_file): delete the file and start again"
  printf '%s' "$value"
}

# (Command substitutions run without errexit: each step's failure is passed on by hand.)
clickhouse_password_sha256() {
  local password hash
  password="$(clickhouse_password "$1")" || return 1
  hash="$(printf '%s' "$password" | sha256sum)" || return 1
  printf '%s' "${hash%% *}"
}

# The analyst's databases: the product's, and in profile test also the two the
# analyst specs seed (the profile's own handcheck belongs to the running services).
clickhouse_analyst_databases() {
  local name
  for name in handcheck; do printf '<database>%s</database>' "$name"; done
  if [[ "$PROFILE" == test ]]; then
    printf '<database>%s</database>' handcheck_analyst_queries handcheck_analyst_limits
  fi
}

# deploy/clickhouse/users.d/handcheck.xml for a local engine: each from_env
# password becomes its SHA-256, every account reachable from 127.0.0.1 only.
# Profile test stops an analyst's query after 10 s rather than 60, so the test of
# that limit waits 10 s. Fails when the file no longer has what is replaced.
clickhouse_render_accounts() {
  local dest="$1" source="$DEPLOY_DIR/clickhouse/users.d/handcheck.xml" args=() account hash
  for account in INGESTION REPORT ANALYST; do
    hash="$(clickhouse_password_sha256 "$account")"
    args+=(-e "s|<password from_env=\"CLICKHOUSE_${account}_PASSWORD\"/>|<password_sha256_hex>$hash</password_sha256_hex>|")
  done
  args+=(-e 's|<ip>::/0</ip>|<ip>127.0.0.1</ip>|')
  args+=(-e "s|<database>handcheck</database>|$(clickhouse_analyst_databases)|")
  if [[ "$PROFILE" == test ]]; then
    args+=(-e 's|<max_execution_time>60</max_execution_time>|<max_execution_time>10</max_execution_time>|')
  fi
  mkdir -p "$(dirname "$dest")"
  sed "${args[@]}" "$source" >"$dest.tmp"
  if grep -q 'from_env=\|<ip>::/0<' "$dest.tmp" || [[ "$(grep -c '<password_sha256_hex>' "$dest.tmp")" != 3 ]] ||
    ! grep -q '<database>handcheck</database>' "$dest.tmp" ||
    { [[ "$PROFILE" == test ]] && ! grep -q '<max_execution_time>10<' "$dest.tmp"; }; then
    rm -f "$dest.tmp"
    die "clickhouse: $source no longer has the passwords, networks, database or time limit this script replaces"
  fi
  mv "$dest.tmp" "$dest"
}

# users.xml (`default`) and users.d/handcheck.xml (the product's accounts) into
# an engine's etc folder.
clickhouse_render_users() {
  local etc="$1" CLICKHOUSE_DEFAULT_PASSWORD_SHA256
  CLICKHOUSE_DEFAULT_PASSWORD_SHA256="$(clickhouse_password_sha256 DEFAULT)"
  render_template "$DEPLOY_DIR/clickhouse/users.xml.template" "$etc/users.xml" \
    CLICKHOUSE_DEFAULT_PASSWORD_SHA256
  clickhouse_render_accounts "$etc/users.d/handcheck.xml"
}

# A running engine reused by a later start takes the current users' files:
# ClickHouse reloads them by itself within seconds (a server started before the
# accounts existed gets them so). Returns once the ingestion account signs in.
clickhouse_refresh() { clickhouse_refresh_engine clickhouse; }

clickhouse_refresh_engine() {
  local engine="$1" deadline=$((SECONDS + 30))
  clickhouse_render_users "$(data_dir "$engine")/etc"
  local PROBE_HTTP_USER=ingestion PROBE_HTTP_PASSWORD
  PROBE_HTTP_PASSWORD="$(clickhouse_password INGESTION)"
  export PROBE_HTTP_USER PROBE_HTTP_PASSWORD
  until probe http "$CLICKHOUSE_HTTP_PORT" '/?query=SELECT%20%27accounts%27' accounts >/dev/null 2>&1; do
    ((SECONDS < deadline)) || die "clickhouse: $engine did not take the accounts of users.d/handcheck.xml within 30 s"
    sleep 0.5
  done
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
clickhouse1_refresh() { clickhouse_replica clickhouse1 clickhouse_refresh_engine clickhouse1; }
clickhouse2_refresh() { clickhouse_replica clickhouse2 clickhouse_refresh_engine clickhouse2; }

clickhouse_replica_ports() { printf '%s %s' "$(clickhouse_ports)" "$CLICKHOUSE_INTERSERVER_PORT"; }
clickhouse_replica_describe() {
  printf '%s, replica %s of cluster handcheck' "$(clickhouse_describe)" "$CLICKHOUSE_REPLICA"
}

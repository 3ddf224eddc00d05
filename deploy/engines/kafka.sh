# shellcheck shell=bash
# Apache Kafka 3.9.x in KRaft mode, each node broker + controller in one JVM:
# one node (engine kafka) in profiles dev and test, three (kafka1..3, a 3-voter
# quorum) in profile scale. Jars come from Maven Central through
# deploy/kafka/pom.xml and run on the machine's Java 17; nothing is unpacked
# into the repo.

kafka_version() {
  sed -n 's|.*<kafka.version>\(.*\)</kafka.version>.*|\1|p' "$DEPLOY_DIR/kafka/pom.xml"
}

kafka_home() { printf '%s/kafka-%s' "$HANDCHECK_CACHE" "$(kafka_version)"; }

kafka_java() {
  if [[ -n "${JAVA_HOME:-}" ]]; then
    printf '%s/bin/java' "$JAVA_HOME"
  else
    printf 'java'
  fi
}

kafka_installed() { [[ -f "$(kafka_home)/.complete" ]]; }

kafka_install() {
  kafka_installed && return 0
  with_lock "$HANDCHECK_CACHE/.kafka.lock" kafka_install_locked
}

kafka_install_locked() {
  kafka_installed && return 0
  command -v mvn >/dev/null || die "mvn is missing: run scripts/install-system.sh start"
  local home tmp
  home="$(kafka_home)"
  tmp="$home.partial"
  rm -rf "$tmp" "$home"
  log "kafka: fetching Kafka $(kafka_version) jars from Maven Central into $home"
  # A private local repository keeps the whole install under HANDCHECK_CACHE.
  # Maven's output is kept for a failure only: even with -q it prints stray
  # terminal escape codes.
  mkdir -p "$tmp"
  if ! mvn -q -B -f "$DEPLOY_DIR/kafka/pom.xml" \
    -Dmaven.repo.local="$HANDCHECK_CACHE/maven-repo" \
    dependency:copy-dependencies -DoutputDirectory="$tmp/libs" >"$tmp/mvn.log" 2>&1; then
    cat "$tmp/mvn.log" >&2
    die "kafka: Maven could not fetch Kafka's jars (see the output above)"
  fi
  rm -f "$tmp/mvn.log"
  [[ -n "$(ls "$tmp/libs"/kafka_2.13-*.jar 2>/dev/null)" ]] || die "kafka: Maven fetched no kafka_2.13 jar"
  touch "$tmp/.complete"
  mv "$tmp" "$home"
}

kafka_ports() { printf '%s %s' "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; }
kafka_describe() { printf '127.0.0.1:%s (controller %s)' "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; }
kafka_healthy() { probe kafka "$KAFKA_PORT" >/dev/null 2>&1; }

kafka_start() {
  local KAFKA_NODE_ID=1 KAFKA_INTERNAL_REPLICAS=1 KAFKA_INTERNAL_MIN_ISR=1
  local KAFKA_QUORUM_VOTERS="1@127.0.0.1:$KAFKA_CONTROLLER_PORT"
  kafka_launch kafka -Xmx512m -Xms256m
}

# Profile scale: kafka1..3, each with its own ports and data folder, voters of
# one quorum. Internal topics get three copies and take writes while one node
# is down. The heap is smaller than the single node's: three JVMs share the
# machine with two ClickHouse replicas and the services under test.
kafka_node() {
  local n="$1" fn="$2"
  shift 2
  local KAFKA_NODE_ID="$n" KAFKA_INTERNAL_REPLICAS=3 KAFKA_INTERNAL_MIN_ISR=2
  local KAFKA_QUORUM_VOTERS="1@127.0.0.1:$KAFKA_CONTROLLER_PORT,2@127.0.0.1:$KAFKA2_CONTROLLER_PORT,3@127.0.0.1:$KAFKA3_CONTROLLER_PORT"
  local KAFKA_PORT="$KAFKA_PORT" KAFKA_CONTROLLER_PORT="$KAFKA_CONTROLLER_PORT"
  if ((n == 2)); then
    KAFKA_PORT="$KAFKA2_PORT" KAFKA_CONTROLLER_PORT="$KAFKA2_CONTROLLER_PORT"
  elif ((n == 3)); then
    KAFKA_PORT="$KAFKA3_PORT" KAFKA_CONTROLLER_PORT="$KAFKA3_CONTROLLER_PORT"
  fi
  "$fn" "$@"
}

kafka1_install() { kafka_install; }
kafka2_install() { kafka_install; }
kafka3_install() { kafka_install; }
kafka1_ports() { kafka_node 1 kafka_ports; }
kafka2_ports() { kafka_node 2 kafka_ports; }
kafka3_ports() { kafka_node 3 kafka_ports; }
kafka1_describe() { kafka_node 1 kafka_node_describe; }
kafka2_describe() { kafka_node 2 kafka_node_describe; }
kafka3_describe() { kafka_node 3 kafka_node_describe; }
kafka1_healthy() { kafka_node 1 kafka_healthy; }
kafka2_healthy() { kafka_node 2 kafka_healthy; }
kafka3_healthy() { kafka_node 3 kafka_healthy; }
kafka1_start() { kafka_node 1 kafka_launch kafka1 -Xmx384m -Xms128m; }
kafka2_start() { kafka_node 2 kafka_launch kafka2 -Xmx384m -Xms128m; }
kafka3_start() { kafka_node 3 kafka_launch kafka3 -Xmx384m -Xms128m; }

kafka_node_describe() { printf '%s, node %s of 3' "$(kafka_describe)" "$KAFKA_NODE_ID"; }

# One id for every node of a cluster, drawn once per profile: the nodes start in
# parallel, so the first to get here writes it under a lock.
kafka_cluster_id() {
  local file="$VAR_DIR/kafka-cluster.id"
  with_lock "$RUN_DIR/kafka-cluster.lock" kafka_cluster_id_locked "$file"
  cat "$file"
}

kafka_cluster_id_locked() {
  [[ -s "$1" ]] && return 0
  # 16 random bytes, URL-safe base64 without padding. One in 64 starts with '-',
  # which the storage tool's argument parser takes for an option ("--cluster-id:
  # expected one argument"): draw again.
  local id='-'
  while [[ "$id" == -* ]]; do
    id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
  done
  printf '%s\n' "$id" >"$1"
}

# kafka_launch <engine> <heap options...>: renders the node's properties from the
# KAFKA_* variables in scope, formats its storage once, and starts it.
kafka_launch() {
  local engine="$1" data props libs java
  shift
  data="$(data_dir "$engine")"
  props="$data/server.properties"
  libs="$(kafka_home)/libs"
  java="$(kafka_java)"
  KAFKA_LOG_DIRS="$data/kraft-logs"
  mkdir -p "$KAFKA_LOG_DIRS"
  render_template "$DEPLOY_DIR/kafka/server.properties.template" "$props" \
    KAFKA_PORT KAFKA_CONTROLLER_PORT KAFKA_LOG_DIRS KAFKA_NODE_ID KAFKA_QUORUM_VOTERS \
    KAFKA_INTERNAL_REPLICAS KAFKA_INTERNAL_MIN_ISR

  local jvm=(
    "$@"
    -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError
    -Djava.awt.headless=true
    "-Dlog4j.configuration=file:$DEPLOY_DIR/kafka/log4j.properties"
    "-Dkafka.logs.dir=$data/logs"
  )

  if [[ ! -f "$KAFKA_LOG_DIRS/meta.properties" ]]; then
    log "$engine: formatting new KRaft storage in $KAFKA_LOG_DIRS"
    "$java" "${jvm[@]}" -cp "$libs/*" kafka.tools.StorageTool format \
      -t "$(kafka_cluster_id)" -c "$props" --ignore-formatted >>"$(log_file "$engine")" 2>&1 ||
      return 1
  fi

  launch "$engine" "$java" "${jvm[@]}" -cp "$libs/*" kafka.Kafka "$props"
}

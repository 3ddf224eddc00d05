# shellcheck shell=bash
# Apache Kafka 3.9.x, single-node KRaft (broker + controller in one JVM).
# Jars come from Maven Central through deploy/kafka/pom.xml and run on the
# machine's Java 17; nothing is unpacked into the repo.

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
  command -v mvn >/dev/null || die "mvn is missing: run scripts/install-system.sh"
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
  local data props libs java
  data="$(data_dir kafka)"
  props="$data/server.properties"
  libs="$(kafka_home)/libs"
  java="$(kafka_java)"
  KAFKA_LOG_DIRS="$data/kraft-logs"
  mkdir -p "$KAFKA_LOG_DIRS"
  render_template "$DEPLOY_DIR/kafka/server.properties.template" "$props" \
    KAFKA_PORT KAFKA_CONTROLLER_PORT KAFKA_LOG_DIRS

  local jvm=(
    -Xmx512m -Xms256m
    -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError
    -Djava.awt.headless=true
    "-Dlog4j.configuration=file:$DEPLOY_DIR/kafka/log4j.properties"
    "-Dkafka.logs.dir=$data/logs"
  )

  if [[ ! -f "$KAFKA_LOG_DIRS/meta.properties" ]]; then
    # A cluster id is 16 random bytes, URL-safe base64 without padding. One in 64
    # starts with '-', which the storage tool's argument parser takes for an
    # option ("--cluster-id: expected one argument"): draw again.
    local cluster_id='-'
    while [[ "$cluster_id" == -* ]]; do
      cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
    done
    log "kafka: formatting new KRaft storage in $KAFKA_LOG_DIRS"
    "$java" "${jvm[@]}" -cp "$libs/*" kafka.tools.StorageTool format \
      -t "$cluster_id" -c "$props" --ignore-formatted >>"$(log_file kafka)" 2>&1 ||
      return 1
  fi

  launch kafka "$java" "${jvm[@]}" -cp "$libs/*" kafka.Kafka "$props"
}

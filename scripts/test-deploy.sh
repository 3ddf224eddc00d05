#!/usr/bin/env bash
# `make test-deploy`: proves the deployment descriptions for real on this machine.
#   1. tools: Docker engine, debootstrap, etcd (Debian), Compose v2, Kubernetes,
#      CoreDNS and kube-router (Go module proxy), cached outside the repo
#      (deploy/stack/tools.sh); containerd, runc, the CNI plugins, iptables, ipset
#      and conntrack from `scripts/install-system.sh deploy`;
#   2. a private Docker engine that leaves the host's network alone (docker-engine.sh);
#   3. local stand-ins for the base and engine images, and the five service images
#      from deploy/docker/Dockerfile (images.sh);
#   4. native engines on ports of their own; the Jest specs in tests/stack that
#      need the host: the images under testcontainers, compose run whole;
#   5. a single-node Kubernetes cluster in a network namespace of its own
#      (cluster.sh) with the images imported into its containerd, and the specs
#      of tests/stack/cluster run inside that namespace: the chart stored by the
#      API server, installed with every pod running, end to end through the
#      gateway Service, its network policies enforced, upgrades under load.
#      The cluster's tools build beside step 3, and the cluster starts and takes
#      its images beside step 4's specs.
# Everything started is stopped by recorded PID at the end; the engine and the
# cluster each check that the host is as they found it. Ends with the time of each
# stage and of the ten slowest spec files (var/deploy-results/timings.tsv), then
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(pwd)
out="$repo/var/deploy-results"
# A run that was killed may have left its API server: stop it while its PID files exist.
bash deploy/stack/cluster.sh stop > /dev/null 2>&1 || true
rm -rf "$out" "$repo/var/deploy" && mkdir -p "$out" "$repo/var/deploy"
checks="$out/checks.tsv"
stages="$out/stages.tsv"
: > "$checks"
: > "$stages"
since=$EPOCHREALTIME
export TESTCONTAINERS_RYUK_DISABLED=true # its clean-up image cannot be pulled; we stop what we start
export TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1

# Native engines for the containers spec: the test profile's engines on ports
# and a data folder of their own, so a `make test` or `make start` can run beside.
engines_env=(
  HANDCHECK_VAR_DIR="$repo/var/deploy-engines"
  HANDCHECK_KAFKA_PORT=29092 HANDCHECK_KAFKA_CONTROLLER_PORT=29093
  HANDCHECK_CLICKHOUSE_HTTP_PORT=28123 HANDCHECK_CLICKHOUSE_TCP_PORT=29000
  HANDCHECK_MONGO_PORT=27019 HANDCHECK_SMTP_PORT=21025 HANDCHECK_MAILPIT_PORT=28025
)

cluster_started=0
# shellcheck source=lib/test-steps.sh
source scripts/lib/test-steps.sh
step() { # name, command...
  local name=$1 begun=$SECONDS
  shift
  echo "── $name"
  if timed "$name" "$@"; then
    record "$name" passed
    echo "   ($((SECONDS - begun)) s)"
  else
    record "$name" failed
    return 1
  fi
}

cleanup() {
  local from=$EPOCHREALTIME
  if [[ -n "${cluster_setup:-}" ]]; then
    : > "$out/cluster-setup.cancel"
    wait "$cluster_setup" 2> /dev/null
  fi
  if ((cluster_started)); then
    if bash deploy/stack/cluster.sh stop; then
      record "cluster left the host as found" passed
    else
      record "cluster left the host as found" failed
    fi
  fi
  env "${engines_env[@]}" bash deploy/infra.sh stop --profile test > /dev/null 2>&1 || true
  # Stops any container left by a failed spec, then the engine; checks the network.
  if ! bash deploy/stack/docker-engine.sh stop; then
    record "host network left as found" failed
  fi
  printf '%s\t%s\t%s\n' "clean-up (cluster, engines, docker)" "$from" "$EPOCHREALTIME" >> "$stages"
}

summary() {
  echo
  # One report of both Jest runs (on the host and inside the cluster's namespace).
  node -e '
    const fs = require("node:fs");
    const [out, ...parts] = process.argv.slice(1);
    const found = parts.filter((p) => fs.existsSync(p)).map((p) => JSON.parse(fs.readFileSync(p, "utf8")));
    if (found.length) fs.writeFileSync(out, JSON.stringify({ testResults: found.flatMap((r) => r.testResults) }));
  ' "$out/jest.json" "$out/jest-host.json" "$out/jest-cluster.json"
  node scripts/timings.mjs --title "make test-deploy" --since "$since" "$stages" "$out/jest.json"
  echo
  echo "Summary (make test-deploy, $((SECONDS / 60)) min $((SECONDS % 60)) s):"
  node scripts/summarize-tests.mjs "$checks" "$out/jest.json"
}

echo "── install (deploy)"
if ! timed "install" bash scripts/install-system.sh deploy; then
  echo "Dependencies could not be installed."
  record "dependencies" failed
  summary
  exit 1
fi

trap 'cleanup; summary; exit $?' EXIT
started=$SECONDS
step "deploy tools" bash deploy/stack/tools.sh host || exit 1
eval "$(bash deploy/stack/tools.sh paths)"

# The cluster's side needs neither the host specs nor their engines: its tools
# (Kubernetes, CoreDNS, kube-router: minutes of Go builds on a cold cache, nothing
# on a warm one) build beside the images; once the images are built they are saved,
# the cluster started and the images imported, beside the host specs. Its output
# is shown after those specs (cluster-setup.log). The cluster's host check leaves the
# private Docker engine's own mounts to that engine's check, since containers come
# and go meanwhile.
cluster_started=1 # from here on, the clean-up checks what the cluster left
(
  step "cluster tools" bash deploy/stack/tools.sh cluster || exit 1
  until [[ -e "$out/images.ready" ]]; do
    [[ -e "$out/cluster-setup.cancel" ]] && exit 1
    sleep 1
  done
  eval "$(bash deploy/stack/docker-engine.sh env)"
  export DOCKER_HOST
  step "cluster images" bash deploy/stack/images.sh save "$repo/var/deploy-images" &&
    step "kubernetes cluster" bash deploy/stack/cluster.sh start &&
    step "images into the cluster" bash deploy/stack/cluster.sh import "$repo/var/deploy-images"
) > "$out/cluster-setup.log" 2>&1 &
cluster_setup=$!

step "docker engine" bash deploy/stack/docker-engine.sh start || exit 1
eval "$(bash deploy/stack/docker-engine.sh env)"
export DOCKER_HOST
step "images" bash deploy/stack/images.sh || exit 1
: > "$out/images.ready"
step "engines (deploy)" env "${engines_env[@]}" bash deploy/infra.sh start --profile test || exit 1
HELM="$(bash scripts/check-deploy.sh helm-path)"
[[ -x "$HELM" ]] || step "helm" bash scripts/check-deploy.sh > /dev/null

# What the specs need, in one file (tests/stack/stack-env.ts reads it).
eval "$(bash deploy/stack/images.sh env)"
node -e '
  const [file, ...pairs] = process.argv.slice(1);
  const o = Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
  const env = { dockerHost: o.DOCKER_HOST, docker: o.DOCKER, compose: o.COMPOSE, helm: o.HELM, kubectl: o.KUBECTL,
    kubeconfig: o.KUBECONFIG, tag: o.HANDCHECK_TAG, nextTag: o.HANDCHECK_NEXT_TAG,
    images: { NODE_IMAGE: o.NODE_IMAGE, KAFKA_IMAGE: o.KAFKA_IMAGE, CLICKHOUSE_IMAGE: o.CLICKHOUSE_IMAGE,
      MONGO_IMAGE: o.MONGO_IMAGE, MAILPIT_IMAGE: o.MAILPIT_IMAGE, BUSYBOX_IMAGE: o.BUSYBOX_IMAGE } };
  require("node:fs").writeFileSync(file, JSON.stringify(env, null, 2));
' "$repo/var/deploy/stack-env.json" "DOCKER_HOST=$DOCKER_HOST" "DOCKER=$DOCKER" "COMPOSE=$COMPOSE" \
  "HELM=$HELM" "KUBECTL=$KUBECTL" "KUBECONFIG=$(bash deploy/stack/cluster.sh env | sed -n 's/^KUBECONFIG=//p')" \
  "HANDCHECK_TAG=$HANDCHECK_TAG" "HANDCHECK_NEXT_TAG=$HANDCHECK_NEXT_TAG" "BUSYBOX_IMAGE=$BUSYBOX_IMAGE" "NODE_IMAGE=$NODE_IMAGE" "KAFKA_IMAGE=$KAFKA_IMAGE" \
  "CLICKHOUSE_IMAGE=$CLICKHOUSE_IMAGE" "MONGO_IMAGE=$MONGO_IMAGE" "MAILPIT_IMAGE=$MAILPIT_IMAGE"
echo "   setup took $((SECONDS - started)) s"

echo "── image sizes"
"$DOCKER" image ls --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep -E '^handcheck' | sort | sed 's/^/   /'

echo "── jest (stack, on the host)"
# The containers spec reads the native engines' addresses from their infra.env.
timed "jest (stack, on the host)" env TEST_ENV_FILE=1 HANDCHECK_VAR_DIR="$repo/var/deploy-engines/test" \
  npx jest -c jest.stack.config.js --ci --runInBand --testPathIgnorePatterns tests/stack/cluster \
  --json --outputFile="$out/jest-host.json" 2>&1 |
  tee "$out/jest-host.log" | grep -E '^(PASS|FAIL)|●|compose up to all healthy' || true

# The cluster runs the engines as pods: the native ones are no longer needed.
env "${engines_env[@]}" bash deploy/infra.sh stop --profile test > /dev/null 2>&1 || true
wait "$cluster_setup"
cluster_ready=$?
cat "$out/cluster-setup.log"
((cluster_ready == 0)) || exit 1
echo "── jest (stack, inside the cluster's network namespace)"
timed "jest (stack, in the cluster)" bash deploy/stack/cluster.sh exec npx jest -c jest.stack.config.js --ci --runInBand tests/stack/cluster \
  --json --outputFile="$out/jest-cluster.json" 2>&1 |
  tee "$out/jest-cluster.log" | grep -E '^(PASS|FAIL)|●|figure:' || true

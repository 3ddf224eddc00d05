#!/usr/bin/env bash
# Checks the deployment descriptions on a machine with no Docker and no cluster
# (`make test-deploy` then runs them for real):
#   - the Helm chart: `helm lint --strict` and `helm template` with the CI values
#     (once more with the optional ServiceMonitors on), and that production values
#     without the secret references refuse to render;
#   - the rendered manifests against the Kubernetes schemas of the oldest and newest
#     supported versions (kubectl-validate) and best practice (kube-score);
#   - the rules no tool makes, in tests/deploy/deploy-checks.ts: secrets only by
#     reference, no token, privilege escalation or added capability, only settings a
#     service reads; every chart value documented; docker-compose.yml and
#     deploy/docker/Dockerfile (health checks, pinned images, no plaintext secrets).
#     The chart's and compose file's agreement with the service registry is held by
#     the specs in tests/deploy, which `make test` runs next.
#
# Helm and promtool (which checks the chart's alert rules) are built from the Go
# module proxy once and cached outside the repo; the second run starts at once. Usage:
#   bash scripts/check-deploy.sh                # install helm and promtool if needed, run every check
#   bash scripts/check-deploy.sh helm-path      # print where the cached helm lives (never installs)
#   bash scripts/check-deploy.sh promtool-path  # the same for promtool
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HANDCHECK_CACHE="${HANDCHECK_CACHE:-$HOME/.cache/handcheck}"
# Needs the local Go (>= 1.26 for this release); `go list -m -versions helm.sh/helm/v3` lists others.
HELM_VERSION="${HELM_VERSION:-v3.22.0}"
HELM_DIR="$HANDCHECK_CACHE/helm-$HELM_VERSION"
HELM="$HELM_DIR/helm"
CHART="$REPO_DIR/charts/handcheck"
CI_VALUES="$CHART/ci/values-ci.yaml"
# promtool checks and unit-tests the chart's alert rules (tests/deploy/alert-rules.spec.ts).
# The module's v0.3NN.x is Prometheus 3.NN.x.
PROMETHEUS_VERSION="${PROMETHEUS_VERSION:-v0.316.0}"
PROMTOOL="$HANDCHECK_CACHE/promtool-$PROMETHEUS_VERSION/promtool"

case "${1:-}" in
  helm-path) printf '%s\n' "$HELM"; exit 0 ;;
  promtool-path) printf '%s\n' "$PROMTOOL"; exit 0 ;;
esac

log() { printf '[check-deploy] %s\n' "$*"; }
die() {
  printf '[check-deploy] %s\n' "$*" >&2
  exit 1
}

install_helm() {
  command -v go > /dev/null || die "go is not installed: it builds helm from the Go module proxy"
  local started=$SECONDS staging
  mkdir -p "$HANDCHECK_CACHE"
  staging="$(mktemp -d "$HANDCHECK_CACHE/.helm-build.XXXXXX")"
  log "building helm $HELM_VERSION with $(go env GOVERSION) (a few minutes the first time)"
  # Helm's release builds stamp the Kubernetes version its client libraries
  # target; without it `helm template` assumes 1.20 and rejects kubeVersion >= 1.25.
  local gomod k8s_minor
  gomod="$(cd "$staging" && go mod download -json "helm.sh/helm/v3@$HELM_VERSION" \
    | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')"
  k8s_minor="$(awk '$1 == "k8s.io/client-go" { split($2, v, "."); print v[2]; exit }' "$gomod")"
  [[ "$k8s_minor" =~ ^[0-9]+$ ]] || die "could not read the client-go version from helm $HELM_VERSION's go.mod"
  local pkg=helm.sh/helm/v3
  (cd "$staging" && GOBIN="$staging" GOFLAGS=-buildvcs=false go install \
    -ldflags "-s -w -X $pkg/internal/version.version=$HELM_VERSION \
      -X $pkg/pkg/lint/rules.k8sVersionMajor=1 -X $pkg/pkg/lint/rules.k8sVersionMinor=$k8s_minor \
      -X $pkg/pkg/chartutil.k8sVersionMajor=1 -X $pkg/pkg/chartutil.k8sVersionMinor=$k8s_minor" \
    "$pkg/cmd/helm@$HELM_VERSION")
  mkdir -p "$HELM_DIR"
  # Moved into place only when complete, so an interrupted build is never mistaken for a cached one.
  mv "$staging/helm" "$HELM"
  rm -rf "$staging"
  log "helm $HELM_VERSION ready in $((SECONDS - started))s: $HELM"
}

ensure_helm() {
  [[ -x "$HELM" ]] && return 0
  mkdir -p "$HANDCHECK_CACHE"
  # Two checks started together build helm once.
  exec 9> "$HANDCHECK_CACHE/.helm.lock"
  flock 9
  [[ -x "$HELM" ]] || install_helm
  flock -u 9
}

# Without service discovery (`remove_all_sd`): rule checks and tests need none, and the
# build skips every cloud SDK.
install_promtool() {
  local started=$SECONDS staging src
  staging="$(mktemp -d "$HANDCHECK_CACHE/.promtool-build.XXXXXX")"
  log "building promtool $PROMETHEUS_VERSION with $(go env GOVERSION) (a few minutes the first time)"
  src="$(cd "$staging" && go mod download -json "github.com/prometheus/prometheus@$PROMETHEUS_VERSION" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [[ -d "$src" ]] || die "could not download github.com/prometheus/prometheus@$PROMETHEUS_VERSION"
  cp -R "$src/." "$staging/src" && chmod -R u+w "$staging/src"
  # Its go.work names folders the module download leaves out.
  (cd "$staging/src" && GOWORK=off GOFLAGS=-buildvcs=false go build -trimpath -tags remove_all_sd \
    -ldflags "-s -w" -o "$staging/promtool" ./cmd/promtool)
  mkdir -p "$(dirname "$PROMTOOL")"
  mv "$staging/promtool" "$PROMTOOL"
  rm -rf "$staging"
  log "promtool $PROMETHEUS_VERSION ready in $((SECONDS - started))s: $PROMTOOL"
}

ensure_promtool() {
  [[ -x "$PROMTOOL" ]] && return 0
  exec 8> "$HANDCHECK_CACHE/.promtool.lock"
  flock 8
  [[ -x "$PROMTOOL" ]] || install_promtool
  flock -u 8
}

ensure_helm
ensure_promtool
cd "$REPO_DIR"

MONITORING=(--set metrics.serviceMonitor.enabled=true --set metrics.alerts.enabled=true)

log "helm lint --strict"
"$HELM" lint --strict "$CHART" -f "$CI_VALUES"
"$HELM" lint --strict --quiet "$CHART" -f "$CI_VALUES" "${MONITORING[@]}"

log "helm template with the CI values (and with ServiceMonitors)"
rendered="$(mktemp)"
monitored="$(mktemp)"
trap 'rm -f "$rendered" "$monitored" "$rendered.score"' EXIT
"$HELM" template handcheck "$CHART" --namespace handcheck -f "$CI_VALUES" > "$rendered"
"$HELM" template handcheck "$CHART" --namespace handcheck -f "$CI_VALUES" "${MONITORING[@]}" > "$monitored"

log "production values without secret references must not render"
if out="$("$HELM" template handcheck "$CHART" --set kafka.brokers[0]=kafka:9092 \
  --set clickhouse.url=http://clickhouse:8123 --set smtp.host=smtp --set gateway.config.siteOrigin=https://h.example 2>&1)"; then
  die "rendering without mongodb.existingSecret succeeded; it must fail"
fi
grep -q "mongodb.existingSecret is required" <<< "$out" || die "unexpected failure message: $out"

# Schemas: kubectl-validate checks every object against the OpenAPI schemas of the
# oldest and newest Kubernetes the chart supports (Chart.yaml annotations), offline.
bash "$REPO_DIR/deploy/stack/tools.sh" linters
eval "$(bash "$REPO_DIR/deploy/stack/tools.sh" paths)"
annotation() { sed -n "s/^  handcheck.dev\/$1: '\(.*\)'$/\1/p" "$CHART/Chart.yaml"; }
for version in "$(annotation kube-version-min)" "$(annotation kube-version-newest)"; do
  [[ -n "$version" ]] || die "Chart.yaml lacks the handcheck.dev/kube-version-* annotations"
  log "kubectl-validate against Kubernetes $version"
  "$KUBECTL_VALIDATE" --version "$version" --local-crds "$REPO_DIR/tests/deploy/crds" "$rendered" "$monitored" > /dev/null ||
    "$KUBECTL_VALIDATE" --version "$version" --local-crds "$REPO_DIR/tests/deploy/crds" "$rendered" "$monitored" ||
    die "kubectl-validate: the chart does not match the Kubernetes $version schemas"
done

# Best practice: kube-score. Every finding fails, warnings included.
# Left out, on purpose:
#   - CPU limits: a limit throttles a pod even while the node's CPU sits idle;
#     the requests already give each pod its share under contention.
#   - pullPolicy Always: images are pinned by tag or digest, so IfNotPresent pulls
#     exactly the same image and a node can restart pods while the registry is down.
log "kube-score"
"$KUBE_SCORE" score "$monitored" --output-format ci --exit-one-on-warning --ignore-container-cpu-limit \
  --ignore-test container-image-pull-policy --enable-optional-test container-seccomp-profile \
  > "$rendered.score" || { grep -v '^\[OK\]\|^\[SKIPPED\]' "$rendered.score" >&2; die "kube-score found problems (above)"; }

log "our rules: rendered manifests, values.yaml, docker-compose.yml, Dockerfile"
npx --no-install tsx tests/deploy/deploy-checks.ts "$rendered" "$monitored"

log "all deploy checks passed"

{{/*
Which engines and sibling services each component talks to, and how to reach
them. The environment variables, the wait-for-dependencies init container and
the network policies are all derived from these, so they cannot disagree.
Helm cannot read the service registry (packages/service-registry/src/services.json,
outside the chart), so tests/deploy checks the rendered chart against it.
*/}}

{{- define "handcheck.components" -}}
gateway, ingestion, directory, referral, report
{{- end -}}

{{/* Engines per component, as a YAML list. */}}
{{- define "handcheck.enginesOf" -}}
{{- $engines := dict
      "gateway" (list "kafka" "mongodb")
      "ingestion" (list "kafka" "clickhouse")
      "directory" (list "mongodb")
      "referral" (list "kafka" "mongodb" "smtp")
      "report" (list "clickhouse" "mongodb" "smtp") -}}
{{- toYaml (index $engines .) -}}
{{- end -}}

{{/*
Engines a component's readiness needs, as a YAML list: the registry's
readyEngines. The init container waits for these and nothing else. The gateway
has none: it serves the site while Kafka is away and answers 503 on /api/events
once its buffer is full, so holding its pods back for Kafka would only take the
site down with it.
*/}}
{{- define "handcheck.readyEnginesOf" -}}
{{- $engines := dict
      "gateway" (list)
      "ingestion" (list "kafka" "clickhouse")
      "directory" (list "mongodb")
      "referral" (list "kafka" "mongodb" "smtp")
      "report" (list "clickhouse" "mongodb" "smtp") -}}
{{- toYaml (index $engines .) -}}
{{- end -}}

{{/* Sibling services a component calls over gRPC, as a YAML list. */}}
{{- define "handcheck.callsOf" -}}
{{- $calls := dict "gateway" (list "directory" "referral" "report") -}}
{{- toYaml (default list (index $calls .)) -}}
{{- end -}}

{{/* Components that call this one over gRPC (the inverse of callsOf), as a YAML list. */}}
{{- define "handcheck.callersOf" -}}
{{- $callee := . -}}
{{- $callers := list -}}
{{- range (include "handcheck.components" . | splitList ", ") -}}
{{- if has $callee (include "handcheck.callsOf" . | fromYamlArray) }}{{ $callers = append $callers . }}{{ end -}}
{{- end -}}
{{- toYaml $callers -}}
{{- end -}}

{{/* The port /metrics is served on: its own (the gateway's, METRICS_PORT) or the HTTP port. */}}
{{- define "handcheck.metricsPort" -}}
{{- $ports := (index .context.Values .component).containerPorts -}}
{{- $ports.metrics | default $ports.http -}}
{{- end -}}

{{/* Name of the container port /metrics is served on. */}}
{{- define "handcheck.metricsPortName" -}}
{{- ternary "metrics" "http" (hasKey (index .context.Values .component).containerPorts "metrics") -}}
{{- end -}}

{{/* Kafka brokers as a YAML list of {host, port}. */}}
{{- define "handcheck.kafkaEndpoints" -}}
{{- $endpoints := list -}}
{{- range .Values.kafka.brokers -}}
{{- $parts := splitList ":" (toString .) -}}
{{- $endpoints = append $endpoints (dict "host" (first $parts) "port" (last $parts | int)) -}}
{{- end -}}
{{- toYaml $endpoints -}}
{{- end -}}

{{/* ClickHouse endpoint as {host, port}; the port defaults by scheme like the client does. */}}
{{- define "handcheck.clickhouseEndpoint" -}}
{{- $url := urlParse .Values.clickhouse.url -}}
{{- $hostPort := splitList ":" $url.host -}}
{{- $port := ternary 8443 8123 (eq $url.scheme "https") -}}
{{- if gt (len $hostPort) 1 }}{{ $port = last $hostPort | int }}{{ end -}}
{{- toYaml (dict "host" (first $hostPort) "port" $port) -}}
{{- end -}}

{{/* Ports (for network policies) of the engines a component uses, as a YAML list of ints. */}}
{{- define "handcheck.enginePorts" -}}
{{- $ctx := .context -}}
{{- $ports := list -}}
{{- range (include "handcheck.enginesOf" .component | fromYamlArray) -}}
{{- if eq . "kafka" -}}
{{- range (include "handcheck.kafkaEndpoints" $ctx | fromYamlArray) }}{{ $ports = append $ports .port }}{{ end -}}
{{- else if eq . "clickhouse" -}}
{{- $ports = append $ports (include "handcheck.clickhouseEndpoint" $ctx | fromYaml).port -}}
{{- else if eq . "mongodb" -}}
{{- $ports = append $ports ($ctx.Values.mongodb.port | int) -}}
{{- else if eq . "smtp" -}}
{{- $ports = append $ports ($ctx.Values.smtp.port | int) -}}
{{- end -}}
{{- end -}}
{{- toYaml ($ports | uniq) -}}
{{- end -}}

{{/*
Fails rendering with a message naming the value to set. Called by every
Deployment, so `helm template` and `helm install` stop before anything is created.
*/}}
{{- define "handcheck.validate" -}}
{{- $v := .Values -}}
{{- $production := eq $v.config.nodeEnv "production" -}}
{{- if not $v.kafka.brokers -}}
{{- fail "kafka.brokers is required: list the Kafka bootstrap brokers as host:port" -}}
{{- end -}}
{{- range $v.kafka.brokers -}}
{{- if not (regexMatch "^[A-Za-z0-9._-]+:[0-9]+$" (toString .)) -}}
{{- fail (printf "kafka.brokers: %q is not host:port" (toString .)) -}}
{{- end -}}
{{- end -}}
{{- $_ := required "clickhouse.url is required: the ClickHouse HTTP endpoint, e.g. http://clickhouse.data.svc:8123" $v.clickhouse.url -}}
{{- if not (regexMatch "^https?://[A-Za-z0-9._-]+(:[0-9]+)?/?$" $v.clickhouse.url) -}}
{{- fail (printf "clickhouse.url: %q must be http(s)://host[:port]" $v.clickhouse.url) -}}
{{- end -}}
{{- $_ := required "mongodb.existingSecret is required: name a Secret that holds the mongodb:// connection string (key mongodb.urlKey)" $v.mongodb.existingSecret -}}
{{- $_ := required "smtp.host is required: the SMTP relay the referral and report services send mail through" $v.smtp.host -}}
{{- if not (regexMatch "^[A-Za-z0-9._-]+$" $v.smtp.host) -}}
{{- fail (printf "smtp.host: %q must be a bare host name" $v.smtp.host) -}}
{{- end -}}
{{- if $production -}}
{{- $_ := required "clickhouse.existingSecret is required when config.nodeEnv is production: name a Secret that holds the passwords of the ClickHouse accounts ingestion and report (keys clickhouse.ingestion.passwordKey and clickhouse.report.passwordKey)" $v.clickhouse.existingSecret -}}
{{- $_ := required "auth.existingSecret is required when config.nodeEnv is production: name a Secret that holds the admin JWT signing secret (key auth.jwtSecretKey)" $v.auth.existingSecret -}}
{{- if not $v.report.config.recipients -}}
{{- fail "report.config.recipients is required when config.nodeEnv is production: list who gets the weekly report" -}}
{{- end -}}
{{- $_ := required "referral.config.inbox is required when config.nodeEnv is production: the specialist inbox every referral is mailed to" $v.referral.config.inbox -}}
{{- end -}}
{{- $_ := required "internalGrpc.existingSecret is required: name a Secret that holds the token the services present to each other over gRPC (key internalGrpc.tokenKey); without it every internal call is refused" $v.internalGrpc.existingSecret -}}
{{- if and $v.gateway.ingress.enabled (not $v.gateway.ingress.hosts) -}}
{{- fail "gateway.ingress.hosts must list at least one host when gateway.ingress.enabled is true" -}}
{{- end -}}
{{- range $v.gateway.ingress.hosts -}}
{{- range .paths -}}
{{- if hasPrefix $v.metrics.path .path -}}
{{- fail (printf "gateway.ingress.hosts: path %q would route %s to the public; metrics are for the cluster only" .path $v.metrics.path) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and $v.gateway.ingress.enabled (not $v.gateway.config.trustedProxies) -}}
{{- fail "gateway.config.trustedProxies is required when gateway.ingress.enabled is true: the ingress controller's addresses or CIDR, or every visitor is one client to the per-client limit on /api/events (and to location)" -}}
{{- end -}}
{{- if or (not $v.gateway.containerPorts.metrics) (eq (int $v.gateway.containerPorts.metrics) (int $v.gateway.containerPorts.http)) -}}
{{- fail "gateway.containerPorts.metrics must be set and differ from gateway.containerPorts.http: the HTTP port is public, /metrics is not" -}}
{{- end -}}
{{- if not (include "handcheck.siteOrigin" .) -}}
{{- fail "gateway.config.siteOrigin is required when the gateway has no ingress host: the public origin of the site, e.g. https://handcheck.example" -}}
{{- end -}}
{{- end -}}

{{/* The site's public origin: the value, else https:// and the first ingress host. */}}
{{- define "handcheck.siteOrigin" -}}
{{- $gateway := .Values.gateway -}}
{{- if $gateway.config.siteOrigin -}}
{{- $gateway.config.siteOrigin | trimSuffix "/" -}}
{{- else if and $gateway.ingress.enabled $gateway.ingress.hosts -}}
{{- printf "https://%s" (first $gateway.ingress.hosts).host -}}
{{- end -}}
{{- end -}}

{{/*
Environment variables of the service containers. The services validate them at
start and refuse to run with a bad one, so every name here matches a field of
the service's Env class. Secret values only ever arrive through secretKeyRef.
*/}}

{{- define "handcheck.env.common" -}}
{{- $values := index .context.Values .component }}
- name: NODE_ENV
  value: {{ .context.Values.config.nodeEnv | quote }}
- name: LOG_LEVEL
  value: {{ .context.Values.config.logLevel | quote }}
- name: HOST
  value: "0.0.0.0"
- name: PORT
  value: {{ $values.containerPorts.http | quote }}
{{- with $values.nodeOptions }}
- name: NODE_OPTIONS
  value: {{ . | quote }}
{{- end }}
{{- with $values.containerPorts.metrics }}
- name: METRICS_PORT
  value: {{ . | quote }}
{{- end }}
{{- with $values.containerPorts.grpc }}
- name: GRPC_PORT
  value: {{ . | quote }}
{{- end }}
{{- end -}}

{{- define "handcheck.env.kafka" }}
- name: KAFKA_BROKERS
  value: {{ join "," .Values.kafka.brokers | quote }}
- name: KAFKA_REPLICATION_FACTOR
  value: {{ .Values.kafka.replicationFactor | int64 | quote }}
- name: KAFKA_MIN_INSYNC_REPLICAS
  value: {{ .Values.kafka.minInsyncReplicas | int64 | quote }}
- name: KAFKA_TOPIC_PARTITIONS
  value: {{ join "," .Values.kafka.topicPartitions | quote }}
- name: KAFKA_RETENTION_HOURS
  value: {{ .Values.kafka.retentionHours | int64 | quote }}
{{- end -}}

{{- /* Each service signs in with its own account: clickhouse.<component>.user and its key of the Secret. */}}
{{- define "handcheck.env.clickhouse" }}
{{- $clickhouse := .context.Values.clickhouse }}
{{- $account := index $clickhouse .component }}
{{- if not $account }}
{{- fail (printf "clickhouse.%s is missing: the %s service needs a ClickHouse account (user, passwordKey)" .component .component) }}
{{- end }}
- name: CLICKHOUSE_URL
  value: {{ $clickhouse.url | quote }}
- name: CLICKHOUSE_DATABASE
  value: {{ $clickhouse.database | quote }}
- name: CLICKHOUSE_USER
  value: {{ $account.user | quote }}
{{- with $clickhouse.cluster }}
- name: CLICKHOUSE_CLUSTER
  value: {{ . | quote }}
{{- end }}
{{- with $clickhouse.existingSecret }}
- name: CLICKHOUSE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $account.passwordKey }}
{{- end }}
{{- end -}}

{{- define "handcheck.env.mongodb" }}
- name: MONGO_URL
  valueFrom:
    secretKeyRef:
      name: {{ .Values.mongodb.existingSecret }}
      key: {{ .Values.mongodb.urlKey }}
{{- end -}}

{{- define "handcheck.env.smtp" }}
- name: SMTP_HOST
  value: {{ .Values.smtp.host | quote }}
- name: SMTP_PORT
  value: {{ .Values.smtp.port | quote }}
{{- with .Values.smtp.existingSecret }}
- name: SMTP_USER
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $.Values.smtp.userKey }}
- name: SMTP_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $.Values.smtp.passwordKey }}
{{- end }}
{{- with .Values.smtp.from }}
- name: MAIL_FROM
  value: {{ . | quote }}
{{- end }}
{{- end -}}

{{- define "handcheck.env.gateway" -}}
{{- $config := .Values.gateway.config }}
- name: WEB_DIST_DIR
  value: /app/web/dist
- name: SITE_ORIGIN
  value: {{ include "handcheck.siteOrigin" . | quote }}
- name: TRUSTED_PROXIES
  value: {{ join "," $config.trustedProxies | quote }}
{{- with $config.geoipDbPath }}
- name: GEOIP_DB_PATH
  value: {{ . | quote }}
{{- end }}
- name: PRODUCER_LINGER_MS
  value: {{ $config.producerLingerMs | int64 | quote }}
- name: PRODUCER_MAX_BUFFERED
  value: {{ $config.producerMaxBuffered | int64 | quote }}
- name: REFERRAL_RATE_LIMIT
  value: {{ $config.referralRateLimit | int64 | quote }}
- name: REFERRAL_RATE_WINDOW_SECONDS
  value: {{ $config.referralRateWindowSeconds | int64 | quote }}
{{- /* The directory's Service (gRPC port); GET /api/specialists reads it. */}}
- name: DIRECTORY_GRPC_URL
  value: {{ printf "%s:%v" (include "handcheck.componentName" (dict "component" "directory" "context" .)) .Values.directory.service.ports.grpc | quote }}
{{- /* The report's Service (gRPC port); the admin's weekly test run and dashboard call it. */}}
- name: REPORT_GRPC_URL
  value: {{ printf "%s:%v" (include "handcheck.componentName" (dict "component" "report" "context" .)) .Values.report.service.ports.grpc | quote }}
{{- /* The referral's Service (gRPC port); the admin's failed referrals and their retry call it. */}}
- name: REFERRAL_GRPC_URL
  value: {{ printf "%s:%v" (include "handcheck.componentName" (dict "component" "referral" "context" .)) .Values.referral.service.ports.grpc | quote }}
{{- with .Values.auth.existingSecret }}
- name: JWT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $.Values.auth.jwtSecretKey }}
{{- end }}
{{- end -}}

{{- /* Every service that serves or calls gRPC: the credential each call carries and each server checks. */}}
{{- define "handcheck.env.internalGrpc" }}
- name: INTERNAL_GRPC_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ .Values.internalGrpc.existingSecret }}
      key: {{ .Values.internalGrpc.tokenKey }}
{{- end -}}

{{- define "handcheck.env.ingestion" -}}
{{- $config := .Values.ingestion.config }}
- name: CONSUMER_GROUP
  value: {{ $config.consumerGroup | quote }}
- name: BATCH_MIN_BYTES
  value: {{ $config.batchMinBytes | int64 | quote }}
- name: BATCH_MAX_WAIT_MS
  value: {{ $config.batchMaxWaitMs | int64 | quote }}
{{- end -}}

{{- define "handcheck.env.referral" -}}
{{- $config := .Values.referral.config }}
{{- with $config.inbox }}
- name: REFERRAL_INBOX
  value: {{ . | quote }}
{{- end }}
- name: REFERRAL_MAX_ATTEMPTS
  value: {{ $config.maxAttempts | int64 | quote }}
- name: REFERRAL_RETENTION_DAYS
  value: {{ $config.retentionDays | int64 | quote }}
- name: REFERRAL_CONFIRMATIONS_PER_DAY
  value: {{ $config.confirmationsPerDay | int64 | quote }}
{{- end -}}

{{- define "handcheck.env.report" -}}
{{- $config := .Values.report.config }}
- name: REPORT_RECIPIENTS
  value: {{ join "," $config.recipients | quote }}
- name: REPORT_CRON
  value: {{ $config.cron | quote }}
- name: REPORT_TIMEZONE
  value: {{ $config.timeZone | quote }}
- name: REPORT_QUERY_MAX_MEMORY_MB
  value: {{ $config.queryMaxMemoryMb | quote }}
{{- end -}}

{{/* Everything one service container gets: common, its engines, its own settings, extras. */}}
{{- define "handcheck.env" -}}
{{- $ctx := .context -}}
{{- $values := index $ctx.Values .component -}}
{{- include "handcheck.env.common" . }}
{{- range (include "handcheck.enginesOf" .component | fromYamlArray) }}
{{- if eq . "clickhouse" }}
{{- include "handcheck.env.clickhouse" (dict "component" $.component "context" $ctx) }}
{{- else }}
{{- include (printf "handcheck.env.%s" .) $ctx }}
{{- end }}
{{- end }}
{{- if has .component (list "gateway" "ingestion" "referral" "report") }}
{{- include (printf "handcheck.env.%s" .component) $ctx }}
{{- end }}
{{- if has .component (list "gateway" "directory" "referral" "report") }}
{{- include "handcheck.env.internalGrpc" $ctx }}
{{- end }}
{{- with $values.extraEnvVars }}
{{ toYaml . }}
{{- end }}
{{- end -}}

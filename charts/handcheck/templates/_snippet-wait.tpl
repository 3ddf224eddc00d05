{{/*
Init container that holds a pod back until the engines its readiness needs
(handcheck.readyEnginesOf) accept TCP connections, so a fresh install does not
crash-loop while Kafka or ClickHouse is still starting. It gives up after
timeoutSeconds and Kubernetes retries the pod. Targets are validated host:port
strings (see handcheck.validate). Renders nothing for a component whose
readiness needs no engine (the gateway).
*/}}
{{- define "handcheck.waitForDependencies" -}}
{{- $ctx := .context -}}
{{- $wait := $ctx.Values.waitForDependencies -}}
{{- $engines := include "handcheck.readyEnginesOf" .component | fromYamlArray -}}
{{- if and $wait.enabled $engines -}}
- name: wait-for-dependencies
  image: {{ include "handcheck.waitImage" $ctx }}
  imagePullPolicy: {{ $wait.image.pullPolicy }}
  {{- with include "handcheck.securityContext" $ctx.Values.containerSecurityContext }}
  {{- . | nindent 2 }}
  {{- end }}
  resources:
    {{- toYaml $wait.resources | nindent 4 }}
  {{- if has "mongodb" $engines }}
  env:
    {{- include "handcheck.env.mongodb" $ctx | trim | nindent 4 }}
  {{- end }}
  command: ["/bin/sh", "-c"]
  args:
    - |
      set -eu
      deadline=$(( $(date +%s) + {{ int $wait.timeoutSeconds }} ))
      # True when any of the host:port arguments accepts a connection.
      reachable() {
        for target in "$@"; do
          if nc -z -w 2 "${target%:*}" "${target##*:}" 2>/dev/null; then return 0; fi
        done
        return 1
      }
      wait_for() {
        name="$1"; shift
        until reachable "$@"; do
          if [ "$(date +%s)" -ge "$deadline" ]; then
            echo "gave up waiting for $name at $*" >&2
            exit 1
          fi
          echo "waiting for $name at $*"
          sleep 2
        done
        echo "$name is reachable"
      }
      {{- range $engines }}
      {{- if eq . "kafka" }}
      wait_for kafka{{ range (include "handcheck.kafkaEndpoints" $ctx | fromYamlArray) }} '{{ .host }}:{{ .port }}'{{ end }}
      {{- else if eq . "clickhouse" }}
      {{- $ch := include "handcheck.clickhouseEndpoint" $ctx | fromYaml }}
      wait_for clickhouse '{{ $ch.host }}:{{ $ch.port }}'
      {{- else if eq . "smtp" }}
      wait_for smtp '{{ $ctx.Values.smtp.host }}:{{ int $ctx.Values.smtp.port }}'
      {{- else if eq . "mongodb" }}
      # The MongoDB address is inside the secret URL: strip scheme, credentials, path and options.
      case "$MONGO_URL" in
        mongodb+srv://*) echo "mongodb: SRV connection string, its hosts are only known to DNS; not waiting" ;;
        *)
          hosts="${MONGO_URL#*://}"; hosts="${hosts##*@}"; hosts="${hosts%%/*}"; hosts="${hosts%%\?*}"
          targets=""
          for host in $(echo "$hosts" | tr ',' ' '); do
            case "$host" in *:*) ;; *) host="$host:27017" ;; esac
            targets="$targets $host"
          done
          # shellcheck disable=SC2086 # one argument per host
          wait_for mongodb $targets
          ;;
      esac
      {{- end }}
      {{- end }}
{{- end -}}
{{- end -}}

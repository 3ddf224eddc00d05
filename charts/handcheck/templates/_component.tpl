{{/*
The resources every service has. The files under templates/<component>/ call
these with (dict "component" "<name>" "context" $), so the five services share
one definition and differ only in their values and engine lists.
*/}}

{{- define "handcheck.deployment" -}}
{{- $ctx := .context -}}
{{- $values := index $ctx.Values .component -}}
{{- include "handcheck.validate" $ctx -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "handcheck.componentName" . }}
  namespace: {{ $ctx.Release.Namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
  {{- with include "handcheck.annotations" (dict "context" $ctx) }}
  {{- . | nindent 2 }}
  {{- end }}
spec:
  {{- if not $values.autoscaling.enabled }}
  replicas: {{ $values.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: {{ $values.updateStrategy.type }}
  selector:
    matchLabels:
      {{- include "handcheck.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "handcheck.labels" . | nindent 8 }}
        {{- with $values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        {{- include "handcheck.podAnnotations" . | nindent 8 }}
    spec:
      serviceAccountName: {{ include "handcheck.serviceAccountName" . }}
      automountServiceAccountToken: {{ $values.serviceAccount.automountServiceAccountToken }}
      # Service links would add *_PORT variables the strict config loaders do not expect.
      enableServiceLinks: false
      {{- with include "handcheck.imagePullSecrets" $ctx }}
      {{- . | nindent 6 }}
      {{- end }}
      {{- with $values.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      {{- with $values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      affinity:
        {{- if $values.affinity }}
        {{- toYaml $values.affinity | nindent 8 }}
        {{- else }}
        # By default replicas prefer different nodes, so one node's loss leaves the others serving.
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
            - weight: 100
              podAffinityTerm:
                topologyKey: kubernetes.io/hostname
                labelSelector:
                  matchLabels:
                    {{- include "handcheck.selectorLabels" . | nindent 20 }}
        {{- end }}
      {{- with $values.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with include "handcheck.securityContext" $ctx.Values.podSecurityContext }}
      {{- . | nindent 6 }}
      {{- end }}
      terminationGracePeriodSeconds: {{ $values.terminationGracePeriodSeconds }}
      {{- with include "handcheck.waitForDependencies" . }}
      initContainers:
        {{- . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .component }}
          image: {{ include "handcheck.image" . }}
          imagePullPolicy: {{ $ctx.Values.image.pullPolicy }}
          {{- with include "handcheck.securityContext" $ctx.Values.containerSecurityContext }}
          {{- . | nindent 10 }}
          {{- end }}
          env:
            {{- include "handcheck.env" . | trim | nindent 12 }}
          ports:
            {{- range $name, $port := $values.containerPorts }}
            - name: {{ $name }}
              containerPort: {{ $port }}
              protocol: TCP
            {{- end }}
          {{- range $probe := list "startupProbe" "livenessProbe" "readinessProbe" }}
          {{- $settings := index $values $probe }}
          {{- if $settings.enabled }}
          {{ $probe }}:
            httpGet:
              path: {{ $settings.path }}
              port: http
            {{- toYaml (omit $settings "enabled" "path") | nindent 12 }}
          {{- end }}
          {{- end }}
          {{- with $ctx.Values.shutdownDelaySeconds }}
          {{- if ge (int .) (int $values.terminationGracePeriodSeconds) }}
          {{- fail (printf "shutdownDelaySeconds (%v) must be under %s.terminationGracePeriodSeconds (%v)" . $.component $values.terminationGracePeriodSeconds) }}
          {{- end }}
          # Serves on while the endpoints drop the terminating pod; SIGTERM comes after.
          lifecycle:
            preStop:
              exec:
                command: ["sleep", {{ . | quote }}]
          {{- end }}
          resources:
            {{- toYaml $values.resources | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        # The root filesystem is read-only; Node and its libraries may still want a scratch directory.
        - name: tmp
          emptyDir:
            sizeLimit: 256Mi
{{- end -}}

{{- define "handcheck.service" -}}
{{- $ctx := .context -}}
{{- $values := index $ctx.Values .component -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "handcheck.componentName" . }}
  namespace: {{ $ctx.Release.Namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
  {{- with include "handcheck.annotations" (dict "context" $ctx "extra" $values.service.annotations) }}
  {{- . | nindent 2 }}
  {{- end }}
spec:
  type: {{ $values.service.type }}
  ports:
    {{- range $name, $port := omit $values.service.ports "metrics" }}
    - name: {{ $name }}
      port: {{ $port }}
      targetPort: {{ $name }}
      protocol: TCP
      {{- if eq $name "grpc" }}
      appProtocol: grpc
      {{- end }}
    {{- end }}
  selector:
    {{- include "handcheck.selectorLabels" . | nindent 4 }}
{{- end -}}

{{/*
The annotations Prometheus' pod discovery reads, on every pod; podAnnotations
are added and win on a clash.
*/}}
{{- define "handcheck.podAnnotations" -}}
{{- $values := index .context.Values .component -}}
{{- $scrape := dict
      "prometheus.io/scrape" "true"
      "prometheus.io/port" (include "handcheck.metricsPort" .)
      "prometheus.io/path" .context.Values.metrics.path -}}
{{- toYaml (merge (deepCopy (default dict $values.podAnnotations)) $scrape) -}}
{{- end -}}

{{/*
A separate ClusterIP Service for a component whose /metrics has its own port
(the gateway). Its main Service may be a LoadBalancer, so the metrics port is
never put there.
*/}}
{{- define "handcheck.metricsService" -}}
{{- $ctx := .context -}}
{{- $values := index $ctx.Values .component -}}
{{- if $values.containerPorts.metrics -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "handcheck.componentName" . }}-metrics
  namespace: {{ $ctx.Release.Namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
  {{- with include "handcheck.annotations" (dict "context" $ctx) }}
  {{- . | nindent 2 }}
  {{- end }}
spec:
  type: ClusterIP
  ports:
    - name: metrics
      port: {{ $values.service.ports.metrics | default $values.containerPorts.metrics }}
      targetPort: metrics
      protocol: TCP
  selector:
    {{- include "handcheck.selectorLabels" . | nindent 4 }}
{{- end -}}
{{- end -}}

{{/*
Prometheus Operator ServiceMonitor, off by default. It selects the component's
Services and scrapes the port named like the container's metrics port, so for
the gateway only its -metrics Service yields targets.
*/}}
{{- define "handcheck.serviceMonitor" -}}
{{- $ctx := .context -}}
{{- $monitor := $ctx.Values.metrics.serviceMonitor -}}
{{- if $monitor.enabled -}}
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ include "handcheck.componentName" . }}
  namespace: {{ default $ctx.Release.Namespace $monitor.namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
    {{- with $monitor.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- with include "handcheck.annotations" (dict "context" $ctx) }}
  {{- . | nindent 2 }}
  {{- end }}
spec:
  namespaceSelector:
    matchNames:
      - {{ $ctx.Release.Namespace | quote }}
  selector:
    matchLabels:
      {{- include "handcheck.selectorLabels" . | nindent 6 }}
  endpoints:
    - port: {{ include "handcheck.metricsPortName" . }}
      path: {{ $ctx.Values.metrics.path }}
      interval: {{ $monitor.interval }}
      scrapeTimeout: {{ $monitor.scrapeTimeout }}
{{- end -}}
{{- end -}}

{{- define "handcheck.serviceAccount" -}}
{{- $ctx := .context -}}
{{- $values := index $ctx.Values .component -}}
{{- if $values.serviceAccount.create -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "handcheck.serviceAccountName" . }}
  namespace: {{ $ctx.Release.Namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
  {{- with include "handcheck.annotations" (dict "context" $ctx "extra" $values.serviceAccount.annotations) }}
  {{- . | nindent 2 }}
  {{- end }}
automountServiceAccountToken: {{ $values.serviceAccount.automountServiceAccountToken }}
{{- end -}}
{{- end -}}

{{- define "handcheck.hpa" -}}
{{- $ctx := .context -}}
{{- $values := index $ctx.Values .component -}}
{{- if $values.autoscaling.enabled -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "handcheck.componentName" . }}
  namespace: {{ $ctx.Release.Namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
  {{- with include "handcheck.annotations" (dict "context" $ctx) }}
  {{- . | nindent 2 }}
  {{- end }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "handcheck.componentName" . }}
  minReplicas: {{ $values.autoscaling.minReplicas }}
  maxReplicas: {{ $values.autoscaling.maxReplicas }}
  metrics:
    {{- with $values.autoscaling.targetCPU }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
    {{- with $values.autoscaling.targetMemory }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
{{- end -}}
{{- end -}}

{{- define "handcheck.pdb" -}}
{{- $ctx := .context -}}
{{- $values := index $ctx.Values .component -}}
{{- if $values.pdb.create -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "handcheck.componentName" . }}
  namespace: {{ $ctx.Release.Namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
  {{- with include "handcheck.annotations" (dict "context" $ctx) }}
  {{- . | nindent 2 }}
  {{- end }}
spec:
  {{- if $values.pdb.minAvailable }}
  minAvailable: {{ $values.pdb.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $values.pdb.maxUnavailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "handcheck.selectorLabels" . | nindent 6 }}
{{- end -}}
{{- end -}}

{{/*
Ingress: the gateway is open on its HTTP port to everyone (the ingress
controller, or a LoadBalancer); every other service's HTTP port (health) only
to pods of this release; gRPC only to the components that call it; the metrics
port only to metrics.allowFrom. Egress: DNS, the ports of the engines the
service uses, and the gRPC ports of the sibling services it calls.
An empty `from` would admit every source, so a rule without peers is left out.
*/}}
{{- define "handcheck.networkPolicy" -}}
{{- $ctx := .context -}}
{{- $np := $ctx.Values.networkPolicy -}}
{{- $values := index $ctx.Values .component -}}
{{- $callers := include "handcheck.callersOf" .component | fromYamlArray -}}
{{- if $np.enabled -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "handcheck.componentName" . }}
  namespace: {{ $ctx.Release.Namespace | quote }}
  labels:
    {{- include "handcheck.labels" . | nindent 4 }}
  {{- with include "handcheck.annotations" (dict "context" $ctx) }}
  {{- . | nindent 2 }}
  {{- end }}
spec:
  podSelector:
    matchLabels:
      {{- include "handcheck.selectorLabels" . | nindent 6 }}
  policyTypes:
    - Ingress
    - Egress
  ingress:
    - ports:
        - port: {{ $values.containerPorts.http }}
          protocol: TCP
      {{- if ne .component "gateway" }}
      from:
        - podSelector:
            matchLabels:
              {{- include "handcheck.releaseLabels" $ctx | nindent 14 }}
      {{- end }}
    {{- if and $values.containerPorts.grpc $callers }}
    - ports:
        - port: {{ $values.containerPorts.grpc }}
          protocol: TCP
      from:
        {{- range $callers }}
        - podSelector:
            matchLabels:
              {{- include "handcheck.selectorLabels" (dict "component" . "context" $ctx) | nindent 14 }}
        {{- end }}
    {{- end }}
    {{- with $ctx.Values.metrics.allowFrom }}
    - ports:
        - port: {{ include "handcheck.metricsPort" $ | int }}
          protocol: TCP
      from:
        {{- toYaml . | nindent 8 }}
    {{- end }}
    {{- with $np.extraIngress }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  egress:
    {{- if $np.allowExternalEgress }}
    - {}
    {{- else }}
    - ports:
        - port: 53
          protocol: UDP
        - port: 53
          protocol: TCP
    - ports:
        {{- range (include "handcheck.enginePorts" . | fromYamlArray) }}
        - port: {{ . }}
          protocol: TCP
        {{- end }}
      {{- with $np.engineSelectors }}
      to:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    {{- range $callee := (include "handcheck.callsOf" .component | fromYamlArray) }}
    - to:
        - podSelector:
            matchLabels:
              {{- include "handcheck.selectorLabels" (dict "component" $callee "context" $ctx) | nindent 14 }}
      ports:
        - port: {{ (index $ctx.Values $callee).containerPorts.grpc }}
          protocol: TCP
    {{- end }}
    {{- end }}
    {{- with $np.extraEgress }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
{{- end -}}
{{- end -}}

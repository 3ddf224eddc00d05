{{/*
Names, labels and images. Component templates are called with a context dict:
  (dict "component" "gateway" "context" $)
*/}}

{{- define "handcheck.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-and-chart prefix of every resource name, at most 63 characters. */}}
{{- define "handcheck.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "handcheck.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of one component's resources: <fullname>-<component>. */}}
{{- define "handcheck.componentName" -}}
{{- printf "%s-%s" (include "handcheck.fullname" .context | trunc 52 | trimSuffix "-") .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels shared by every resource of the release; pass the root context. */}}
{{- define "handcheck.releaseLabels" -}}
app.kubernetes.io/name: {{ include "handcheck.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Full labels of a component's resources. */}}
{{- define "handcheck.labels" -}}
helm.sh/chart: {{ include "handcheck.chart" .context }}
{{ include "handcheck.selectorLabels" . }}
app.kubernetes.io/version: {{ .context.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .context.Release.Service }}
app.kubernetes.io/part-of: handcheck
{{- with .context.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Immutable labels that select a component's pods. */}}
{{- define "handcheck.selectorLabels" -}}
{{ include "handcheck.releaseLabels" .context }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* metadata.annotations from commonAnnotations plus an optional extra map (.extra). */}}
{{- define "handcheck.annotations" -}}
{{- $annotations := merge (deepCopy (default dict .extra)) (default dict .context.Values.commonAnnotations) -}}
{{- with $annotations -}}
annotations:
  {{- toYaml . | nindent 2 }}
{{- end -}}
{{- end -}}

{{/* registry/repository:tag or @digest; global.imageRegistry wins over the image's registry. */}}
{{- define "handcheck.imageRef" -}}
{{- $registry := default .image.registry .global.imageRegistry -}}
{{- $ref := printf "%s/%s" $registry .image.repository -}}
{{- if not $registry }}{{ $ref = .image.repository }}{{ end -}}
{{- if .image.digest -}}
{{- printf "%s@%s" $ref .image.digest -}}
{{- else -}}
{{- printf "%s:%s" $ref (toString .image.tag) -}}
{{- end -}}
{{- end -}}

{{/* The image of a service: shared registry/tag/digest, per-service repository and tag. */}}
{{- define "handcheck.image" -}}
{{- $values := index .context.Values .component -}}
{{- $shared := .context.Values.image -}}
{{- $image := dict
      "registry" $shared.registry
      "repository" $values.image.repository
      "tag" (default (default .context.Chart.AppVersion $shared.tag) $values.image.tag)
      "digest" $shared.digest -}}
{{- include "handcheck.imageRef" (dict "image" $image "global" .context.Values.global) -}}
{{- end -}}

{{- define "handcheck.waitImage" -}}
{{- include "handcheck.imageRef" (dict "image" .Values.waitForDependencies.image "global" .Values.global) -}}
{{- end -}}

{{- define "handcheck.imagePullSecrets" -}}
{{- $secrets := concat (default list .Values.global.imagePullSecrets) (default list .Values.image.pullSecrets) | uniq -}}
{{- if $secrets -}}
imagePullSecrets:
  {{- range $secrets }}
  - name: {{ . }}
  {{- end }}
{{- end -}}
{{- end -}}

{{- define "handcheck.serviceAccountName" -}}
{{- $values := index .context.Values .component -}}
{{- if $values.serviceAccount.create -}}
{{- default (include "handcheck.componentName" .) $values.serviceAccount.name -}}
{{- else -}}
{{- default "default" $values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* A securityContext from a values block, without its `enabled` switch. */}}
{{- define "handcheck.securityContext" -}}
{{- if .enabled -}}
securityContext:
  {{- toYaml (omit . "enabled") | nindent 2 }}
{{- end -}}
{{- end -}}


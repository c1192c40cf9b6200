{{- define "mouthpiece.fullname" -}}
{{ .Release.Name }}-mouthpiece
{{- end }}

{{- define "mouthpiece.workerName" -}}
{{ .Release.Name }}-mouthpiece-worker
{{- end }}

{{- define "mouthpiece.secretName" -}}
{{- if .Values.existingSecret }}{{ .Values.existingSecret }}{{- else }}{{ .Release.Name }}-mouthpiece{{- end }}
{{- end }}

{{- define "mouthpiece.labels" -}}
app.kubernetes.io/name: mouthpiece
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: mouthpiece-{{ .Chart.Version }}
{{- end }}

{{- define "mouthpiece.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag }}
{{- end }}

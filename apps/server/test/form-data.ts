/** multipart/form-data for app.inject: text fields and any number of files (repeated field names allowed). */
export function formData(fields: Record<string, string>, files: Array<{ field: string; name: string; type: string; data: Buffer }> = []) {
  const boundary = `----fd${Date.now().toString(16)}${Math.random().toString(16).slice(2, 8)}`
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** multipart/form-data for app.inject: text fields and any number of files (repeated field names allowed). */
export function formData(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; type: string; data: Buffer }> = [],
) {
  const boundary = `----fd${Date.now().toString(16)}${Math.random().toString(16).slice(2, 8)}`
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** One part of `orderedFormData`: a text field or a file. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }

/** multipart/form-data with the parts in the order given, names and values written byte for byte (NULs included). */
export function orderedFormData(parts: FormPart[]) {
  const boundary = `----ofd${Math.random().toString(16).slice(2, 10)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    if ('value' in p)
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      )
    else
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

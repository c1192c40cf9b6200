import { useState } from 'react'
import type { RouteDef } from '@mouthpiece/contracts/define-route'
import { ApiStatus } from '@mouthpiece/contracts/statuses'
import { downloadFile } from '../../lib/download'
import { Button } from './button'
import { useToast } from './toast'

/** Downloads every row matching the list's filter as CSV (the server streams it; no row cap). */
export function ExportCsvButton({
  route,
  query,
  fileName,
  params,
}: {
  route: RouteDef
  query: Record<string, string>
  fileName: string
  params?: Record<string, string | number>
}) {
  const [busy, setBusy] = useState(false)
  const toast = useToast()
  const run = async () => {
    setBusy(true)
    const res = await downloadFile(route, fileName, query, params)
    setBusy(false)
    if (res.status === ApiStatus.success) toast.success(`Exported ${res.fileName}`)
    else toast.error(res.message)
  }
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void run()}>
      Export CSV
    </Button>
  )
}

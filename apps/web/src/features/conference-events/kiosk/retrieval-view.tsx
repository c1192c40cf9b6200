import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { useSendMail } from '../api'
import { ClipView } from './clip-view'

/** The QR link on the attendee's phone: their clip, a download and the mail again. */
export function RetrievalView({ code }: { code: string }) {
  const send = useSendMail()
  const toast = useToast()
  const [sent, setSent] = useState(false)
  const resend = async () => {
    try {
      await send.mutateAsync(code)
      setSent(true)
      toast.success('We emailed you the link again')
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }
  return (
    <main className="flex min-h-screen flex-col items-center gap-6 bg-[#0b0d12] px-4 py-8 text-text">
      <h1 className="text-2xl font-bold">Your video greeting</h1>
      <ClipView code={code} showQr={false} />
      <Button variant="secondary" onClick={() => void resend()} loading={send.isPending} disabled={sent}>
        {sent ? 'Sent' : 'Email me the link again'}
      </Button>
    </main>
  )
}

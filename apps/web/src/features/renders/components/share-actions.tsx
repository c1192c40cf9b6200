import { useState } from 'react'
import { Button, buttonClass } from '../../../components/ui/button'
import { CheckIcon } from '../../../components/ui/icons'
import { fileUrl } from '../api'

/** The page anyone can open for a finished video. */
export const shareUrl = (id: string) => `${window.location.origin}/video-sharing/${id}`

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard permission (e.g. http): select the text in a hidden field and copy that.
    const field = document.createElement('textarea')
    field.value = text
    field.setAttribute('readonly', '')
    field.style.position = 'fixed'
    field.style.opacity = '0'
    document.body.appendChild(field)
    field.select()
    const ok = document.execCommand('copy')
    field.remove()
    return ok
  }
}

export function CopyLinkButton({ url, label = 'Copy share link' }: { url: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <Button
      variant="secondary"
      onClick={() => {
        void copyText(url).then((ok) => {
          setCopied(ok)
          if (ok) setTimeout(() => setCopied(false), 2500)
        })
      }}
      icon={copied ? <CheckIcon size={16} /> : undefined}
      data-share-url={url}
    >
      {copied ? 'Link copied' : label}
    </Button>
  )
}

/** Download, copy link, open the share page. */
export function ShareActions({
  id,
  downloadPath,
  downloadLabel = 'Download MP4',
  onDownload,
  openLink = true,
}: {
  id: string
  downloadPath: string | null
  downloadLabel?: string
  onDownload?: () => void
  openLink?: boolean
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {downloadPath ? (
        <a
          href={fileUrl(downloadPath, true)}
          download
          className={buttonClass('primary')}
          onClick={onDownload}
        >
          {downloadLabel}
        </a>
      ) : null}
      <CopyLinkButton url={shareUrl(id)} />
      {openLink ? (
        <a href={`/video-sharing/${id}`} target="_blank" rel="noreferrer" className={buttonClass('tertiary')}>
          Open share page
        </a>
      ) : null}
    </div>
  )
}

import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { MOBILE_BREAKPOINT_PX } from '@mouthpiece/contracts/constants'
import { Button } from '../../components/ui/button'
import { MonitorIcon } from '../../components/ui/icons'
import { PATHS } from '../paths'

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`

function isMobileWidth(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(MOBILE_QUERY).matches
  )
}

/**
 * SPEC §2 mobile alert of the video-editor layout: starts visible on mobile widths and locks page
 * scrolling; Return home closes it and goes to the landing page; Continue closes it and unlocks.
 */
export function MobileEditorAlert({ mobile = isMobileWidth() }: { mobile?: boolean }) {
  const [visible, setVisible] = useState(mobile)
  const navigate = useNavigate()

  useEffect(() => {
    if (!visible) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [visible])

  if (!visible) return null
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/75 p-6 backdrop-blur-sm">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="mobile-editor-title"
        aria-describedby="mobile-editor-text"
        className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 text-center shadow-2xl"
      >
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent/15 text-accent">
          <MonitorIcon size={24} />
        </span>
        <h2 id="mobile-editor-title" className="mt-4 text-xl font-semibold text-text">
          Editor
        </h2>
        <p id="mobile-editor-text" className="mt-2 text-sm leading-relaxed text-muted">
          The editor is best used on a desktop. Some tools may be hard to use on a small screen.
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button
            variant="primary"
            onClick={() => {
              setVisible(false)
              void navigate(PATHS.landing)
            }}
          >
            Return home
          </Button>
          <Button variant="tertiary" onClick={() => setVisible(false)}>
            Continue
          </Button>
        </div>
      </div>
    </div>
  )
}

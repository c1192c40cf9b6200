import { useEffect } from 'react'
import { STAFF_IDLE_LOCK_MS } from '@mouthpiece/contracts/conference-events/conference-events.schemas'

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const

/** While `active`, calls `onIdle` once nobody has touched, clicked, scrolled or typed for `ms`. */
export function useIdleLock(active: boolean, onIdle: () => void, ms = STAFF_IDLE_LOCK_MS) {
  useEffect(() => {
    if (!active) return
    let timer = window.setTimeout(onIdle, ms)
    const restart = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(onIdle, ms)
    }
    for (const type of ACTIVITY) window.addEventListener(type, restart, { passive: true })
    return () => {
      window.clearTimeout(timer)
      for (const type of ACTIVITY) window.removeEventListener(type, restart)
    }
  }, [active, onIdle, ms])
}

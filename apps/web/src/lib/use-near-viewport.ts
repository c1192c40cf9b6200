import { useEffect, useRef, useState } from 'react'

/**
 * True once the element comes within `margin` of the viewport, and from then on. For page parts
 * below the fold whose code loads on demand: the first screen never pays for them, and they are
 * there by the time the visitor scrolls to them. Without IntersectionObserver: true at once.
 */
export function useNearViewport<T extends Element>(margin = '600px') {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const el = ref.current
    if (near || !el) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near, margin])
  return [ref, near] as const
}

import type { MouseEvent } from 'react'

/** The id of each layout's <main>, which the skip link targets. */
export const MAIN_ID = 'main'

/**
 * "Skip to content": the first Tab stop of every layout with chrome (WCAG 2.4.1), hidden until
 * focused. It moves focus itself: a bare #main link would go through the router and, in some
 * browsers, scroll without moving the Tab start.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID)
    if (!main) return
    e.preventDefault()
    main.focus()
    main.scrollIntoView({ block: 'start' })
  }
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  )
}

import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { LoadingBlock } from '../../../components/ui/spinner'
import { loadChunk } from '../../../lib/chunk-reload'
import { useNearViewport } from '../../../lib/use-near-viewport'
import { loadQuickCreate } from '../../quick-create'

/** The URL parameter other sections set to pick a category here (e.g. `?category=hype#quick-create`). */
export const QUICK_CREATE_CATEGORY_PARAM = 'category'
export const QUICK_CREATE_ANCHOR = 'quick-create'

// Quick Create brings the avatar drawing, voices and renders code: loaded as the visitor nears it
// (or links straight to it), so the landing page's first screen stays light.
const QuickCreate = lazy(() => loadChunk(() => loadQuickCreate()).then((m) => ({ default: m.QuickCreate })))

/** The landing page's Quick Create (profile menu "Quick Create" lands here): text → talking-avatar video. */
export function QuickCreateSection() {
  const { hash } = useLocation()
  const [ref, near] = useNearViewport<HTMLElement>()
  const placeholder = <LoadingBlock className="min-h-[560px]" />
  return (
    <section
      ref={ref}
      id={QUICK_CREATE_ANCHOR}
      className="scroll-mt-28 px-4 py-16 sm:px-6 min-[800px]:py-24 lg:px-10"
    >
      <div className="mx-auto max-w-[1180px]">
        {near || hash === `#${QUICK_CREATE_ANCHOR}` ? (
          <Suspense fallback={placeholder}>
            <QuickCreate
              categoryParam={QUICK_CREATE_CATEGORY_PARAM}
              focusLine={hash === `#${QUICK_CREATE_ANCHOR}`}
            />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  )
}

import { QuickCreate } from '../../quick-create/components/quick-create'

/** The URL parameter other sections set to pick a category here (e.g. `?category=hype#quick-create`). */
export const QUICK_CREATE_CATEGORY_PARAM = 'category'
export const QUICK_CREATE_ANCHOR = 'quick-create'

/** The landing page's Quick Create (profile menu "Quick Create" lands here): text → talking-avatar video. */
export function QuickCreateSection() {
  return (
    <section id={QUICK_CREATE_ANCHOR} className="scroll-mt-28 px-4 py-16 sm:px-6 min-[800px]:py-24 lg:px-10">
      <div className="mx-auto max-w-[1180px]">
        <QuickCreate categoryParam={QUICK_CREATE_CATEGORY_PARAM} />
      </div>
    </section>
  )
}

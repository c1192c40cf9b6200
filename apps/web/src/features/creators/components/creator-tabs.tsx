import { NavLink, useLocation } from 'react-router'
import { PATHS } from '../../../app/paths'
import { cn } from '../../../lib/cn'

const TABS: Array<{ to: string; label: string; match: (path: string) => boolean }> = [
  { to: PATHS.creatorAdd, label: 'Add creator', match: (p) => p.startsWith(PATHS.creatorAdd) },
  { to: PATHS.creatorList, label: 'Creators', match: (p) => p.startsWith(PATHS.creatorList) },
  { to: PATHS.creatorPermission, label: 'Permission', match: (p) => p.startsWith(PATHS.creatorPermission) },
  { to: PATHS.creatorUpdate, label: 'Update creator', match: (p) => p.startsWith(PATHS.creatorUpdate) },
  {
    to: PATHS.creatorDefaultPrompts,
    label: 'Default prompts',
    match: (p) => p.startsWith(PATHS.creatorDefaultPrompts),
  },
]

/** The creator-management tabs; the selected one follows the route (SPEC §2), sub-pages included. */
export function CreatorTabs() {
  const { pathname } = useLocation()
  return (
    <nav aria-label="Creator management" className="mb-5 flex gap-1 overflow-x-auto border-b border-border">
      {TABS.map((t) => {
        const active = t.match(pathname)
        return (
          <NavLink
            key={t.to}
            to={t.to}
            aria-current={active ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
              active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-text',
            )}
          >
            {t.label}
          </NavLink>
        )
      })}
    </nav>
  )
}

import { NavLink } from 'react-router'
import { PATHS } from '../../app/paths'
import { cn } from '../../lib/cn'

const PAGES = [
  [PATHS.testGifAvatar, 'GIF avatar'],
  [PATHS.testImageEditor, 'Image editor'],
  [PATHS.testTwitchAlert, 'Twitch alert'],
  [PATHS.testWaveForm, 'Wave form'],
] as const

/** The four test tools, one tab each. */
export function TestPagesNav() {
  return (
    <nav
      aria-label="Test pages"
      className="mb-6 flex flex-wrap gap-1 rounded-xl border border-border bg-[#11141c] p-1"
    >
      {PAGES.map(([to, label]) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium',
              isActive ? 'bg-accent text-on-accent' : 'text-muted hover:text-text',
            )
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  )
}

export const selectClass =
  'h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none'

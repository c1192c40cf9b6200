import { NavLink, Outlet } from 'react-router'
import { cn } from '../../lib/cn'
import { useCurrentUser } from '../../features/auth'
import { Footer } from '../shell/footer'
import { Header } from '../shell/header'
import { PATHS, to } from '../paths'
import { MAIN_ID, SkipLink } from '../shell/skip-link'

const item = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-accent/12 text-accent' : 'text-[#b4bac8] hover:bg-surface-2 hover:text-text',
  )

/** The creator-side stream-alert screens: a sidebar (a tab row on narrow screens) beside the page. */
export function DonationSettingsLayout() {
  const { data: user } = useCurrentUser()
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <div className="mx-auto flex w-full max-w-[1440px] flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-10 lg:px-10 lg:py-10">
        <aside className="lg:w-60 lg:shrink-0">
          <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wider text-muted uppercase lg:block">
            Live Stream Alerts
          </p>
          <nav aria-label="Live stream alerts" className="flex gap-1 overflow-x-auto lg:flex-col">
            <NavLink to={PATHS.donationSettings} end className={item}>
              Alert Card Settings
            </NavLink>
            <NavLink to={PATHS.usageTracking} className={item}>
              Usage Tracking
            </NavLink>
            {user ? (
              <NavLink to={to.userTip(user.username)} end className={item}>
                Activity Feed
              </NavLink>
            ) : null}
          </nav>
        </aside>
        <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  )
}

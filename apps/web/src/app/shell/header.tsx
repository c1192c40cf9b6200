import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { HEADER_MIN_HEIGHT_PX } from '@mouthpiece/contracts/constants'
import { CloseIcon, LogoMark, MenuIcon, UserIcon } from '../../components/ui/icons'
import { cn } from '../../lib/cn'
import { useCurrentUser } from '../../features/auth'
import { loadChunk } from '../../lib/chunk-reload'
import { HOME_ROUTE, LEARN_LINK, LOGIN_ROUTE, PATHS, SIGNED_IN_HOME_ROUTE } from '../paths'
import { ProfileMenu } from './profile-menu'
import { loadNotificationBell } from '../../features/notifications'

// Signed-in only, and it brings the realtime client: signed-out visitors never download it.
const NotificationBell = lazy(() =>
  loadChunk(() => loadNotificationBell()).then((m) => ({
    default: m.NotificationBell,
  })),
)

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-text' : 'text-[#b4bac8] hover:text-text',
  )

export function Logo() {
  return (
    <Link
      to={PATHS.landing}
      className="flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-accent"
      aria-label="Mouthpiece home"
    >
      <LogoMark size={34} />
      <span className="text-lg font-bold tracking-tight text-text max-[359px]:hidden">Mouthpiece</span>
    </Link>
  )
}

/** SPEC §2 global header: logo, Home (signed-in), Pricing, bell (signed-in), profile; hamburger below 800 px. */
export function Header() {
  const { data: user } = useCurrentUser()
  const signedIn = Boolean(user)
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()

  useEffect(() => setMenuOpen(false), [location.pathname])

  return (
    <header
      style={{ minHeight: HEADER_MIN_HEIGHT_PX }}
      className="sticky top-0 z-30 border-b border-border/70 bg-bg/85 backdrop-blur-md"
    >
      <div
        style={{ minHeight: HEADER_MIN_HEIGHT_PX }}
        className="mx-auto flex w-full max-w-[1440px] items-center gap-2 px-4 sm:px-6 lg:px-10"
      >
        <button
          type="button"
          className="-ml-1 inline-flex h-10 w-10 items-center justify-center rounded-lg text-[#c9cedb] hover:bg-surface-2 min-[800px]:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </button>
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 min-[800px]:flex">
          {signedIn ? (
            <NavLink to={SIGNED_IN_HOME_ROUTE} className={navLink}>
              Home
            </NavLink>
          ) : null}
          <NavLink to={PATHS.pricing} className={navLink}>
            Pricing
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <NavLink to={PATHS.pricing} className={cn(navLink({ isActive: false }), 'min-[800px]:hidden')}>
            Pricing
          </NavLink>
          {user ? (
            <>
              <Suspense fallback={<span aria-hidden="true" className="h-10 w-10" />}>
                <NotificationBell />
              </Suspense>
              <ProfileMenu user={user} />
            </>
          ) : (
            <Link
              to={LOGIN_ROUTE}
              aria-label="Sign in"
              title="Sign in"
              className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-border bg-surface-2 text-[#c9cedb] hover:border-accent/60 hover:text-text"
            >
              <UserIcon size={20} />
            </Link>
          )}
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-border bg-surface px-4 py-2 min-[800px]:hidden"
        >
          <Link
            to={signedIn ? SIGNED_IN_HOME_ROUTE : HOME_ROUTE}
            className="block rounded-lg px-3 py-3 text-base text-text hover:bg-surface-2"
          >
            Home
          </Link>
          <Link to={LEARN_LINK} className="block rounded-lg px-3 py-3 text-base text-text hover:bg-surface-2">
            Learn
          </Link>
        </nav>
      ) : null}
    </header>
  )
}

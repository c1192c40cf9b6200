import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Dropdown, menuItemClass } from '../../components/ui/dropdown'
import {
  CloseIcon,
  GridIcon,
  LogoMark,
  LogoutIcon,
  MailIcon,
  MenuIcon,
  UsersIcon,
} from '../../components/ui/icons'
import { LoadingBlock } from '../../components/ui/spinner'
import { cn } from '../../lib/cn'
import { adminSessionQuery, useAdminLogout } from '../../features/auth'
import { useAdminNav } from '../route-lookup'
import { PATHS } from '../paths'
import { Avatar } from '../shell/profile-menu'
import { MAIN_ID, SkipLink } from '../shell/skip-link'

const icons: Record<string, ReactNode> = {
  Dashboard: <GridIcon size={18} />,
  Users: <UsersIcon size={18} />,
  Outbox: <MailIcon size={18} />,
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const nav = useAdminNav()
  return (
    <nav aria-label="Admin" className="flex flex-col gap-6 px-3 py-5">
      {nav.map((group) => (
        <div key={group.group}>
          <p className="mb-1.5 px-3 text-[11px] font-semibold tracking-wider text-faint uppercase">
            {group.group}
          </p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === PATHS.admin}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-accent/12 text-accent'
                        : 'text-[#b4bac8] hover:bg-surface-2 hover:text-text',
                    )
                  }
                >
                  <span className="opacity-80">
                    {icons[item.label] ?? (
                      <span className="inline-block h-1.5 w-1.5 rounded-full bg-current" />
                    )}
                  </span>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

/** SPEC §2 admin layout: sidebar titled Admin, avatar dropdown with username and Log out, footer. Renders only with an admin session (SPEC §6). */
export function AdminLayout() {
  const { data: admin, isPending } = useQuery(adminSessionQuery)
  const logout = useAdminLogout()
  const navigate = useNavigate()
  const location = useLocation()
  const [drawer, setDrawer] = useState(false)
  useEffect(() => setDrawer(false), [location.pathname])

  if (isPending) return <LoadingBlock className="min-h-screen" label="Checking admin session…" />
  if (!admin)
    return (
      <Navigate to={`${PATHS.adminLogin}?redirect=${encodeURIComponent(window.location.href)}`} replace />
    )

  const signOut = async () => {
    await logout.mutateAsync()
    await navigate(PATHS.adminLogin)
  }

  const brand = (
    <Link to={PATHS.admin} className="flex items-center gap-2.5 px-6">
      <LogoMark size={30} />
      <span className="text-lg font-bold tracking-tight text-text">Admin</span>
    </Link>
  )

  return (
    <div className="flex min-h-screen bg-bg">
      <SkipLink />
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col overflow-y-auto border-r border-border bg-sunken lg:flex">
        <div className="flex h-16 items-center border-b border-border">{brand}</div>
        <Sidebar />
      </aside>
      {drawer ? (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-black/60" aria-hidden="true" onClick={() => setDrawer(false)} />
          <aside className="relative h-full w-72 overflow-y-auto border-r border-border bg-sunken">
            <div className="flex h-16 items-center justify-between border-b border-border pr-3">
              {brand}
              <button
                type="button"
                aria-label="Close menu"
                onClick={() => setDrawer(false)}
                className="rounded-lg p-2 text-muted hover:text-text"
              >
                <CloseIcon size={20} />
              </button>
            </div>
            <Sidebar onNavigate={() => setDrawer(false)} />
          </aside>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-bg/85 px-4 backdrop-blur-md sm:px-6 lg:px-8">
          <button
            type="button"
            aria-label="Open menu"
            onClick={() => setDrawer(true)}
            className="-ml-1 rounded-lg p-2 text-[#c9cedb] hover:bg-surface-2 lg:hidden"
          >
            <MenuIcon size={22} />
          </button>
          <span className="text-sm font-medium text-muted lg:hidden">Admin</span>
          <div className="ml-auto">
            <Dropdown
              // The name starts with the visible text (WCAG 2.5.3 label in name): speech users say what they see.
              triggerLabel={`${admin.username}, admin menu`}
              triggerClassName="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-surface-2"
              trigger={
                <>
                  <Avatar name={admin.username} size={32} />
                  <span className="text-sm font-medium text-text" data-testid="admin-username">
                    {admin.username}
                  </span>
                </>
              }
            >
              {(close) => (
                <>
                  <p className="border-b border-border px-4 py-3 text-xs text-muted">
                    Signed in as <span className="font-semibold text-text">{admin.username}</span>
                  </p>
                  <button
                    type="button"
                    role="menuitem"
                    className={menuItemClass}
                    onClick={() => {
                      close()
                      void signOut()
                    }}
                  >
                    <LogoutIcon size={18} />
                    Log out
                  </button>
                </>
              )}
            </Dropdown>
          </div>
        </header>
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="focus:outline-none w-full max-w-[1400px] flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-4 text-xs text-muted sm:px-6 lg:px-8">
          <span>© {new Date().getFullYear()} Mouthpiece</span>
          <nav aria-label="Admin footer" className="flex gap-5">
            <Link to={PATHS.terms} className="hover:text-text">
              Terms
            </Link>
            <Link to={PATHS.privacy} className="hover:text-text">
              Privacy
            </Link>
            <Link to={PATHS.landing} className="hover:text-text">
              About
            </Link>
          </nav>
        </footer>
      </div>
    </div>
  )
}

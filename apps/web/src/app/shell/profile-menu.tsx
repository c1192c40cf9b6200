import { Link, useNavigate } from 'react-router'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { Dropdown, menuItemClass } from '../../components/ui/dropdown'
import {
  CardIcon,
  FolderIcon,
  LogoutIcon,
  RadioIcon,
  SettingsIcon,
  SparkIcon,
} from '../../components/ui/icons'
import { useToast } from '../../components/ui/toast'
import { useLogout } from '../../features/auth'
import { isSuccess } from '../../lib/api'
import { ACCOUNT_SETTINGS_LINK, HOME_ROUTE, MANAGE_BILLING_LINK, PATHS, QUICK_CREATE_LINK } from '../paths'

export function Avatar({ name, size = 36 }: { name: string; size?: number }) {
  return (
    // The initial is drawn by CSS, not text: beside a visible name (the admin menu) a text initial
    // would make the button's visible text "Aadmin", which its accessible name cannot contain.
    <span
      aria-hidden="true"
      data-initial={name.slice(0, 1)}
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent to-[#ff9a7a] text-sm font-semibold text-on-accent uppercase before:content-[attr(data-initial)]"
    />
  )
}

/** SPEC §2 profile menu: who is signed in, the settings shortcut, the product entries and Sign Out. */
export function ProfileMenu({ user }: { user: User }) {
  const navigate = useNavigate()
  const toast = useToast()
  const logout = useLogout()

  const signOut = async (close: () => void) => {
    const result = await logout.mutateAsync()
    // SPEC §4: logout proceeds only when the response status is 1.
    if (!isSuccess(result)) {
      toast.error(result.message)
      return
    }
    close()
    await navigate(HOME_ROUTE)
  }

  const entries = [
    { label: 'Live Stream Alerts', to: PATHS.donationSettings, icon: <RadioIcon size={18} /> },
    { label: 'Quick Create', to: QUICK_CREATE_LINK, icon: <SparkIcon size={18} /> },
    { label: 'Project Editor', to: PATHS.projects, icon: <FolderIcon size={18} /> },
    { label: 'Manage Billing / Payment', to: MANAGE_BILLING_LINK, icon: <CardIcon size={18} /> },
  ]

  return (
    <Dropdown
      triggerLabel="Profile menu"
      trigger={<Avatar name={user.username} />}
      triggerClassName="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      panelClassName="w-72"
    >
      {(close) => (
        <>
          <div className="flex items-center gap-3 border-b border-border px-4 py-3">
            <Avatar name={user.username} size={40} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-text" data-testid="profile-username">
                {user.username}
              </p>
              <p className="truncate text-xs text-muted" data-testid="profile-email">
                {user.email}
              </p>
            </div>
            <Link
              to={ACCOUNT_SETTINGS_LINK}
              role="menuitem"
              aria-label="Account settings"
              title="Account settings"
              onClick={close}
              className="rounded-lg p-2 text-muted hover:bg-[#2a2f3f] hover:text-text"
            >
              <SettingsIcon size={18} />
            </Link>
          </div>
          <div className="py-1">
            {entries.map((e) => (
              <Link key={e.label} to={e.to} role="menuitem" onClick={close} className={menuItemClass}>
                <span className="text-muted">{e.icon}</span>
                {e.label}
              </Link>
            ))}
          </div>
          <div className="border-t border-border py-1">
            <button
              type="button"
              role="menuitem"
              className={menuItemClass}
              disabled={logout.isPending}
              onClick={() => void signOut(close)}
            >
              <span className="text-muted">
                <LogoutIcon size={18} />
              </span>
              Sign Out
            </button>
          </div>
        </>
      )}
    </Dropdown>
  )
}

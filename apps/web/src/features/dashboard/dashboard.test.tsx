import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteTableContext } from '../../app/route-lookup'
import { ROUTES } from '../../app/route-table'
import { ACCOUNT_SETTINGS_LINK, PATHS } from '../../app/paths'
import { clearUserSession, saveUserSession } from '../../lib/session'
import { clearCookies, fakeFetch, sampleUser } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { DashboardPage } from './pages/dashboard-page'

const open = () =>
  renderAt(
    <RouteTableContext.Provider value={ROUTES}>
      <DashboardPage />
    </RouteTableContext.Provider>,
    PATHS.dashboard,
  )

describe('signed-in home (/dashboard)', () => {
  beforeEach(() => {
    clearCookies()
    saveUserSession('tok')
  })
  afterEach(() => {
    clearUserSession()
    vi.unstubAllGlobals()
  })

  it('welcomes the user, links the areas this installation has, and shows the account', async () => {
    fakeFetch({
      'GET /api/get-user-login': () => ({ body: { user: sampleUser } }),
      'GET /api/onboarding': () => ({ body: { total: 0, done: 0, steps: [] } }),
    })
    open()
    expect(await screen.findByRole('heading', { name: 'Welcome, streamer' })).toBeInTheDocument()
    const create = screen.getByRole('region', { name: 'Create' })
    const links = within(create).getAllByRole('link')
    expect(links.length).toBeGreaterThan(0)
    // Every area shown leads to a page that exists (the dashboard never links to nothing).
    for (const a of links)
      expect(ROUTES.some((r) => r.page && r.path === a.getAttribute('href')!.split(/[?#]/)[0])).toBe(true)
    expect(within(create).getByRole('link', { name: /Avatar editor/ })).toHaveAttribute(
      'href',
      PATHS.avatarEditor,
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('streamer@example.com')).toBeInTheDocument()
    expect(screen.getByText('Active')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', ACCOUNT_SETTINGS_LINK)
  })

  it('a disabled account is told so and its creation tools are closed', async () => {
    fakeFetch({ 'GET /api/get-user-login': () => ({ body: { user: { ...sampleUser, is_enabled: false } } }) })
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is disabled')
    const create = screen.getByRole('region', { name: 'Create' })
    expect(within(create).queryByRole('link', { name: /Avatar editor/ })).not.toBeInTheDocument()
    expect(within(create).getByText('Avatar editor').closest('[aria-disabled="true"]')).not.toBeNull()
    expect(screen.getByText('Disabled')).toBeInTheDocument()
  })
})

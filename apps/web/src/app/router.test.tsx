import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REDIRECT_COOKIE } from '@mouthpiece/contracts/constants'
import { getCookie } from '../lib/cookies'
import { saveAdminKey, saveUserSession } from '../lib/session'
import { clearCookies, fakeFetch, sampleUser } from '../test/fake-fetch'
import { renderApp } from '../test/render'
import { PATHS } from './paths'
import { buildRoutes } from './router'
import { adminNavOf } from './route-lookup'
import { ADMIN_ROUTES, FEATURE_PAGES, ROUTES, USER_ROUTES, hasPage } from './route-table'

const signedIn = (user = sampleUser) => {
  saveUserSession('tok')
  return fakeFetch({
    'GET /api/get-user-login': () => ({ body: { user } }),
    'POST /api/logout': () => ({ body: { ok: true } }),
  })
}

describe('route table', () => {
  it('holds every path of SPEC §2', () => {
    const patterns = new Set([...USER_ROUTES, ...ADMIN_ROUTES].map((r) => r.path))
    const spec = [
      '/',
      '/landing',
      '/login',
      '/reset-password',
      '/pricing',
      '/pricing/v1',
      '/free-trial',
      '/payment',
      '/test-payment',
      '/test-payment/subscription',
      '/contact',
      '/privacy',
      '/terms',
      '/refund-policy',
      '/user-settings',
      '/usage-tracking',
      '/projects',
      '/audio-progress',
      '/audio-progress/upload',
      '/avatar-editor',
      '/voice-editor',
      '/demo-background',
      '/demo-result',
      '/demo-upload',
      '/donation-settings',
      '/google-ads',
      '/google-ads/:id',
      '/meta-ads',
      '/meta-data-tracking',
      '/sentiment',
      '/health-check',
      '/twitchcon',
      '/twitchcon/:id',
      '/tts/announcement',
      '/video-editor',
      '/video-editor/:id',
      '/video-editor-v1',
      '/video-editor-v1/:id',
      '/video-editor-new/:id',
      '/video-editor-landing',
      '/video-result/:id',
      '/video-result/:id/log/:log',
      '/video-sharing/:id',
      '/r/:username',
      '/:username/donate',
      '/:username/tip',
      '/:username/tip/:channel',
      '/dashboard',
      '/dashboard/branding',
      '/dashboard/my-projects',
      '/dashboard/project',
      '/dashboard/project/:id',
      '/dashboard/user-settings',
      '/dashboard/asset-management',
      '/admin',
      '/admin/users',
      '/admin/edit-user/:id',
      '/admin/early-registers',
      '/admin/early-registers/tts',
      '/admin/instances',
      '/admin/final-videos',
      '/admin/projects',
      '/admin/sentences',
      '/admin/events',
      '/admin/onboarding',
      '/admin/profanity-filter',
      '/admin/search-images',
      '/admin/site-scraper',
      '/admin/sentiment',
      '/admin/sentiment/:id',
      '/admin/twitch-con',
      '/admin/usage-data',
      '/admin/usage-data/:id',
      '/admin/customer-tracking',
      '/admin/customer-tracking/:id',
      '/admin/meta-accounts',
      '/admin/voice-profiles',
      '/admin/voice-profiles/tags',
      '/admin/ad-assets/:id?',
      '/admin/ad-avatars/:id?',
      '/admin/ad-generations/:id?',
      '/admin/ad-image-generations/:id?',
      '/admin/ad-projects/:id?',
      '/admin/stress-test/results/:id?',
      '/admin/stress-test/testing',
      '/admin/creator-management/add-creator',
      '/admin/creator-management/add-creator/process',
      '/admin/creator-management/default-prompts',
      '/admin/creator-management/list',
      '/admin/creator-management/list/:id',
      '/admin/creator-management/list/:id/voice',
      '/admin/creator-management/permission',
      '/admin/creator-management/update-creator',
      '/page-for-test/gif-avatar',
      '/page-for-test/image-editor',
      '/page-for-test/twitch-alert',
      '/page-for-test/wave-form',
    ]
    expect(spec.filter((p) => !patterns.has(p))).toEqual([])
  })

  it('every feature page plugs into a path of the table', () => {
    const patterns = new Set([...USER_ROUTES, ...ADMIN_ROUTES].map((r) => r.path))
    expect(FEATURE_PAGES.map((p) => p.path).filter((p) => !patterns.has(p))).toEqual([])
  })

  it('knows which links reach a page', () => {
    expect(hasPage('/user-settings#account-settings')).toBe(true)
    expect(hasPage('/admin/edit-user/4')).toBe(true)
    expect(hasPage('/dashboard/project#video')).toBe(true)
    expect(hasPage('/dashboard/branding')).toBe(true)
    expect(hasPage('/admin/stress-test/testing')).toBe(true)
    expect(hasPage('/admin/no-such-screen')).toBe(false)
  })

  it('every admin sidebar link is a concrete path that reaches its page (no literal :id)', () => {
    const links = adminNavOf(ROUTES).flatMap((s) => s.items)
    expect(links.length).toBeGreaterThan(20)
    expect(links.filter((l) => l.to.includes(':') || !hasPage(l.to))).toEqual([])
    const to = (label: string) => links.find((l) => l.label === label)?.to
    expect(to('Ad generations')).toBe('/admin/ad-generations')
    expect(to('Ad projects')).toBe('/admin/ad-projects')
    expect(to('Ad assets')).toBe('/admin/ad-assets')
  })
})

describe('router and guards', () => {
  beforeEach(() => clearCookies())
  afterEach(() => vi.unstubAllGlobals())

  it('a protected route signed out saves redirect_url and shows the login page', async () => {
    fakeFetch({})
    const { router } = renderApp(buildRoutes(), '/dashboard/user-settings?tab=password')
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(getCookie(REDIRECT_COOKIE)).toBe('/dashboard/user-settings?tab=password')
  })

  it.each(['/', '/video-editor-landing'])(
    'the entry route %s sends a signed-in user to the signed-in home and others to login',
    async (entry) => {
      signedIn()
      const first = renderApp(buildRoutes(), entry)
      expect(await screen.findByRole('heading', { name: /Welcome, streamer/ })).toBeInTheDocument()
      expect(first.router.state.location.pathname).toBe('/dashboard')
      first.unmount()
      clearCookies()
      const second = renderApp(buildRoutes(), entry)
      await waitFor(() => expect(second.router.state.location.pathname).toBe('/login'))
    },
  )

  it('a route whose feature has not landed redirects (no placeholder page)', async () => {
    signedIn()
    const { router } = renderApp(buildRoutes(), '/twitchcon')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('a signed-in user opening a login-type route goes to the signed-in home', async () => {
    signedIn()
    const { router } = renderApp(buildRoutes(), PATHS.brandLogin)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('an unknown path shows the not-found view', async () => {
    fakeFetch({})
    renderApp(buildRoutes(), '/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByText('This page could not be found')).toBeInTheDocument()
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/')
    expect(within(main).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
  })

  it('the admin area without an admin session goes to /admin/login with the encoded current URL', async () => {
    fakeFetch({})
    const { router } = renderApp(buildRoutes(), '/admin/users?page=2')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'), { timeout: 3000 })
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('http://localhost/admin/users?page=2')}`,
    )
  })

  it('a signed-in admin sees the admin layout: sidebar titled Admin, username menu, footer links', async () => {
    saveAdminKey('adm')
    fakeFetch({
      'GET /api/get-user-data': () => ({ body: { admin: { id: 1, username: 'admin' } } }),
      'GET /api/admin/users': () => ({ body: { list: [sampleUser], total: 1, lastPage: 1 } }),
      'GET /api/admin/outbox': () => ({ body: { list: [], total: 0, lastPage: 1 } }),
      'GET /api/health': () => ({ body: { status: 'ok', db: 'pglite', version: '0.1.0' } }),
    })
    renderApp(buildRoutes(), '/admin/login')
    const nav = await screen.findByRole('navigation', { name: 'Admin' }, { timeout: 3000 })
    expect(within(nav).getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/admin/users')
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0)
    expect(screen.getByTestId('admin-username')).toHaveTextContent('admin')
    const footer = screen.getByRole('navigation', { name: 'Admin footer' })
    for (const name of ['Terms', 'Privacy', 'About'])
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument()
    expect(screen.getByText(String(new Date().getFullYear()), { exact: false })).toBeInTheDocument()
    expect(await screen.findByText('streamer')).toBeInTheDocument()
  })
})

describe('global header', () => {
  beforeEach(() => clearCookies())
  afterEach(() => vi.unstubAllGlobals())

  it('signed out: logo to the landing page, Pricing, profile icon to /login, no Home or bell', async () => {
    fakeFetch({})
    renderApp(buildRoutes(), '/privacy')
    await screen.findByRole('heading', { name: 'Privacy Policy' })
    expect(screen.getByRole('link', { name: 'Mouthpiece home' })).toHaveAttribute('href', '/landing')
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument()
    const main = screen.getByRole('navigation', { name: 'Main' })
    expect(within(main).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument()
    expect(within(main).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing')
    const footer = screen.getByRole('navigation', { name: 'Footer' })
    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Contact Us', '/contact'],
      ['Terms And Conditions', '/terms'],
      ['Refund Policy', '/refund-policy'],
    ])
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href)
    expect(within(footer).getByRole('link', { name: 'Community chat' })).toBeInTheDocument()
  })

  it('signed in: Home, bell and the profile menu with its entries; Sign Out goes to / only on status 1', async () => {
    let logoutOk = false
    saveUserSession('tok')
    const server = fakeFetch({
      'GET /api/get-user-login': () => ({ body: { user: sampleUser } }),
      'POST /api/logout': () =>
        logoutOk
          ? { body: { ok: true } }
          : { status: 500, body: { message: 'Could not sign out#db down', code: 'internal' } },
    })
    const { router } = renderApp(buildRoutes(), '/terms')
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }))
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument()
    const menu = screen.getByRole('menu')
    expect(within(menu).getByText('streamer')).toBeInTheDocument()
    expect(within(menu).getByText('streamer@example.com')).toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/user-settings#account-settings',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Live Stream Alerts' })).toHaveAttribute(
      'href',
      '/donation-settings',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Quick Create' })).toHaveAttribute(
      'href',
      '/landing#quick-create',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Project Editor' })).toHaveAttribute(
      'href',
      '/projects',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Manage Billing / Payment' })).toBeInTheDocument()

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }))
    expect(await screen.findByText('Could not sign out')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/terms')

    logoutOk = true
    await userEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(server.calls.filter((c) => c.path === '/api/logout')).toHaveLength(2)
  })

  it('the mobile menu offers Home and Learn', async () => {
    fakeFetch({})
    renderApp(buildRoutes(), '/terms')
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }))
    const mobile = screen.getByRole('navigation', { name: 'Mobile' })
    expect(within(mobile).getByRole('link', { name: 'Home' })).toBeInTheDocument()
    expect(within(mobile).getByRole('link', { name: 'Learn' })).toBeInTheDocument()
  })
})

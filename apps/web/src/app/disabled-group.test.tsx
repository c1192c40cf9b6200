import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveUserSession } from '../lib/session'
import { fakeFetch, sampleUser } from '../test/fake-fetch'
import { renderApp } from '../test/render'
import { pageRequiresEnabled } from './app-route'
import { PATHS, SIGNED_IN_HOME_ROUTE } from './paths'
import { buildRoutes } from './router'
import { FEATURE_PAGES } from './route-table'

/**
 * SPEC §5/§6: one group of routes is barred to a disabled user. It is declared once, on the
 * contracts (`requiresEnabled`, enforced by the server); a page is in it when a call it lists in
 * `calls` is. This checks the derived group and that the guard reads it.
 */
describe('the group barred to disabled users', () => {
  it('is derived from the contracts of the calls each page needs', async () => {
    const barred: string[] = []
    for (const route of FEATURE_PAGES) {
      if (!route.calls) continue
      const calls = await route.calls()
      expect(calls.length, route.path).toBeGreaterThan(0)
      if (await pageRequiresEnabled(route)) barred.push(route.path)
    }
    expect(barred.sort()).toEqual(
      [
        PATHS.audioProgress,
        PATHS.audioProgressUpload,
        PATHS.avatarEditor,
        PATHS.donationSettings,
        PATHS.googleAds,
        PATHS.googleAdsItem,
        PATHS.projects,
        PATHS.dashboardMyProjects,
        PATHS.sentiment,
        PATHS.usageTracking,
        PATHS.videoEditor,
        PATHS.videoEditorV1,
        PATHS.videoEditorItem,
        PATHS.videoEditorV1Item,
        PATHS.videoEditorNewItem,
        PATHS.voiceEditor,
        PATHS.dashboardBranding,
        PATHS.dashboardProject,
        PATHS.dashboardProjectItem,
        PATHS.testGifAvatar,
        PATHS.testTwitchAlert,
      ].sort(),
    )
    // A page of the user area listing only open calls is not barred.
    expect(
      await pageRequiresEnabled({
        calls: async () => [{ method: 'GET', path: '/api/notifications', auth: 'user' }],
      }),
    ).toBe(false)
  })

  it('sends a disabled user from a barred page to the signed-in home', async () => {
    saveUserSession('tok')
    fakeFetch({ 'GET /api/get-user-login': () => ({ body: { user: { ...sampleUser, is_enabled: false } } }) })
    const { router } = renderApp(buildRoutes(), PATHS.sentiment)
    await waitFor(() => expect(router.state.location.pathname).toBe(SIGNED_IN_HOME_ROUTE))
  })
})

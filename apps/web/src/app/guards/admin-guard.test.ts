import { describe, expect, it } from 'vitest'
import { adminCheckRemainingMs, adminDecision, adminLoginTarget, adminRouteDecision } from './admin-guard'

const admin = { id: 1, username: 'admin' }
const origin = 'http://localhost:3000'

describe('SPEC §4 admin check on load', () => {
  it('a signed-in admin on /admin/login goes to /admin; elsewhere stays', () => {
    expect(adminDecision(`${origin}/admin/login`, admin)).toEqual({ type: 'redirect', to: '/admin' })
    expect(adminDecision(`${origin}/admin/users?page=2`, admin)).toEqual({ type: 'allow' })
  })

  it('without an admin session the admin area goes to /admin/login?redirect=<encoded current URL>', () => {
    const href = `${origin}/admin/users?page=2`
    expect(adminDecision(href, null)).toEqual({
      type: 'redirect',
      to: `/admin/login?redirect=${encodeURIComponent(href)}`,
    })
  })

  it('already on /admin/login stays there', () => {
    expect(adminDecision(`${origin}/admin/login?redirect=x`, null)).toEqual({ type: 'allow' })
  })

  it('an admin page whose feature is missing goes to the admin dashboard', () => {
    expect(adminRouteDecision(false)).toEqual({ type: 'redirect', to: '/admin' })
    expect(adminRouteDecision(true)).toEqual({ type: 'allow' })
  })

  it('after signing in goes to the redirect query when it is on this site, else /admin', () => {
    expect(adminLoginTarget(`${origin}/admin/users?page=2`, origin)).toBe('/admin/users?page=2')
    expect(adminLoginTarget('/admin/edit-user/3', origin)).toBe('/admin/edit-user/3')
    expect(adminLoginTarget('https://evil.example/admin', origin)).toBe('/admin')
    expect(adminLoginTarget(null, origin)).toBe('/admin')
    expect(adminLoginTarget(`${origin}/admin/login`, origin)).toBe('/admin')
  })

  it('the auth check counts as done 1 s after it started', () => {
    expect(adminCheckRemainingMs(0, 400)).toBe(600)
    expect(adminCheckRemainingMs(0, 4000)).toBe(0)
  })
})

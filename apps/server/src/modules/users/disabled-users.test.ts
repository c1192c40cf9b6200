import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_DISABLED_MESSAGE } from '@mouthpiece/contracts/users/users.schemas'
import { quickCreate, shortAudio } from '@mouthpiece/contracts/renders/renders.contract'
import { generateCustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import { getDonationSettings, testBits } from '@mouthpiece/contracts/donations/donations.contract'
import { createProject } from '@mouthpiece/contracts/projects/projects.contract'
import { analyze } from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { googleAdsAccount } from '@mouthpiece/contracts/adimport/google-ads.contract'
import { createPersonalVoice } from '@mouthpiece/contracts/voices/personal-voices.contract'
import { listAudioProcesses } from '@mouthpiece/contracts/voices/voices.contract'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

describe('a disabled user (is_enabled false)', () => {
  let t: TestApp
  let admin: Record<string, string>
  let user: { id: number; token: string }
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.token}` } })
  const setEnabled = (is_enabled: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save-info',
      headers: admin,
      payload: { user_id: user.id, username: 'turnedoff', email: 'turnedoff@example.com', is_enabled },
    })

  /** One call of each barred area: quick create, short audio, custom avatars, alert settings, test alerts, projects, insights, voices. */
  const barred: Array<[string, 'GET' | 'POST', string, object | undefined]> = [
    ['quick create', quickCreate.method, quickCreate.path, { text: 'Hello there', title: 'Hi' }],
    ['short audio', shortAudio.method, shortAudio.path, { text: 'Hello there' }],
    [
      'custom avatar',
      generateCustomAvatar.method,
      generateCustomAvatar.path,
      { name: 'Me', prompt: { wearing: 'a hat' } },
    ],
    ['alert settings', getDonationSettings.method, getDonationSettings.path, undefined],
    ['test alert', testBits.method, testBits.path, { bits: 100, message: 'test' }],
    ['projects', createProject.method, createProject.path, { name: 'My project' }],
    // The calls behind the sentiment, Google Ads, voice editor and audio pages (the web derives its barred pages from these flags).
    ['sentiment', analyze.method, analyze.path, { selected_video_ids: ['yt:Qm7dR2xLp0A'] }],
    ['google ads', googleAdsAccount.method, googleAdsAccount.path, undefined],
    [
      'personal voice',
      createPersonalVoice.method,
      createPersonalVoice.path,
      { name: 'Me', sample_uuid: '00000000-0000-4000-8000-000000000000', consent: true },
    ],
    ['audio files', listAudioProcesses.method, `${listAudioProcesses.path}?page=1`, undefined],
  ]

  beforeAll(async () => {
    t = await createTestApp()
    const adminLogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-password-1' },
    })
    admin = { authorization: `Bearer ${adminLogin.json<{ token: string }>().token}` }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'turnedoff', email: 'turnedoff@example.com', password: 'a good password 1' },
    })
    const body = res.json<{ token: string; user: { id: number } }>()
    user = { id: body.user.id, token: body.token }
  })
  afterAll(async () => t.close())

  it('is refused the barred group from the next call on, with a clear 403', async () => {
    // Enabled, the settings page's call works (and its answer is cached for the token).
    expect((await call('GET', getDonationSettings.path)).statusCode).toBe(200)
    expect((await setEnabled(false)).statusCode).toBe(200)
    for (const [what, method, url, payload] of barred) {
      const res = await call(method, url, payload)
      expect(res.statusCode, what).toBe(403)
      expect(res.json(), what).toEqual({ message: ACCOUNT_DISABLED_MESSAGE, code: 'account_disabled' })
    }
  })

  it('keeps what the spec leaves open: signing in, the account, notifications, the activity feed', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'turnedoff', password: 'a good password 1' },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json<{ user: { is_enabled: boolean } }>().user.is_enabled).toBe(false)
    expect(
      (await call('GET', '/api/get-user-login')).json<{ user: { is_enabled: boolean } }>().user.is_enabled,
    ).toBe(false)
    expect((await call('GET', '/api/notifications?limit=10&page=1')).statusCode).toBe(200)
    expect((await call('GET', '/api/donation/tips/all?page=1')).statusCode).toBe(200)
    expect((await call('GET', '/api/renders?page=1')).statusCode).toBe(200)
  })

  it('gets the group back as soon as an admin enables the account again', async () => {
    expect((await setEnabled(true)).statusCode).toBe(200)
    expect((await call('GET', getDonationSettings.path)).statusCode).toBe(200)
  })
})

import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import type {
  AvatarSetup,
  DonationSettings,
  OverlayAlert,
  Tip,
} from '@mouthpiece/contracts/donations/donations.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { multipartFile } from '../../renders/testing'
import { listenApp, openOverlay, overlayKeyOf, rowsOf, signUp, waitFor } from '../testing/harness'
import type { OverlayClient } from '../testing/harness'

const PORTRAIT = fileURLToPath(
  new URL('../../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url),
)

process.env.SOURCES_ENABLED = 'false'

/**
 * Issue: a signed-in user could name another user's stored file in a look (`look.photo.key`) and
 * have it rendered, or signed for anyone on the OBS overlay. A setup's avatar is now chosen by the
 * id of an entity the caller owns, and resolved on the server wherever it is shown.
 */
describe('avatar setups: a photo is always one the setup owner may use', () => {
  let t: TestApp
  let base: string
  let alice: { id: number; headers: Record<string, string> }
  let bob: { id: number; headers: Record<string, string> }
  let alicePhoto: CustomAvatar
  let bobOverlay: OverlayClient

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers, payload })
  const counts = async () =>
    rowsOf<{ setups: number; renders: number }>(
      await t.db.execute(
        sql`select (select count(*) from avatar_setups)::int as setups, (select count(*) from renders)::int as renders`,
      ),
    )[0]!

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    base = await listenApp(t.app)
    alice = await signUp(t.app, 'alice_photo')
    bob = await signUp(t.app, 'bob_borrower')
    const form = multipartFile('file', 'me.jpg', 'image/jpeg', await readFile(PORTRAIT))
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/custom-avatar/photo',
      payload: form.payload,
      headers: { ...form.headers, ...alice.headers },
    })
    expect(made.statusCode, made.body).toBe(200)
    alicePhoto = made.json<{ avatar: CustomAvatar }>().avatar
    const settings = (await get('/api/donation/settings', bob.headers)).json<{ settings: DonationSettings }>()
      .settings
    bobOverlay = await openOverlay(base, overlayKeyOf(settings.overlay_url))
  })
  afterAll(async () => {
    bobOverlay.close()
    await t.close()
  })

  it("refuses another user's look with its photo in a preview, a new setup and a changed one, and changes nothing", async () => {
    const before = await counts()
    const theirLook = { influencer_id: null, look: alicePhoto.look }
    const preview = await post(
      '/api/donation/avatar-setup/short-video',
      { donation_avatar: theirLook, text: 'hi' },
      bob.headers,
    )
    expect(preview.statusCode, preview.body).toBe(400)
    expect(preview.json<{ message: string }>().message).toContain('Choose a photo avatar by its id')

    // Any stored file as a "photo" (an ad image, a secret beside the files): refused the same way.
    for (const key of [alicePhoto.look.photo!.key, 'ads/1/images/upload_1.jpg', '../../storage-url-secret']) {
      const look = { ...alicePhoto.look, photo: { ...alicePhoto.look.photo!, key } }
      const created = await post(
        '/api/donation/avatar-setup/create',
        { name: 'Borrowed', donation_avatar: { influencer_id: null, look } },
        bob.headers,
      )
      expect(created.statusCode, created.body).toBe(400)
      expect(created.body).not.toContain('storage-url-secret')
    }
    const own = (
      await post(
        '/api/donation/avatar-setup/create',
        { name: 'Mine', donation_avatar: { influencer_id: 'gamer' } },
        bob.headers,
      )
    ).json<{ setup: AvatarSetup }>().setup
    const changed = await post(
      `/api/donation/avatar-setup/${own.id}/update-donation-avatar`,
      { donation_avatar: theirLook },
      bob.headers,
    )
    expect(changed.statusCode, changed.body).toBe(400)
    const after = await counts()
    expect(after).toEqual({ setups: before.setups + 1, renders: before.renders })
    expect(
      (await get('/api/donation/avatar-setup/get', bob.headers)).json<{ setups: AvatarSetup[] }>().setups[0]!
        .donation_avatar,
    ).toMatchObject({ influencer_id: 'gamer' })
  })

  it("answers 404 for another user's custom avatar id, and renders one's own by id", async () => {
    const before = await counts()
    for (const url of ['/api/donation/avatar-setup/short-video', '/api/donation/avatar-setup/create']) {
      const res = await post(
        url,
        { name: 'Borrowed', donation_avatar: { custom_avatar_id: alicePhoto.id }, text: 'hi' },
        bob.headers,
      )
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toMatchObject({ message: 'Avatar not found' })
    }
    expect(await counts()).toEqual(before)

    const mine = await post(
      '/api/donation/avatar-setup/create',
      { name: 'Me', price: 0, donation_avatar: { custom_avatar_id: alicePhoto.id } },
      alice.headers,
    )
    expect(mine.statusCode, mine.body).toBe(200)
    const setup = mine.json<{ setup: AvatarSetup }>().setup
    expect(setup.donation_avatar).toMatchObject({ influencer_id: null, custom_avatar_id: alicePhoto.id })
    expect(setup.donation_avatar.look?.photo?.key).toBe(alicePhoto.look.photo!.key)
    // The public tip page shows the portrait through a signed link, not a route that needs her session.
    const page = (await t.app.inject({ method: 'GET', url: '/api/donation/tip-page/alice_photo' })).json<{
      creator: { avatar: AvatarSetup['donation_avatar'] }
    }>().creator
    expect(page.avatar.look?.photo?.src).toMatch(/\/api\/files\/.*signature=/)
  })

  it('a setup saved before the rule with a foreign key keeps only its drawn look: list, tip page and overlay', async () => {
    // As an old row would be: the look copied from a request, naming Alice's stored portrait.
    const [row] = rowsOf<{ id: number }>(
      await t.db.execute(sql`insert into avatar_setups (user_id, name, price, donation_avatar)
      values (${bob.id}, 'Old borrowed', 0, ${JSON.stringify({ influencer_id: null, look: alicePhoto.look })}::jsonb) returning id::int as id`),
    )
    const listed = (await get('/api/donation/avatar-setup/get', bob.headers))
      .json<{ setups: AvatarSetup[] }>()
      .setups.find((s) => s.id === row!.id)!
    expect(listed.donation_avatar.look).toMatchObject({ skin: alicePhoto.look.skin })
    expect(listed.donation_avatar.look?.photo).toBeUndefined()
    const page = (await t.app.inject({ method: 'GET', url: '/api/donation/tip-page/bob_borrower' })).json<{
      creator: { avatar: AvatarSetup['donation_avatar'] }
    }>().creator
    expect(page.avatar.look?.photo).toBeUndefined()

    const fired = await get(`/api/donation/avatar-setup/${row!.id}/test-alert`, bob.headers)
    expect(fired.statusCode, fired.body).toBe(200)
    const id = fired.json<{ tip: Tip }>().tip.id
    const alert = await waitFor<OverlayAlert | undefined>(
      () => bobOverlay.alerts.find((a) => a.id === id),
      30_000,
      'the test alert on the overlay',
    )
    expect(alert.avatar_setup?.id).toBe(row!.id)
    expect(alert.avatar_setup?.donation_avatar.look?.photo).toBeUndefined()
    expect(JSON.stringify(alert)).not.toContain(alicePhoto.look.photo!.key)
  })
})

import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { adminSignIn } from './support'

// The conference-event booth as the staff run it: an admin sets up the event, three attendees sign
// up at the kiosk — the venue network drops for the second — each sees their video and QR code,
// the queued one is sent when the network is back, and every mail is in the outbox.

const SHOTS = 'test-results/screens'

async function signUp(kiosk: Page, name: string, handle: string) {
  await kiosk.getByLabel('Your name or handle').fill(name)
  await kiosk.getByLabel('Email (we send your video here)').fill(`${name.toLowerCase()}@example.com`)
  await kiosk.getByLabel('Twitch handle').fill(handle)
  await kiosk.getByRole('checkbox').check()
  await kiosk.getByRole('button', { name: 'Make my video' }).click()
}

const STAFF_PIN = '482913'

/** The Staff panel shows attendees only once the server has accepted the event's PIN. */
async function unlockStaff(kiosk: Page) {
  await kiosk.getByLabel(/Staff PIN/).fill(STAFF_PIN)
  await kiosk.getByRole('button', { name: 'Unlock' }).click()
}

async function expectClip(kiosk: Page, name: string) {
  await expect(kiosk.getByText(`“Hey ${name}, welcome to TwitchCon Rotterdam!”`)).toBeVisible()
  await expect(kiosk.getByTestId('booth-video')).toBeVisible({ timeout: 45_000 })
  await expect(kiosk.getByTestId('booth-qr')).toBeVisible()
  const code = (await kiosk.getByTestId('booth-code').textContent())!
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/)
  expect(await kiosk.getByTestId('booth-qr').getAttribute('data-qr-text')).toMatch(
    new RegExp(`/twitchcon/\\d+\\?code=${code}$`),
  )
  // The browser can play it: metadata loaded from the real file.
  await expect
    .poll(() => kiosk.getByTestId('booth-video').evaluate((v: HTMLVideoElement) => v.readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1)
  return code
}

test('three attendees at the booth, one while the network is down: videos, QR codes, mails and the queue drained', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await adminSignIn(page)
  await page.goto('/admin/twitch-con')
  await expect(page.getByText('No events yet. Create one to set up a kiosk.')).toBeVisible()
  await page.getByRole('button', { name: 'New event' }).click()
  const form = page.getByRole('form', { name: 'New event' })
  await form.getByLabel('Event name').fill('TwitchCon Rotterdam')
  await form
    .getByLabel('Greeting ({name} is the attendee’s name)')
    .fill('Hey {name}, welcome to TwitchCon Rotterdam!')
  await form.getByRole('button', { name: 'Add a field' }).click()
  await form.getByLabel('Field label').fill('Twitch handle')
  await form.getByLabel('Field key').fill('twitch_handle')
  await form.getByLabel(/Staff PIN/).fill(STAFF_PIN)
  await form.getByRole('button', { name: 'Create event' }).click()
  await expect(page.getByRole('tab', { name: /TwitchCon Rotterdam/ })).toBeVisible()
  const kioskHref = (await page.getByRole('link', { name: 'Open kiosk' }).getAttribute('href'))!
  await page.screenshot({ path: `${SHOTS}/booth-admin-event.png`, fullPage: true })

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const kiosk = await context.newPage()
  await kiosk.goto(kioskHref)
  await expect(kiosk.getByRole('heading', { name: 'TwitchCon Rotterdam' })).toBeVisible()
  await kiosk.screenshot({ path: `${SHOTS}/booth-kiosk-form.png`, fullPage: true })
  await kiosk.setViewportSize({ width: 390, height: 844 })
  await kiosk.screenshot({ path: `${SHOTS}/booth-kiosk-form-mobile.png`, fullPage: true })
  await kiosk.setViewportSize({ width: 1280, height: 900 })

  // Bad input stays on the form with the message.
  await kiosk.getByRole('button', { name: 'Make my video' }).click()
  await expect(kiosk.getByText('Please tick the box to agree before we make your video')).toBeVisible()

  await signUp(kiosk, 'Alice', 'alice_live')
  const alice = await expectClip(kiosk, 'Alice')
  await kiosk.screenshot({ path: `${SHOTS}/booth-kiosk-video.png`, fullPage: true })
  await kiosk.getByRole('button', { name: 'Next attendee' }).click()

  // The venue network drops: Bob is queued in the browser.
  await context.setOffline(true)
  await signUp(kiosk, 'Bob', 'bob_plays')
  await expect(kiosk.getByTestId('booth-queued')).toContainText('You’re in, Bob!')
  await expect(kiosk.getByTestId('booth-online')).toHaveText('Offline · 1 waiting')
  await kiosk.getByRole('button', { name: 'Staff' }).click()
  await expect(kiosk.getByTestId('booth-queue-depth')).toContainText('Queue: 1 waiting to send')
  // Names and emails need the PIN, and the server checks it: offline, the panel stays locked.
  await expect(kiosk.getByTestId('booth-roster-row')).toHaveCount(0)
  await unlockStaff(kiosk)
  await expect(
    kiosk.getByText('The PIN is checked online. Try again when the kiosk is back online.'),
  ).toBeVisible()
  await expect(kiosk.getByTestId('booth-roster-row')).toHaveCount(0)
  await kiosk.screenshot({ path: `${SHOTS}/booth-kiosk-offline-staff.png`, fullPage: true })
  await kiosk.getByRole('button', { name: 'Next attendee' }).click()

  // Back online: the queue drains by itself, once.
  await context.setOffline(false)
  await expect(kiosk.getByTestId('booth-queue-depth')).toContainText('Queue: 0 waiting to send', {
    timeout: 20_000,
  })
  await kiosk.getByLabel(/Staff PIN/).fill('000000')
  await kiosk.getByRole('button', { name: 'Unlock' }).click()
  await expect(kiosk.getByText('Wrong staff PIN. Please try again.')).toBeVisible()
  await unlockStaff(kiosk)
  await expect(kiosk.getByTestId('booth-roster-row').filter({ hasText: 'Bob' })).toContainText(
    /Rendering|Ready|Mailed/,
  )
  await expect(kiosk.getByTestId('booth-roster-row').filter({ hasText: 'Bob' })).toContainText(
    'bob@example.com',
  )

  await kiosk.getByRole('button', { name: 'Staff' }).click()
  await signUp(kiosk, 'Carol', 'carol_gg')
  const carol = await expectClip(kiosk, 'Carol')
  expect(carol).not.toBe(alice)

  // Bob's video reached him by mail, and his QR link plays it. The panel was closed: it asks for the PIN again.
  await kiosk.getByRole('button', { name: 'Staff' }).click()
  await unlockStaff(kiosk)
  const bobRow = kiosk.getByTestId('booth-roster-row').filter({ hasText: 'Bob' })
  await expect(bobRow).toContainText('Mailed', { timeout: 60_000 })
  const bob = (await bobRow.locator('td.font-mono').textContent())!
  const phone = await context.newPage()
  await phone.setViewportSize({ width: 390, height: 844 })
  await phone.goto(`${kioskHref}?code=${bob}`)
  await expect(phone.getByText('“Hey Bob, welcome to TwitchCon Rotterdam!”')).toBeVisible()
  await expect(phone.getByTestId('booth-video')).toBeVisible()
  await phone.screenshot({ path: `${SHOTS}/booth-retrieval.png`, fullPage: true })

  // The admin sees three attendees, each mailed, and the three mails in the outbox.
  await page.reload()
  await expect(page.getByRole('row').filter({ hasText: 'bob@example.com' })).toContainText('Mailed', {
    timeout: 20_000,
  })
  for (const who of ['alice', 'carol'])
    await expect(page.getByRole('row').filter({ hasText: `${who}@example.com` })).toContainText('Mailed', {
      timeout: 60_000,
    })
  await page.screenshot({ path: `${SHOTS}/booth-admin-attendees.png`, fullPage: true })
  await page.goto('/admin/outbox')
  for (const who of ['alice', 'bob', 'carol'])
    await expect(page.getByText(`${who}@example.com`)).toBeVisible()
  await expect(page.getByText('Your TwitchCon Rotterdam video is ready').first()).toBeVisible()

  // After the event the admin erases an attendee, then the event (decision 0076): each confirmed first.
  await page.goto('/admin/twitch-con')
  await page.getByRole('checkbox', { name: 'Select Bob' }).check()
  await page.getByRole('button', { name: 'Delete selected (1)' }).click()
  const ask = page.getByRole('dialog', { name: 'Delete 1 attendee?' })
  await expect(ask).toContainText('Bob: deleted for good with their kiosk photos, their personal clips')
  // The viewport: the dialog over the ticked row (a full-page shot leaves the fixed backdrop behind).
  await page.screenshot({ path: `${SHOTS}/booth-admin-delete-attendee.png` })
  await ask.getByRole('button', { name: 'Delete attendees' }).click()
  await expect(page.getByText('Deleted 1 attendee of TwitchCon Rotterdam')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'bob@example.com' })).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: 'alice@example.com' })).toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Attendees' })).toBeFocused()
  await page.getByRole('button', { name: 'Delete event' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete TwitchCon Rotterdam?' })).toContainText(
    'its 2 attendees',
  )
  await page.getByRole('dialog').getByRole('button', { name: 'Delete event' }).click()
  await expect(page.getByText('Deleted TwitchCon Rotterdam')).toBeVisible()
  await expect(page.getByText('No events yet. Create one to set up a kiosk.')).toBeVisible()
  await context.close()
})

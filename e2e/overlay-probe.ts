import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

/**
 * What the alert specs measure on the overlay page (/tts/announcement): the probe is added as an
 * init script before the overlay opens; the helpers read it and the page's media and canvas.
 */

/**
 * Counters the overlay page keeps for the test: audio 'playing' events, cards mounted (and their
 * text), most cards at once. Plain JavaScript (the tools config has no DOM types); media events do not bubble, but a
 * capturing listener on the document sees them. The overlay first plays 50 ms of silence to learn
 * whether sound is allowed: that is not an alert.
 */
export const PROBE = `
  window.__mp = { playing: 0, cards: 0, maxCards: 0, playingAt: [], texts: [] }
  document.addEventListener('playing', (e) => {
    if (e.target.duration < 0.3) return
    window.__mp.playing++
    window.__mp.playingAt.push(Date.now())
  }, true)
  new MutationObserver((records) => {
    window.__mp.maxCards = Math.max(window.__mp.maxCards, document.querySelectorAll('[data-testid=alert-card]').length)
    for (const r of records) for (const n of r.addedNodes) {
      const card = n.nodeType === 1 && n.querySelector('[data-testid=alert-card]')
      if (!card) continue
      window.__mp.cards++
      window.__mp.texts.push(card.textContent)
    }
  }).observe(document, { childList: true, subtree: true })
`

export type Probe = { playing: number; cards: number; maxCards: number; playingAt: number[]; texts: string[] }
export const probe = (page: Page) => page.evaluate(() => (globalThis as unknown as { __mp: Probe }).__mp)

/** Pixels of the open-mouth colour (packages/avatar draws the mouth's inside #4A1521), counted in the page. */
export function mouthPixels(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const canvas = document.querySelector('[data-testid=alert-avatar]')
    const ctx = canvas && canvas.getContext('2d')
    if (!ctx) return -1
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
    let n = 0
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3] > 200 && Math.abs(data[i] - 0x4a) < 14 && Math.abs(data[i + 1] - 0x15) < 14 && Math.abs(data[i + 2] - 0x21) < 14) n++
    return n
  })()`)
}

/**
 * The alert's voice is heard, by measurement: the page counted its `count`-th 'playing' event and
 * the audio element's clock then advances. Answers when that playback started (page clock, ms).
 */
export async function expectVoiceStarted(overlay: Page, count: number, timeout = 10_000): Promise<number> {
  await expect
    .poll(async () => (await probe(overlay)).playing, {
      message: `alert voice number ${count} starts`,
      timeout,
    })
    .toBe(count)
  // What the element has played, not two clock readings: a short clip may have ended before a
  // slow machine read the clock the first time. `played` starts empty with each new source.
  await expect
    .poll(
      () =>
        overlay.evaluate<number>(
          `(() => { const p = document.querySelector('[data-testid=alert-audio]').played; return p.length ? p.end(p.length - 1) : 0 })()`,
        ),
      { message: 'the audio clock advances' },
    )
    .toBeGreaterThan(0.1)
  return (await probe(overlay)).playingAt[count - 1]!
}

/** The mouth moves: the open-mouth area changes while the avatar speaks. */
export async function expectMouthMoves(overlay: Page) {
  const samples: number[] = []
  for (let i = 0; i < 20; i++) {
    samples.push(await mouthPixels(overlay))
    await overlay.waitForTimeout(60)
  }
  expect(Math.min(...samples)).toBeGreaterThanOrEqual(0)
  expect(Math.max(...samples)).toBeGreaterThan(30)
  expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(30)
}

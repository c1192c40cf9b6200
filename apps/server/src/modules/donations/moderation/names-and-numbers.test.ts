import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { signUp, waitFor } from '../testing/harness'
import { DEFAULT_MODERATION } from '../settings/settings.service'
import { moderateName, moderateText } from './moderation'
import type { AdminModeration } from './moderation'

const admin: AdminModeration = { enabled: true, max_chars: 500, black: [], white: [] }
const settings = { ...DEFAULT_MODERATION, max_chars: 500 }

/** Real-looking viewer names: digits, repeats, emote look-alikes, underscores, non-Latin scripts. */
const NAMES = [
  'Cheerer11111',
  'xXSniperXx',
  'Kappa',
  'EZ',
  'Cheer100',
  'PogChamp',
  'LUL',
  'Sadge',
  'KEKW',
  'BibleThump',
  'aaaaaaron',
  'Mr_Bo0000ts',
  'gamer_2000000',
  'ZZZZZZ',
  'Bob',
  'jack.tv',
  'María_López',
  'Дмитрий',
  '김민수',
  'lol_lol_lol',
  '777Lucky777',
  'Anna1111',
  'x__x',
  'the_real_shitake_mushroom',
  'Classic_Assassin99',
  'Scunthorpe1990',
]

/** Messages with amounts, years, phone-like and repeated digits that must be spoken as written. */
const NUMBERS: Array<[string, string]> = [
  ['I will send 1000000 bits next stream', 'I will send 1000000 bits next stream'],
  ['gg 1111 wins in a row', 'gg 1111 wins in a row'],
  ['since 2000 I watch you, 10000 hours', 'since 2000 I watch you, 10000 hours'],
  ['$5000.00 goal reached', '$5000.00 goal reached'],
  ['call 555-0000 for 0000 reasons', 'call 555-0000 for 0000 reasons'],
  ['that was sooooo good', 'that was sooooo good'],
  ['wow!!!!!!!!!', 'wow!!!'],
]

describe('moderation leaves names and numbers as viewers wrote them', () => {
  it.each(NAMES)('announces %j by that name', (name) => {
    expect(moderateName(name, settings, admin)).toMatchObject({ spoken: name, flagged: false })
  })

  it.each(NUMBERS)('speaks %j as %j', (message, spoken) => {
    expect(moderateText(message, settings, admin)).toMatchObject({ spoken, flagged: false })
  })

  it('still catches bad words with their letters repeated, in messages and names', () => {
    expect(moderateText('you are a fuuuuuuck', settings, admin)).toMatchObject({
      spoken: 'you are a beep',
      flagged: true,
    })
    expect(moderateText('shiiiiiiit 1000000 times', settings, admin)).toMatchObject({
      spoken: 'beep 1000000 times',
      flagged: true,
    })
    expect(moderateName('Fuuuuuck_you_11111', settings, admin).flagged).toBe(true)
    expect(moderateName('sh1111t', settings, admin).flagged).toBe(true)
  })

  it('strips emotes and cheermotes from the message only', () => {
    expect(moderateText('Cheer100 Kappa great stream EZ', settings, admin).spoken).toBe('great stream')
    expect(moderateName('Cheer100', settings, admin).spoken).toBe('Cheer100')
  })
})

describe('spoken alerts through the API', () => {
  let t: TestApp
  let creator: { id: number; headers: Record<string, string> }

  beforeAll(async () => {
    process.env.SOURCES_ENABLED = 'false'
    t = await createTestApp({ workers: true })
    creator = await signUp(t.app, 'namesake')
  })
  afterAll(async () => t.close())

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: creator.headers, payload })
  const spoken = async (res: { json: () => unknown }) => {
    const id = (res.json() as { tip: Tip }).tip.id
    return waitFor(
      async () => {
        const all = await t.app.inject({
          method: 'GET',
          url: '/api/donation/tips/all?limit=100',
          headers: creator.headers,
        })
        return all.json<{ list: Tip[] }>().list.find((x) => x.id === id && x.spoken_text)?.spoken_text
      },
      15_000,
      `tip ${id} to be spoken`,
    )
  }

  it('stores the amount a viewer wrote in a test cheer', async () => {
    const res = await post('/api/donation/twitch/test-bits', {
      bits: 500,
      message: 'I will send 1000000 bits next stream',
    })
    expect(res.statusCode).toBe(200)
    expect(await spoken(res)).toBe('TestCheerer cheered 500 bits: I will send 1000000 bits next stream')
  })

  it.each(['Cheerer11111', 'Kappa', 'EZ', 'Cheer100'])(
    'announces %j by name, not as "Someone"',
    async (donator) => {
      const res = await post('/api/donation/tips/announcement', { donator, message: 'hello there' })
      expect(res.statusCode).toBe(200)
      expect(await spoken(res)).toBe(`${donator} says: hello there`)
    },
  )
})

import { describe, expect, it } from 'vitest'
import type { ModerationSettings } from '@mouthpiece/contracts/donations/donations.schemas'
import { BASE_PROFANITY_LIST } from './profanity-base-list'
import { canonicalize, compileProfanity } from './profanity'
import { moderateText, stripNoise, truncateSpoken } from './moderation'
import type { AdminModeration } from './moderation'

const base = compileProfanity({ black: BASE_PROFANITY_LIST, white: [] })
const caught = (text: string) => base.find(text).map((m) => m.text)

describe('profanity normaliser', () => {
  it.each([
    ['Scunthorpe'],
    ['class'],
    ['assistant'],
    ['passage'],
    ['Essex'],
    ['cocktail'],
    ['Dickens'],
    ['analysis'],
    ['arsenal'],
    ['cumin'],
    ['cucumber'],
    ['shiitake'],
    ['grapes'],
    ['therapist'],
    ['Penistone'],
    ['assassin'],
    ['bassist'],
    ['scrapbook'],
    ['Hello there, great stream!'],
    ['I just passed my class assessment'],
    ['Spicy noodles for the assistant'],
    ['Snigger at the cockpit'],
    ['$5.00 for pizza'],
    ['I have 100 bits'],
    ['Matsushita'],
    ['hancock'],
    ['glasses'],
  ])('leaves "%s" alone', (text) => {
    expect(caught(text)).toEqual([])
  })

  it.each([
    ['fuck', 'fuck'],
    ['FUCK', 'FUCK'],
    ['fucking hell', 'fucking'],
    ['motherfucker', 'motherfucker'],
    ['fuuuuuck', 'fuuuuuck'],
    ['f u c k you', 'f u c k'],
    ['f.u.c.k', 'f.u.c.k'],
    ['f-u-c-k', 'f-u-c-k'],
    ['s h i t', 's h i t'],
    ['f*ck', 'f*ck'],
    ['sh!t', 'sh!t'],
    ['sh1t', 'sh1t'],
    ['a$$', 'a$$'],
    ['@ss', '@ss'],
    ['b1tch', 'b1tch'],
    ['5hit', '5hit'],
    ['shiiiiit!!!', 'shiiiiit!!!'],
    ['what a shitty stream', 'shitty'],
    ['you asshole', 'asshole'],
    ['bullshit', 'bullshit'],
    ['fück', 'fück'],
    ['ƒuck', 'ƒuck'],
    ['ｆｕｃｋ', 'ｆｕｃｋ'],
    ['𝐟𝐮𝐜𝐤', '𝐟𝐮𝐜𝐤'],
  ])('catches "%s"', (text, word) => {
    expect(caught(text)).toEqual([word])
  })

  it('catches look-alike letters from Cyrillic and Greek', () => {
    // а, с, о, е below are Cyrillic; ο and κ are Greek.
    expect(caught('nice \u0430ss')).toEqual(['\u0430ss'])
    expect(caught('fu\u0441k this')).toEqual(['fu\u0441k'])
    expect(caught('\u0441\u03bfc\u03ba')).toEqual(['\u0441\u03bfc\u03ba'])
  })

  it('sees through invisible characters inside a word', () => {
    expect(caught('fu\u200bck')).toEqual(['fu\u200bck'])
    expect(caught('sh\u00adit')).toEqual(['sh\u00adit'])
  })

  it('reports spans in the original text, so replacement keeps the rest intact', () => {
    const text = 'Great stream, f u c k yeah! 😀'
    const [m] = base.find(text)
    expect(m).toBeDefined()
    expect(text.slice(m!.start, m!.end)).toBe('f u c k')
  })

  it('honours white lists and extra black lists', () => {
    const f = compileProfanity({ black: [...BASE_PROFANITY_LIST, 'noob+', 'bad word'], white: ['dick'] })
    expect(f.find('Dick Van Dyke').map((m) => m.text)).toEqual(['Dyke'])
    expect(f.find('such noobs').map((m) => m.text)).toEqual(['noobs'])
    expect(f.find('a bad   word here').map((m) => m.text)).toEqual(['bad   word'])
    expect(f.find('a badword here')).toEqual([])
  })

  it('does not take "****" or numbers for words', () => {
    expect(caught('**** ####')).toEqual([])
    expect(caught('5 5 5 5')).toEqual([])
  })

  it('canonicalises accents, width and case', () => {
    expect(canonicalize('ÀÉÎõü ＡＢ').text).toBe('aeiou ab')
  })
})

const settings: ModerationSettings = {
  use_base_list: true,
  black_list: [],
  white_list: [],
  action: 'beep',
  approval: 'off',
  max_chars: 200,
  strip_links: true,
}
const admin: AdminModeration = { enabled: true, max_chars: 300, black: [], white: [] }

describe('spoken text moderation', () => {
  it('beeps caught words and keeps the rest', () => {
    const r = moderateText('This stream is fucking great', settings, admin)
    expect(r).toMatchObject({
      spoken: 'This stream is beep great',
      flagged: true,
      skip: false,
      matches: ['fucking'],
    })
  })

  it('marks the alert to skip when the creator chose skip', () => {
    const r = moderateText('sh1t', { ...settings, action: 'skip' }, admin)
    expect(r.skip).toBe(true)
  })

  it('turns the base list off but keeps the creator list', () => {
    const off = { ...settings, use_base_list: false, black_list: ['pineapple'] }
    expect(moderateText('shit on pineapples', off, admin).spoken).toBe('shit on beep')
  })

  it('does nothing when the admin turned the filter off', () => {
    expect(moderateText('shit', settings, { ...admin, enabled: false })).toMatchObject({
      spoken: 'shit',
      flagged: false,
    })
  })

  it('strips links, cheermotes, emotes, emoji and spam repetition', () => {
    expect(
      stripNoise(
        'Cheer100 hi https://evil.example/x see www.spam.net and bit.ly/abc Kappa Kappa 😀😀 lol lol lol lol!!!!!!',
        { stripLinks: true },
      ),
    ).toBe('hi see and lol!!!')
  })

  it('keeps links when the creator allows them', () => {
    expect(stripNoise('see example.com', { stripLinks: false })).toBe('see example.com')
  })

  it('caps the spoken length at a word boundary, the stricter of creator and admin', () => {
    expect(truncateSpoken('one two three four five', 12)).toBe('one two')
    const r = moderateText('word '.repeat(100), { ...settings, max_chars: 500 }, { ...admin, max_chars: 20 })
    expect(r.spoken.length).toBeLessThanOrEqual(20)
  })
})

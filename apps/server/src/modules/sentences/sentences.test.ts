import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  PublicSentenceCategory,
  SentenceCategory,
} from '@mouthpiece/contracts/sentences/sentences.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { DEFAULT_SENTENCE_CATEGORIES } from './sentences.seed'

interface AdminList {
  categories: SentenceCategory[]
  active_count: number
  min_active: number
}

describe('sentence categories', () => {
  let t: TestApp
  let admin: Record<string, string>
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const adminList = async () => (await get('/api/admin/sentences', admin)).json<AdminList>()
  const publicList = async () =>
    (await get('/api/sentence-categories')).json<{ categories: PublicSentenceCategory[] }>().categories

  beforeAll(async () => {
    t = await createTestApp()
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    admin = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  })
  afterAll(async () => t.close())

  it('starts with the seeded categories, shown to visitors in their order', async () => {
    const categories = await publicList()
    expect(categories.length).toBeGreaterThanOrEqual(5)
    expect(categories.map((c) => c.name)).toEqual(DEFAULT_SENTENCE_CATEGORIES.map((c) => c.name))
    for (const c of categories) expect(c.sentence_count).toBeGreaterThanOrEqual(6)
    expect(categories[0]).toMatchObject({ name: 'greetings', display_name: 'Greetings' })
  })

  it('generates a real sentence of the chosen category, by name or id, avoiding the one already shown', async () => {
    const seeded = DEFAULT_SENTENCE_CATEGORIES.find((c) => c.name === 'hype')!
    const res = await get('/api/generate-sentence?category=hype')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const { sentence, category } = res.json<{
      sentence: string
      category: { name: string; display_name: string }
    }>()
    expect(seeded.sentences).toContain(sentence)
    expect(category).toMatchObject({ name: 'hype', display_name: 'Hype' })

    const { id } = (await publicList()).find((c) => c.name === 'hype')!
    for (let i = 0; i < 10; i++) {
      const again = (
        await get(`/api/generate-sentence?category=${id}&exclude=${encodeURIComponent(sentence)}`)
      ).json<{ sentence: string }>()
      expect(seeded.sentences).toContain(again.sentence)
      expect(again.sentence).not.toBe(sentence)
    }
  })

  it('answers an unknown category with a clear 404', async () => {
    const res = await get('/api/generate-sentence?category=no-such-thing')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ message: 'This sentence category is not available' })
    expect((await get('/api/generate-sentence')).statusCode).toBe(400)
  })

  it('keeps the admin calls to admins', async () => {
    expect((await get('/api/admin/sentences')).statusCode).toBe(401)
    expect(
      (await post('/api/admin/sentences/category', { name: 'x', display_name: 'X', sentences: 'Hi' }, {}))
        .statusCode,
    ).toBe(401)
  })

  it('creates a category from a display name, slugging the name and splitting sentences by line', async () => {
    const res = await post('/api/admin/sentences/category', {
      name: 'Gaming Wins!',
      display_name: 'Gaming Wins',
      order: 7,
      is_show: true,
      sentences: 'GG, that was a clean win!\n\n  Clutch play of the century.  \nGG, that was a clean win!',
    })
    expect(res.statusCode).toBe(200)
    const { category } = res.json<{ category: SentenceCategory }>()
    expect(category).toMatchObject({
      name: 'gaming-wins',
      display_name: 'Gaming Wins',
      order: 7,
      is_show: true,
      sentences: ['GG, that was a clean win!', 'Clutch play of the century.'],
    })
    expect((await publicList()).at(-1)?.name).toBe('gaming-wins')

    const dup = await post('/api/admin/sentences/category', {
      name: 'gaming wins',
      display_name: 'Again',
      sentences: ['x'],
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({
      message: 'A category named "gaming-wins" already exists',
      errors: { name: [expect.any(String)] },
    })
  })

  it('uses the default order 1 and refuses a negative or fractional order and empty sentences', async () => {
    const res = await post('/api/admin/sentences/category', {
      name: 'defaults',
      display_name: 'Defaults',
      sentences: ['One line.'],
    })
    expect(res.json<{ category: SentenceCategory }>().category).toMatchObject({ order: 1, is_show: true })
    const negative = await post('/api/admin/sentences/category', {
      name: 'neg',
      display_name: 'Neg',
      order: -1,
      sentences: ['x'],
    })
    expect(negative.statusCode).toBe(400)
    expect(negative.json()).toMatchObject({ message: 'Order must be 0 or more' })
    const fraction = await post('/api/admin/sentences/category', {
      name: 'frac',
      display_name: 'Frac',
      order: 1.5,
      sentences: ['x'],
    })
    expect(fraction.json()).toMatchObject({ message: 'Order must be a whole number' })
    const empty = await post('/api/admin/sentences/category', {
      name: 'empty',
      display_name: 'Empty',
      sentences: '\n  \n',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ message: 'Please add at least one sentence' })
  })

  it('edits a category but never its name', async () => {
    const { categories } = await adminList()
    const greetings = categories.find((c) => c.name === 'greetings')!
    const edited = await post('/api/admin/sentences/category', {
      id: greetings.id,
      name: 'greetings',
      display_name: 'Hellos',
      order: 0,
      is_show: true,
      sentences: greetings.sentences,
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json<{ category: SentenceCategory }>().category).toMatchObject({
      id: greetings.id,
      name: 'greetings',
      display_name: 'Hellos',
      order: 0,
    })

    const renamed = await post('/api/admin/sentences/category', {
      id: greetings.id,
      name: 'hellos',
      display_name: 'Hellos',
      sentences: ['x'],
    })
    expect(renamed.statusCode).toBe(422)
    expect(renamed.json()).toMatchObject({
      message: 'The name of a category cannot be changed once it is created',
      errors: { name: [expect.any(String)] },
    })
  })

  it('replaces the sentences of a category', async () => {
    const { categories } = await adminList()
    const hype = categories.find((c) => c.name === 'hype')!
    const res = await post('/api/admin/sentences/update-sentences', {
      category_id: hype.id,
      sentences: ['Only this one now!'],
    })
    expect(res.json<{ category: SentenceCategory }>().category.sentences).toEqual(['Only this one now!'])
    expect((await get('/api/generate-sentence?category=hype')).json()).toMatchObject({
      sentence: 'Only this one now!',
    })
    expect(
      (await post('/api/admin/sentences/update-sentences', { category_id: 999999, sentences: ['x'] }))
        .statusCode,
    ).toBe(404)
  })

  it('hides a category from visitors and keeps at least 3 categories active', async () => {
    let list = await adminList()
    expect(list.min_active).toBe(3)
    // Switch categories off until only 3 are active.
    const active = list.categories.filter((c) => c.is_show)
    for (const c of active.slice(3)) {
      const res = await post('/api/admin/sentences/category', { ...c, is_show: false })
      expect(res.statusCode).toBe(200)
    }
    list = await adminList()
    expect(list.active_count).toBe(3)
    const hidden = list.categories.find((c) => !c.is_show)!
    expect((await publicList()).map((c) => c.id)).not.toContain(hidden.id)
    expect((await get(`/api/generate-sentence?category=${hidden.name}`)).statusCode).toBe(404)

    // A fourth may not be switched off, nor an active one deleted.
    const last = list.categories.find((c) => c.is_show)!
    const off = await post('/api/admin/sentences/category', { ...last, is_show: false })
    expect(off.statusCode).toBe(422)
    expect(off.json()).toMatchObject({
      message: 'At least 3 categories must stay active',
      errors: { is_show: [expect.any(String)] },
    })
    const del = await post('/api/admin/sentences/delete-category', { category_id: last.id })
    expect(del.statusCode).toBe(422)
    expect(del.json()).toMatchObject({ message: 'At least 3 categories must stay active' })
    expect((await adminList()).active_count).toBe(3)

    // Editing an active one without switching it off is still fine; switching one on is always fine.
    expect(
      (await post('/api/admin/sentences/category', { ...last, display_name: 'Renamed display' })).statusCode,
    ).toBe(200)
    expect((await post('/api/admin/sentences/category', { ...hidden, is_show: true })).statusCode).toBe(200)
    expect((await adminList()).active_count).toBe(4)
  })

  it('deletes an inactive category, or an active one while more than 3 stay active', async () => {
    const list = await adminList()
    const inactive = list.categories.find((c) => !c.is_show)!
    expect((await post('/api/admin/sentences/delete-category', { category_id: inactive.id })).json()).toEqual(
      { ok: true },
    )
    const activeOne = list.categories.find((c) => c.is_show)!
    expect(
      (await post('/api/admin/sentences/delete-category', { category_id: activeOne.id })).statusCode,
    ).toBe(200)
    const after = await adminList()
    expect(after.categories.map((c) => c.id)).not.toContain(inactive.id)
    expect(after.active_count).toBe(3)
    expect(
      (await post('/api/admin/sentences/delete-category', { category_id: inactive.id })).statusCode,
    ).toBe(404)
  })
})

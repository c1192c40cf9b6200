import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { DEMO_MAX_CHARS } from '@mouthpiece/contracts/renders/renders.schemas'
import { QuickCreateSection } from './quick-create-section'

const categories = [
  { id: 1, name: 'greetings', display_name: 'Greetings', order: 1, sentence_count: 2 },
  { id: 2, name: 'hype', display_name: 'Hype', order: 2, sentence_count: 2 },
]
const lines: Record<string, string[]> = { greetings: ['Hello chat!', 'Welcome in!'], hype: ["Let's go!", 'New record!'] }

function server() {
  return fakeFetch({
    'GET /api/sentence-categories': () => ({ body: { categories } }),
    'GET /api/generate-sentence': (c) => {
      const name = c.query.get('category')!
      const pool = lines[name]!.filter((l) => l !== c.query.get('exclude'))
      const cat = categories.find((x) => x.name === name)!
      return { body: { sentence: pool[0], category: { id: cat.id, name, display_name: cat.display_name } } }
    },
    'POST /api/customer-tracking': () => ({ body: { ok: true } }),
  })
}

describe('Quick Create slot on the landing page', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('fills the line from the chosen category, asks for a different one next, and counts the refresh', async () => {
    const s = server()
    renderAt(<QuickCreateSection />, '/landing')
    await userEvent.click(await screen.findByRole('radio', { name: 'Hype' }))
    const line = screen.getByLabelText('Your line')
    await vi.waitFor(() => expect(line).toHaveValue("Let's go!"))
    await userEvent.click(screen.getByRole('button', { name: 'Another line' }))
    await vi.waitFor(() => expect(line).toHaveValue('New record!'))
    const generate = s.calls.filter((c) => c.path === '/api/generate-sentence')
    expect(generate[1]?.query.get('exclude')).toBe("Let's go!")
    const tracked = s.calls.filter((c) => c.path === '/api/customer-tracking').map((c) => c.body)
    expect(tracked[0]).toMatchObject({ event: 38, category: 'usage', data: { category: 'hype' }, anonymous_id: expect.any(String) })
    expect(screen.getByRole('link', { name: /sign up free/ })).toHaveAttribute('href', '/login?mode=register')
    // Signed out, lines are capped at the demo length.
    expect(screen.getByText(`11/${DEMO_MAX_CHARS}`)).toBeInTheDocument()
  })

  it('takes the category another section asked for in the address', async () => {
    server()
    renderAt(<QuickCreateSection />, '/landing?category=greetings')
    await vi.waitFor(() => expect(screen.getByLabelText('Your line')).toHaveValue('Hello chat!'))
    expect(screen.getByRole('radio', { name: 'Greetings' })).toHaveAttribute('aria-checked', 'true')
  })
})

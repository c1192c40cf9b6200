import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { DEMO_MAX_CHARS } from '@mouthpiece/contracts/renders/renders.schemas'
import { QuickCreateSection } from './quick-create-section'

const categories = [
  { id: 1, name: 'greetings', display_name: 'Greetings', order: 1, sentence_count: 2 },
  { id: 2, name: 'hype', display_name: 'Hype', order: 2, sentence_count: 2 },
]
const lines: Record<string, string[]> = {
  greetings: ['Hello chat!', 'Welcome in!'],
  hype: ["Let's go!", 'New record!'],
}

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

/** The browser's IntersectionObserver as far as the section uses it; `reveal()` scrolls it into reach. */
function viewport() {
  const observers: Array<{ cb: IntersectionObserverCallback; targets: Element[] }> = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { cb: IntersectionObserverCallback; targets: Element[] }
      constructor(cb: IntersectionObserverCallback) {
        this.entry = { cb, targets: [] }
        observers.push(this.entry)
      }
      observe(el: Element) {
        this.entry.targets.push(el)
      }
      disconnect() {
        this.entry.targets = []
      }
    },
  )
  return {
    reveal: () =>
      act(() => {
        for (const o of observers)
          for (const target of o.targets)
            o.cb([{ isIntersecting: true, target } as IntersectionObserverEntry], o as never)
      }),
  }
}

describe('Quick Create slot on the landing page', () => {
  let view: ReturnType<typeof viewport>
  beforeEach(() => (view = viewport()))
  afterEach(() => vi.unstubAllGlobals())

  it('loads Quick Create only as the visitor nears it, or when the address points at it', async () => {
    server()
    const { unmount } = renderAt(<QuickCreateSection />, '/landing')
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByLabelText('Your line')).not.toBeInTheDocument()
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    view.reveal()
    expect(await screen.findByLabelText('Your line')).toBeInTheDocument()
    unmount()
    renderAt(<QuickCreateSection />, '/landing?from=menu#quick-create')
    expect(await screen.findByLabelText('Your line')).toBeInTheDocument()
  })

  it('fills the line from the chosen category, asks for a different one next, and counts the refresh', async () => {
    const s = server()
    renderAt(<QuickCreateSection />, '/landing')
    view.reveal()
    await userEvent.click(await screen.findByRole('radio', { name: 'Hype' }))
    const line = screen.getByLabelText('Your line')
    await vi.waitFor(() => expect(line).toHaveValue("Let's go!"))
    await userEvent.click(screen.getByRole('button', { name: 'Another line' }))
    await vi.waitFor(() => expect(line).toHaveValue('New record!'))
    const generate = s.calls.filter((c) => c.path === '/api/generate-sentence')
    expect(generate[1]?.query.get('exclude')).toBe("Let's go!")
    const tracked = s.calls.filter((c) => c.path === '/api/customer-tracking').map((c) => c.body)
    expect(tracked[0]).toMatchObject({
      event: 38,
      category: 'usage',
      data: { category: 'hype' },
      anonymous_id: expect.any(String),
    })
    expect(screen.getByRole('link', { name: /sign up free/ })).toHaveAttribute('href', '/login?mode=register')
    // Signed out, lines are capped at the demo length.
    expect(screen.getByText(`11/${DEMO_MAX_CHARS}`)).toBeInTheDocument()
  })

  it('takes the category another section asked for in the address', async () => {
    server()
    renderAt(<QuickCreateSection />, '/landing?category=greetings')
    view.reveal()
    await vi.waitFor(() => expect(screen.getByLabelText('Your line')).toHaveValue('Hello chat!'))
    expect(screen.getByRole('radio', { name: 'Greetings' })).toHaveAttribute('aria-checked', 'true')
  })
})

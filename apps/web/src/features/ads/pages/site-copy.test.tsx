import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Brand, ValueSource } from '@mouthpiece/contracts/ads/brands.schemas'
import type { AdProject } from '@mouthpiece/contracts/ads/projects.schemas'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderApp, renderAt } from '../../../test/render'
import { AdProjectPage } from './ad-project-page'
import { BrandingPage } from './branding-page'

const read = (kind: string, detail: string | null = null): ValueSource => ({
  kind,
  detail,
  confidence: 0.9,
  confirmed: false,
})
const brand: Brand = {
  id: 3,
  name: 'Acme Roasters',
  description: 'Small-batch coffee, roasted every morning in Leeds.',
  website: 'https://acme.example/',
  name_source: read('og:site_name'),
  description_source: read('meta description'),
  voice: { voice_id: null, rate: 1 },
  caption_style: {
    font_family: 'Roboto',
    font_weight: 800,
    font_size: 64,
    color: '#FFFFFF',
    outline_color: '#000000',
    position: 'bottom',
    uppercase: false,
  },
  colours: [],
  fonts: [],
  logos: [],
  images: [],
  site_headlines: [
    { text: 'Fresh coffee', source: read('h1', 'hero h1') },
    { text: 'Roasted this morning, at your door by Friday', source: read('hero h2') },
  ],
  site_ctas: [{ text: 'Shop the roasts', source: read('hero button', '/shop') }],
  contrast: [],
  scrape_task_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
}
const summary = {
  id: 3,
  name: 'Acme Roasters',
  website: brand.website,
  logo_url: null,
  colours: [],
  created_at: brand.created_at,
  updated_at: brand.updated_at,
}
const project = (copy: string): AdProject => ({
  id: 9,
  name: 'Spring',
  brand_id: null,
  brand_name: null,
  goal: 'awareness',
  copy,
  placements: ['square'],
  status: 'draft',
  created_at: brand.created_at,
  updated_at: brand.updated_at,
})
const kitRoutes = {
  'GET /api/ads/brands': () => ({ body: { brands: [summary] } }),
  'GET /api/ads/brands/3': () => ({ body: { brand } }),
}

describe("the site's headline and buttons in the brand kit and the ad copy", () => {
  afterEach(() => vi.unstubAllGlobals())

  it('the brand kit lists the headlines and buttons read from the site, each with where it was read', async () => {
    fakeFetch(kitRoutes)
    renderAt(<BrandingPage />, '/dashboard/branding')
    const headlines = await screen.findByRole('list', { name: 'Headlines' })
    expect(
      within(headlines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Fresh coffeefrom h1 · 90%· check',
      'Roasted this morning, at your door by Fridayfrom hero h2 · 90%· check',
    ])
    const buttons = screen.getByRole('list', { name: 'Buttons' })
    expect(within(buttons).getByText('Shop the roasts')).toBeInTheDocument()
    expect(within(buttons).getByText(/from hero button/)).toBeInTheDocument()
    // They count among the values to check before Save.
    expect(screen.getByText('5 values read from the site to check')).toBeInTheDocument()
  })

  it('picking a brand fills an empty ad copy with its headline, description and button; written copy is kept', async () => {
    fakeFetch({
      ...kitRoutes,
      'GET /api/ads/projects/9': () => ({ body: { project: project('') } }),
    })
    renderApp([{ path: '/dashboard/project/:id', element: <AdProjectPage /> }], '/dashboard/project/9')
    const copy = await screen.findByLabelText('Ad copy')
    const form = within(screen.getByRole('heading', { name: 'Project' }).closest('section')!)
    await vi.waitFor(() => expect(form.getByRole('option', { name: 'Acme Roasters' })).toBeInTheDocument())
    await userEvent.selectOptions(form.getByLabelText('Brand'), '3')
    await vi.waitFor(() =>
      expect(copy).toHaveValue(
        'Fresh coffee\n\nSmall-batch coffee, roasted every morning in Leeds.\n\nShop the roasts',
      ),
    )
    // The user edits it as any text.
    await userEvent.clear(copy)
    await userEvent.type(copy, 'Our beans, your mug.')
    await userEvent.selectOptions(form.getByLabelText('Brand'), '')
    await userEvent.selectOptions(form.getByLabelText('Brand'), '3')
    await new Promise((r) => setTimeout(r, 50))
    expect(copy).toHaveValue('Our beans, your mug.')
  })
})

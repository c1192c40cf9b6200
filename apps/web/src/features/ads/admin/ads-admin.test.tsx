import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdAvatar } from '@mouthpiece/contracts/ads/avatars.contract'
import type { AdminAdImageGeneration } from '@mouthpiece/contracts/ads/images'
import type { LibraryVoice } from '@mouthpiece/contracts/voices/voice-library.contract'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { AdAvatarsPage } from './ad-avatars-page'
import { AdImageGenerationsAdminPage } from './ad-image-generations-page'

const generation = (
  id: number,
  placements: AdminAdImageGeneration['placements'],
): AdminAdImageGeneration => ({
  id,
  project_id: 1,
  brand_id: 1,
  name: `Spring sale ${id}`,
  template: 'split',
  variant: 0,
  status: 'done',
  progress: 100,
  error: null,
  selected: false,
  headline: 'Fresh again',
  body: '',
  cta: 'Shop now',
  engine: 'offline',
  placements,
  version: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  user_id: 7,
  username: 'maker',
})

const voice = (id: string, name: string): LibraryVoice => ({
  id,
  name,
  group: 'engine',
  detail: '',
  tags: [],
  curated: true,
  sample_url: null,
})

describe('ads back office', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('the image generations list shows a thumbnail of each design, served by the server', async () => {
    fakeFetch({
      'GET /api/admin/ad-image-generations': () => ({
        body: {
          list: [
            generation(4, [
              { placement: 'story', width: 1080, height: 1920, url: '/x' },
              { placement: 'square', width: 1080, height: 1080, url: '/y' },
            ]),
            generation(5, []),
          ],
          total: 2,
          lastPage: 1,
        },
      }),
    })
    renderAt(<AdImageGenerationsAdminPage />, '/admin/ad-image-generations')
    const row = (await screen.findByText('Spring sale 4')).closest('tr')!
    const img = within(row).getByRole('img')
    expect(img.getAttribute('src')).toMatch(
      /\/api\/admin\/ad-image-generations\/4\/placements\/square\/thumbnail\?v=3$/,
    )
    expect(img).toHaveAccessibleName(/Spring sale 4, /)
    expect(within(screen.getByText('Spring sale 5').closest('tr')!).queryByRole('img')).toBeNull()
  })

  it('an ad avatar takes its voice from the voice library picker, and the card names the voice', async () => {
    const avatar: AdAvatar = {
      id: 2,
      name: 'Ava',
      description: '',
      voice_id: 'espeak:en-us',
      image_url: '/files/ava.png',
      width: 600,
      height: 800,
      is_active: true,
      presenter: null,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    }
    const fake = fakeFetch({
      'GET /api/admin/ad-avatars': () => ({ body: { avatars: [avatar] } }),
      'GET /api/voices/library': () => ({
        body: {
          voices: [voice('espeak:en-us', 'Avery (US English)'), voice('espeak:en-gb', 'Bea (British)')],
          default_id: 'espeak:en-us',
        },
      }),
      'POST /api/admin/ad-avatars': () => ({ body: { avatar } }),
    })
    renderAt(<AdAvatarsPage />, '/admin/ad-avatars')
    expect(await screen.findByText(/Avery \(US English\) · 600×800/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Voice id')).toBeNull()
    const form = screen.getByRole('heading', { name: 'Add an ad avatar' }).closest('section') ?? document.body
    await userEvent.type(within(form).getByLabelText('Name'), 'Bea')
    const picker = within(form).getByLabelText('Voice')
    await vi.waitFor(() => expect(picker).toBeEnabled())
    await userEvent.selectOptions(picker, 'espeak:en-gb')
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }))
    await vi.waitFor(() =>
      expect(fake.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/ad-avatars')).toBe(true),
    )
    const body = fake.calls.find((c) => c.method === 'POST')!.body as FormData
    expect(body.get('voice_id')).toBe('espeak:en-gb')
  })
})

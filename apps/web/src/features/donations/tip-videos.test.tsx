import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import type { TipVideo } from '@mouthpiece/contracts/donations/tip-videos.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { saveUserSession } from '../../lib/session'
import { clearCookies, fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { renderFixture } from '../../test/render-fixture'
import { ActivityFeed } from './pages/activity-feed-page'
import { SetupPreviewVideo } from './components/setup-preview-video'

const ID = '3f1c2a9e-1111-4222-8333-444455556666'
const files = { video_url: null, poster_url: null, audio_url: null, vtt_url: null, srt_url: null }
const render = (patch: Partial<Render> = {}): Render =>
  renderFixture({
    source: 'tip_video',
    title: "Sam's tip · $10.00",
    text: 'Sam tipped 10 dollars: GG',
    flow: 6,
    flow_name: 'avatarGenerating',
    queue_status: 'start',
    job_status: 2,
    progress: 40,
    stage: 'rendering the avatar',
    files,
    ...patch,
  })
const done = render({
  status: 3,
  status_label: 'Completed',
  flow: 7,
  flow_name: 'avatarGenerated',
  queue_status: 'completed',
  job_status: 4,
  progress: 100,
  duration: 3.2,
  files: {
    ...files,
    video_url: `/api/renders/${ID}/files/video_id_${ID}.mp4`,
    poster_url: `/api/renders/${ID}/files/video_id_${ID}.jpg`,
  },
})
const tip = (id: number, extra: Partial<Tip> = {}): Tip => ({
  id,
  source: 'direct',
  kind: 'tip',
  external_id: `e${id}`,
  who: 'Sam',
  amount: 10,
  currency: 'USD',
  bits: null,
  points: null,
  count: null,
  tier: null,
  title: null,
  message: 'GG',
  is_test: false,
  status: 'played',
  skip_reason: null,
  spoken_text: 'Sam tipped 10 dollars: GG',
  avatar_setup_id: null,
  account_id: null,
  received_at: '2026-11-22T10:00:00.000Z',
  played_at: null,
  ...extra,
})
const video = (r: Render, patch: Partial<TipVideo> = {}): TipVideo => ({
  tip_id: 1,
  render: r,
  play_state: 'none',
  play_requested_at: null,
  played_at: null,
  play_error: null,
  ...patch,
})

describe('tip videos', () => {
  beforeEach(() => {
    clearCookies()
    saveUserSession('tok')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('makes a video of a tip from the Activity Feed, shows its progress, then plays it on stream', async () => {
    let current: TipVideo[] = []
    const server = fakeFetch({
      'GET /api/donation/tips/all': () => ({
        body: {
          list: [tip(1), tip(2, { who: 'Cara', status: 'skipped', skip_reason: 'moderated' })],
          total: 2,
          lastPage: 1,
        },
      }),
      'GET /api/donation/tips/videos': () => ({ body: { videos: current } }),
      'POST /api/donation/tips/1/generate-video': () => {
        current = [video(render())]
        return { body: { tip_video: current[0] } }
      },
      'POST /api/donation/tips/push-tip-video-action': () => ({
        body: {
          tip_video: video(done, { play_state: 'queued', play_requested_at: '2026-11-22T10:01:00.000Z' }),
        },
      }),
    })
    renderAt(<ActivityFeed username="streamer" />, '/streamer/tip')
    const table = await screen.findByRole('table', { name: 'Activity Feed' })
    const sam = (await within(table).findByText('Sam')).closest('tr')!
    const cara = within(table).getByText('Cara').closest('tr')!
    // Moderation held Cara's tip back: no video for it.
    expect(within(cara).getByRole('button', { name: 'Make video' })).toBeDisabled()

    await userEvent.click(within(sam).getByRole('button', { name: 'Make video' }))
    const bar = await within(sam).findByRole('progressbar', { name: 'Video progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(
      server.calls
        .filter((c) => c.path === '/api/donation/tips/videos')
        .at(-1)
        ?.query.get('tip_ids'),
    ).toBe('1,2')

    current = [video(done)]
    expect(
      await within(sam).findByRole('button', { name: 'Watch video' }, { timeout: 4000 }),
    ).toBeInTheDocument()
    await userEvent.click(within(sam).getByRole('button', { name: 'Play on stream' }))
    expect(await screen.findByText('Sent to your overlay')).toBeInTheDocument()
    expect(server.calls.find((c) => c.path === '/api/donation/tips/push-tip-video-action')?.body).toEqual({
      tip_id: 1,
      action: 'play',
    })

    await userEvent.click(within(sam).getByRole('button', { name: 'Watch video' }))
    const dialog = await screen.findByRole('dialog', { name: "Sam's tip · $10.00" })
    expect(within(dialog).getByTestId('render-video')).toHaveAttribute(
      'src',
      expect.stringContaining(`video_id_${ID}.mp4`),
    )
    expect(within(dialog).getByRole('link', { name: 'Download MP4' })).toHaveAttribute(
      'href',
      expect.stringContaining('download=1'),
    )
  })

  it('previews an avatar setup as a short video: the fields being edited, progress, then the player', async () => {
    let polls = 0
    const server = fakeFetch({
      'POST /api/donation/avatar-setup/short-video': () => ({
        body: { render: render({ source: 'setup_preview', status: 2, progress: 0 }) },
      }),
      [`GET /api/renders/${ID}`]: () => ({
        body: {
          render:
            ++polls > 1
              ? { ...done, source: 'setup_preview' }
              : render({ source: 'setup_preview', progress: 55 }),
        },
      }),
    })
    const body = {
      setup_id: 4,
      donation_avatar: { influencer_id: 'nova', custom_avatar_id: null, look: null },
      custom_style_id: null,
      voice: 'espeak:en-us+m3',
    }
    renderAt(<SetupPreviewVideo setup={body} />, '/donation-settings')
    await userEvent.click(screen.getByRole('button', { name: 'Preview video' }))
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === '/api/donation/avatar-setup/short-video')?.body).toEqual(
        body,
      ),
    )
    expect(await screen.findByTestId('render-video', {}, { timeout: 4000 })).toHaveAttribute(
      'src',
      expect.stringContaining('.mp4'),
    )
    expect(screen.getByRole('button', { name: 'Preview again' })).toBeEnabled()
  })
})

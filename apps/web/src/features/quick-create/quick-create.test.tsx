import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INFLUENCERS } from '@mouthpiece/avatar/presets'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { QuickCreate } from './components/quick-create'

const influencers = INFLUENCERS.map((i) => ({
  id: i.id,
  name: i.name,
  description: i.description,
  model_style: i.modelStyle,
  emotion: i.emotion,
  voice_id: i.voiceId,
  look: i.look,
  preview_url: `/api/influencers/${i.id}/preview.png`,
}))
const ID = '3f1c2a9e-1111-4222-8333-444455556666'
const files = { video_url: null, poster_url: null, audio_url: null, vtt_url: null, srt_url: null }

function render(patch: Partial<Render>): Render {
  return {
    id: ID,
    kind: 'video',
    source: 'demo',
    title: 'Hi chat',
    text: 'Hi chat',
    influencer_id: 'gamer',
    custom_avatar_id: null,
    avatar_name: 'Max',
    look: INFLUENCERS[1]!.look,
    voice_id: 'espeak:en-us+m3',
    emotion: 'Happy',
    intensity: 0.6,
    format: 'mp4',
    video_resolution: '720p',
    video_orientation: 'landscape',
    status: 2,
    status_label: 'Wait',
    flow: 2,
    flow_name: 'audioWaiting',
    queue_status: 'wait',
    queue_type: 1,
    job_status: 1,
    progress: 0,
    stage: 'waiting for a voice',
    error: null,
    duration: null,
    attempts: 0,
    share_path: `/video-sharing/${ID}`,
    files,
    created_at: '2026-01-01T00:00:00.000Z',
    started_at: null,
    completed_at: null,
    ...patch,
  }
}

/** The server side of the demo: answers with a render that moves on every poll. */
function server() {
  const steps: Array<Partial<Render>> = [
    {
      status: 1,
      status_label: 'Rendering',
      flow: 6,
      flow_name: 'avatarGenerating',
      queue_status: 'start',
      queue_type: 2,
      job_status: 2,
      progress: 48,
      stage: 'rendering the avatar',
    },
    {
      status: 3,
      status_label: 'Completed',
      flow: 7,
      flow_name: 'avatarGenerated',
      queue_status: 'completed',
      job_status: 4,
      progress: 100,
      duration: 1.4,
      files: {
        ...files,
        video_url: `/api/renders/${ID}/files/video_id_${ID}.mp4`,
        poster_url: `/api/renders/${ID}/files/video_id_${ID}.jpg`,
        vtt_url: `/api/renders/${ID}/files/video_id_${ID}.vtt`,
      },
    },
  ]
  let polls = 0
  return fakeFetch({
    'GET /api/influencers': () => ({ body: { influencers, default_id: 'streamer' } }),
    'GET /api/voices': () => ({
      body: { voices: [], featured: [], default_id: 'festival:cmu_us_slt_arctic_hts' },
    }),
    'GET /api/sentence-categories': () => ({ body: { categories: [] } }),
    'POST /api/customer-tracking': () => ({ body: { ok: true } }),
    'POST /api/demo/ai-video': (c) => {
      const text = (c.body as { text: string }).text
      if (text.length > 200)
        return {
          status: 400,
          body: {
            message: 'Please enter between 1 and 200 characters. Sign up for longer videos.',
            code: 'validation',
          },
        }
      return { body: { render: render({}) } }
    },
    [`GET /api/renders/${ID}`]: () => ({
      body: { render: render(steps[Math.min(polls++, steps.length - 1)]!) },
    }),
  })
}

describe('Quick Create', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('signed out: generates from the chosen influencer, shows progress, then plays the video with download and share', async () => {
    const s = server()
    renderAt(<QuickCreate />, '/landing')
    await userEvent.click(await screen.findByRole('radio', { name: /Max/ }))
    // The influencer's own emotion comes with it.
    expect(screen.getByRole('radio', { name: 'Happy' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.type(screen.getByLabelText('Your line'), 'Hi chat')
    await userEvent.click(screen.getByRole('button', { name: 'Generate video' }))

    const sent = await vi.waitFor(() => s.calls.find((c) => c.path === '/api/demo/ai-video')!.body)
    expect(sent).toMatchObject({
      text: 'Hi chat',
      influencer_id: 'gamer',
      emotion: 'Happy',
      format: 'mp4',
      captions: true,
    })
    expect(
      await screen.findByRole('progressbar', { name: 'Render progress' }, { timeout: 3000 }),
    ).toBeInTheDocument()
    // Generate disabled itself: the focus waits on the stage, not on the page.
    expect(screen.getByRole('region', { name: 'Your video' })).toHaveFocus()

    const video = await screen.findByTestId('render-video', {}, { timeout: 5000 })
    expect(video).toHaveAttribute('src', `/api/renders/${ID}/files/video_id_${ID}.mp4`)
    expect(video.querySelector('track')).toHaveAttribute('src', `/api/renders/${ID}/files/video_id_${ID}.vtt`)
    expect(screen.getByRole('link', { name: 'Download MP4' })).toHaveAttribute(
      'href',
      `/api/renders/${ID}/files/video_id_${ID}.mp4?download=1`,
    )
    expect(screen.getByRole('button', { name: 'Copy share link' })).toHaveAttribute(
      'data-share-url',
      `${window.location.origin}/video-sharing/${ID}`,
    )
    // Focus moved to the finished video (Generate had disabled itself), and it was announced.
    expect(screen.getByRole('region', { name: 'Your video' })).toHaveFocus()
    expect(screen.getByText('Your video is ready')).toHaveAttribute('aria-live', 'polite')
  })

  it('holds signed-out lines to the demo length, with the rule said plainly', async () => {
    server()
    renderAt(<QuickCreate />, '/landing')
    const line = await screen.findByLabelText('Your line')
    await userEvent.click(line)
    await userEvent.paste('x'.repeat(201))
    expect(
      screen.getByText('Please enter between 1 and 200 characters. Sign up for longer videos.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generate video' })).toBeDisabled()
  })
})

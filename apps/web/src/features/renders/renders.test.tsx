import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch } from '../../test/fake-fetch'
import { renderApp } from '../../test/render'
import { renderFixture } from '../../test/render-fixture'
import { VideoSharingPage } from './pages/video-sharing-page'
import { VideoResultPage } from './pages/video-result-page'

const ID = '3f1c2a9e-1111-4222-8333-444455556666'
const video = {
  id: ID,
  kind: 'video',
  title: 'Welcome to the stream',
  avatar_name: 'Max',
  text: 'Welcome to the stream',
  duration: 3.25,
  files: {
    video_url: `/api/renders/${ID}/files/video.mp4`,
    poster_url: null,
    audio_url: null,
    vtt_url: `/api/renders/${ID}/files/video.vtt`,
    srt_url: null,
  },
  created_at: '2026-03-01T10:00:00.000Z',
}

/** The page under its real pattern, so it reads the id from the address. */
const open = () =>
  renderApp([{ path: '/video-sharing/:id', element: <VideoSharingPage /> }], `/video-sharing/${ID}`)

describe('shared video page (/video-sharing/:id)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('plays the shared video with its captions and offers the MP4 and the link', async () => {
    const server = fakeFetch({ [`GET /api/video-sharing/${ID}`]: () => ({ body: { video } }) })
    open()
    expect(await screen.findByRole('heading', { name: 'Welcome to the stream' })).toBeInTheDocument()
    expect(screen.getByText(/Spoken by/)).toHaveTextContent('Spoken by Max · 3.3 s')
    const player = screen.getByTestId('render-video')
    expect(player.getAttribute('src')).toMatch(new RegExp(`/api/renders/${ID}/files/video\\.mp4$`))
    expect(player.querySelector('track[kind="captions"]')?.getAttribute('src')).toMatch(/video\.vtt$/)
    expect(screen.getByRole('link', { name: 'Download MP4' }).getAttribute('href')).toMatch(
      /video\.mp4\?download=1$/,
    )
    expect(screen.getByRole('button', { name: 'Copy share link' })).toBeInTheDocument()
    // The visitor is already on the share page: no link to open it again.
    expect(screen.queryByRole('link', { name: 'Open share page' })).not.toBeInTheDocument()
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /api/video-sharing/${ID}`])
  })

  it('a deleted or unknown video says it is not available and invites to make one', async () => {
    fakeFetch({
      [`GET /api/video-sharing/${ID}`]: () => ({
        status: 404,
        body: { message: 'Video not found', code: 'not_found' },
      }),
    })
    open()
    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Make your own video' })).toHaveAttribute(
      'href',
      '/landing#quick-create',
    )
  })

  it('a server failure is told apart from a missing video', async () => {
    fakeFetch({
      [`GET /api/video-sharing/${ID}`]: () => ({
        status: 500,
        body: { message: 'Something went wrong', code: 'internal' },
      }),
    })
    open()
    expect(await screen.findByRole('heading', { name: 'The video could not be loaded' })).toBeInTheDocument()
  })
})

describe('video result page (/video-result/:id)', () => {
  afterEach(() => vi.unstubAllGlobals())

  const running = renderFixture()

  it('tells the steps in plain words, numbered from 1, without internal state names', async () => {
    fakeFetch({ [`GET /api/video-result/${ID}`]: () => ({ body: { render: running, logs: [] } }) })
    renderApp([{ path: '/video-result/:id', element: <VideoResultPage /> }], `/video-result/${ID}`)
    const steps = await screen.findAllByRole('listitem')
    expect(steps.map((s) => s.textContent)).toEqual([
      '1In line for a voice',
      '2Recording the voice',
      '3Voice ready',
      '4In line for the animator',
      '5Animating your avatar',
      '6Finishing up',
    ])
    const page = document.body.textContent ?? ''
    for (const internal of ['audioWaiting', 'queue:', 'avatar queue', 'audio queue', 'completed'])
      expect(page).not.toContain(internal)
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listAudioProcesses, removeAudio } from '@mouthpiece/contracts/voices/voices.contract'
import type { AudioProcess } from '@mouthpiece/contracts/voices/voices.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { AudioProgressPage } from './pages/audio-progress-page'

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`
const file = (patch: Partial<AudioProcess>): AudioProcess => ({
  uuid_path: 'a1',
  original_name: 'intro.wav',
  file_name: 'audio_id_a1.wav',
  format: 'wav',
  size_bytes: 2 * 1024 * 1024,
  duration: 4.2,
  status: 2,
  status_label: 'Ready',
  progress: 100,
  stage: 'done',
  error: null,
  profile: null,
  download_url: '/api/audio/download?uuid_path=a1',
  created_at: '2026-03-01T10:00:00.000Z',
  ...patch,
})

describe('audio files page (/audio-progress)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists my uploads with their state and removes one after confirmation', async () => {
    let list = [
      file({}),
      file({
        uuid_path: 'b2',
        original_name: 'shout.mp3',
        status: 0,
        status_label: 'Failed',
        error: 'The file holds no audio',
        download_url: null,
      }),
    ]
    const server = fakeFetch({
      [key(listAudioProcesses)]: () => ({ body: { list, total: list.length, lastPage: 1 } }),
      [key(removeAudio)]: (c) => {
        list = list.filter((p) => p.uuid_path !== (c.body as { uuid_path: string }).uuid_path)
        return { body: { removed: true } }
      },
    })
    renderAt(<AudioProgressPage />, '/audio-progress')
    const intro = (await screen.findByText('intro.wav')).closest('li')!
    expect(within(intro).getByText('Ready')).toBeInTheDocument()
    expect(within(intro).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/audio/download?uuid_path=a1&download=1'),
    )
    const shout = screen.getByText('shout.mp3').closest('li')!
    expect(within(shout).getByText('The file holds no audio')).toBeInTheDocument()
    expect(within(shout).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument()

    await userEvent.click(within(shout).getByRole('button', { name: 'Remove' }))
    expect(screen.getByRole('dialog')).toHaveTextContent('shout.mp3 will be deleted.')
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    expect(server.calls.filter((c) => c.path === removeAudio.path).map((c) => c.body)).toEqual([
      { uuid_path: 'b2' },
    ])
    await vi.waitFor(() => expect(screen.queryByText('shout.mp3')).not.toBeInTheDocument())
    expect(screen.getByText('intro.wav')).toBeInTheDocument()
  })

  it('says so when there is no audio yet, and offers the upload', async () => {
    fakeFetch({ [key(listAudioProcesses)]: () => ({ body: { list: [], total: 0, lastPage: 1 } }) })
    renderAt(<AudioProgressPage />, '/audio-progress')
    expect(await screen.findByText(/No audio yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upload audio' })).toHaveAttribute(
      'href',
      '/audio-progress/upload',
    )
  })
})

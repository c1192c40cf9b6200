import { useState } from 'react'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { previewVoice } from '@mouthpiece/contracts/voices/voices.contract'
import { voiceLibrary } from '@mouthpiece/contracts/voices/voice-library.contract'
import type { LibraryVoice } from '@mouthpiece/contracts/voices/voice-library.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { VoiceSelect } from './components/voice-library'

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`
const voice = (v: Partial<LibraryVoice> & Pick<LibraryVoice, 'id' | 'name' | 'group'>): LibraryVoice => ({
  detail: '',
  tags: [],
  curated: true,
  sample_url: null,
  ...v,
})
const LIBRARY = [
  voice({ id: 'personal:7', name: 'Studio me', group: 'personal', detail: 'voice match (offline)' }),
  voice({
    id: 'profile:3',
    name: 'Highland Hamish',
    group: 'profile',
    tags: [{ category: 'accent', name: 'Scottish' }],
    sample_url: '/files/hamish.wav',
  }),
  voice({
    id: 'espeak:en-gb-scotland',
    name: 'Hamish',
    group: 'engine',
    detail: 'English (Scotland) · friendly',
    tags: [{ category: 'language', name: 'English' }],
  }),
  voice({
    id: 'espeak:de',
    name: 'German',
    group: 'engine',
    curated: false,
    tags: [{ category: 'language', name: 'German' }],
  }),
]

function Picker() {
  const [value, setValue] = useState<string>()
  return (
    <>
      <label htmlFor="v">Voice</label>
      <VoiceSelect id="v" value={value} onChange={setValue} />
      <output>{value ?? 'none'}</output>
    </>
  )
}

describe('the voice library picker', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('offers my voice first, hides the rest behind "More voices", searches, filters by tag and plays a voice', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const server = fakeFetch({
      [key(voiceLibrary)]: () => ({ body: { voices: LIBRARY, default_id: 'espeak:en-gb-scotland' } }),
      [key(previewVoice)]: () => ({
        body: {
          voice_id: 'personal:7',
          voice_label: 'voice match (offline)',
          duration: 1,
          sample_rate: 24000,
          words: [],
          cues: [],
          audio: 'data:audio/wav;base64,UklGRg==',
          server_ms: 5,
        },
      }),
    })
    renderAt(<Picker />, '/')
    const select = screen.getByRole('combobox', { name: 'Voice' })
    await vi.waitFor(() => expect(select).toBeEnabled())
    const groups = within(select)
      .getAllByRole('group')
      .map((g) => g.getAttribute('label'))
    expect(groups).toEqual(['My voices', 'Voice profiles', 'Built-in voices'])
    expect(within(select).getAllByRole('option')[1]).toHaveTextContent('Studio me (voice match (offline))')
    // The drop-down holds the curated voices only until asked for more.
    expect(within(select).queryByRole('option', { name: /German/ })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Browse voices' }))
    const rows = () =>
      screen
        .getAllByTestId('library-voice')
        .map((r) => within(r).getByRole('button', { name: /^Use / }).getAttribute('aria-label')!.slice(4))
    expect(rows()).toEqual(['Studio me', 'Highland Hamish', 'Hamish'])
    await userEvent.click(screen.getByRole('button', { name: 'More voices (1)' }))
    expect(rows()).toEqual(['Studio me', 'Highland Hamish', 'Hamish', 'German'])

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search voices' }), 'hamish')
    expect(rows()).toEqual(['Highland Hamish', 'Hamish'])
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search voices' }))
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter voices by tag' }), 'Scottish')
    expect(rows()).toEqual(['Highland Hamish'])
    expect(screen.getByTestId('voice-filter-count')).toHaveTextContent('1 voice')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter voices by tag' }), '')

    // Use my voice from the list; its play button speaks a line with it (no stored sample).
    await userEvent.click(screen.getByRole('button', { name: 'Use Studio me' }))
    expect(screen.getByText('personal:7')).toBeInTheDocument()
    expect(select).toHaveValue('personal:7')
    await userEvent.click(
      within(screen.getAllByTestId('library-voice')[0]!).getByRole('button', { name: 'Play Studio me' }),
    )
    await vi.waitFor(() => expect(play).toHaveBeenCalled())
    expect(server.calls.filter((c) => c.path === previewVoice.path).map((c) => c.body)).toEqual([
      expect.objectContaining({ voice_id: 'personal:7' }),
    ])
    // A profile with a stored sample plays it without asking the server to speak.
    await userEvent.click(screen.getByRole('button', { name: 'Play Highland Hamish' }))
    expect(server.calls.filter((c) => c.path === previewVoice.path)).toHaveLength(1)
  }, 20_000)
})

import { render, renderHook, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CAPTION_PALETTE } from '@mouthpiece/editor/palette'
import {
  VERSION_CONFLICT_CODE,
  VERSION_CONFLICT_MESSAGE,
} from '@mouthpiece/contracts/projects/projects.schemas'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { scriptToScenes } from './components/create-project-flow'
import { ProjectsList } from './components/projects-list'
import { Swatches } from './editor/inspector'
import { TakesPanel } from './editor/takes-panel'
import type { ProjectEditor } from './editor/use-project-editor'
import type { Playback } from './editor/use-playback'
import { ScriptPanel } from './editor/script-panel'
import { Timeline } from './editor/timeline'
import { newScene, ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import { queryClient } from '../../lib/query-client'
import { useThumbnailAssets } from './editor/use-frame-assets'

describe('create-project script tab', () => {
  it('splits a pasted script into scenes at blank lines, else one scene a line', () => {
    expect(scriptToScenes('Hi there,\nfriends!\n\n  Second   scene.\n\n\nThird.')).toEqual([
      'Hi there, friends!',
      'Second scene.',
      'Third.',
    ])
    expect(scriptToScenes('One\nTwo\n')).toEqual(['One', 'Two'])
    expect(scriptToScenes('   ')).toEqual([])
  })
})

describe('caption colour swatches', () => {
  it('offers the 60-swatch palette and reports the picked colour', async () => {
    const onChange = vi.fn()
    render(<Swatches label="Text colour" value="#ffffff" onChange={onChange} />)
    const swatches = screen.getAllByRole('radio')
    expect(swatches).toHaveLength(CAPTION_PALETTE.length)
    expect(screen.getByRole('radio', { name: '#FFFFFF' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(screen.getByRole('radio', { name: '#05FBCA' }))
    expect(onChange).toHaveBeenCalledWith('#05FBCA')
  })
})

describe('renaming a project from the list', () => {
  afterEach(() => vi.unstubAllGlobals())
  const project = (name: string, version: number) => ({
    id: 5,
    name,
    version,
    scene_count: 1,
    duration: 2,
    origin_mode: 'none',
    thumbnail_url: null,
    last_render_id: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  })

  it('renames even when the project moved on since the list was read (its voice finished, another tab saved)', async () => {
    let stored = project('Second video', 4)
    const server = fakeFetch({
      'GET /api/get-projects': () => ({ body: { list: [stored], total: 1, lastPage: 1 } }),
      'POST /api/check-project-name': () => ({ body: { available: true, message: null } }),
      'POST /api/projects/5/update': (c) => {
        const { version, name } = c.body as { version: number; name: string }
        if (version !== stored.version)
          return {
            status: 409,
            body: {
              message: VERSION_CONFLICT_MESSAGE,
              code: VERSION_CONFLICT_CODE,
              errors: { version: [String(stored.version)] },
            },
          }
        stored = project(name, version + 1)
        return { body: { project: stored } }
      },
    })
    renderAt(<ProjectsList creating={false} onCreatingChange={() => {}} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Second video' }))
    stored = project('Second video', 6) // two generation steps land while the menu is open
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }))
    expect(screen.getByLabelText('Project name')).toHaveValue('Second video')
    await userEvent.clear(screen.getByLabelText('Project name'))
    await userEvent.type(screen.getByLabelText('Project name'), 'Renamed video')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('link', { name: 'Renamed video' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const updates = server.calls.filter((c) => c.path === '/api/projects/5/update').map((c) => c.body)
    expect(updates).toEqual([
      { version: 4, name: 'Renamed video' },
      { version: 6, name: 'Renamed video' },
    ])
  })

  it('a name already in use keeps the dialog open with the message and changes nothing', async () => {
    const server = fakeFetch({
      'GET /api/get-projects': () => ({
        body: { list: [project('Second video', 4)], total: 1, lastPage: 1 },
      }),
      'POST /api/check-project-name': () => ({
        body: { available: false, message: 'You already have a project with this name' },
      }),
    })
    renderAt(<ProjectsList creating={false} onCreatingChange={() => {}} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Second video' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }))
    await userEvent.type(screen.getByLabelText('Project name'), ' 2')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('You already have a project with this name')).toBeInTheDocument()
    expect(server.calls.some((c) => c.path === '/api/projects/5/update')).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Second video' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }))
    expect(screen.queryByText('You already have a project with this name')).not.toBeInTheDocument()
  })
})

describe('voice takes', () => {
  it('are numbered and labelled with their length, the one in use marked', () => {
    const scene = newScene('s1', 'Hello there')
    const take = (id: string, duration: number) => ({
      id,
      url: `/api/projects/1/files/${id}.wav`,
      duration,
      words: [],
      cues: [],
      source: 'voice' as const,
      text: 'Hello there',
    })
    scene.audioData.generatedLinks = [take('a', 2.43), take('b', 61.05)]
    scene.audioData.audioFile = 'a'
    const editor = { projectId: 1, run: vi.fn(), action: vi.fn() } as unknown as ProjectEditor
    render(<TakesPanel editor={editor} scene={scene} />)
    const items = screen.getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual(['Take 10:02.4In use', 'Take 21:01.1Use'])
    expect(screen.getByLabelText('Take 2, 1:01.1')).toHaveAttribute('preload', 'metadata')
    expect(
      screen.getByText('New takes replace the ones not in use; the one in use is kept.'),
    ).toBeInTheDocument()
  })
})

describe('timeline thumbnails over a video background', () => {
  const BG = '0b7c3a53-2f5e-4d0a-9a51-7d8a3c1f2e10'
  afterEach(() => vi.restoreAllMocks())

  it('draw a still of the video (seeked to 0.5 s, copied once it is there), not black', async () => {
    const videos: HTMLVideoElement[] = []
    const make = document.createElement.bind(document)
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const el = make(tag)
      if (tag === 'video') videos.push(el as HTMLVideoElement)
      return el
    })
    const drawImage = vi.fn()
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D)
    const doc = ProjectDocument.parse({
      scenes: [newScene('s1', 'Hello there')],
      background: { type: 'video', id: BG },
    })
    const { result } = renderHook(() => useThumbnailAssets(doc, 7), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    })
    await vi.waitFor(() => expect(videos).toHaveLength(1))
    const video = videos[0]!
    expect(video.getAttribute('src')).toBe(`/api/project-backgrounds/${BG}/file`)
    expect(video.muted).toBe(true)
    // Nothing to draw yet: the thumbnails keep waiting (their key has no still in it).
    expect(result.current.assets.images?.has(BG)).toBe(false)

    // The browser reads the header (a 4 s clip), then lands on the asked time.
    Object.defineProperties(video, {
      duration: { value: 4 },
      videoWidth: { value: 1280 },
      videoHeight: { value: 720 },
    })
    video.dispatchEvent(new Event('loadedmetadata'))
    expect(video.currentTime).toBe(0.5)
    video.dispatchEvent(new Event('seeked'))

    await vi.waitFor(() => expect(result.current.assets.images?.has(BG)).toBe(true))
    const still = result.current.assets.images!.get(BG) as HTMLCanvasElement
    expect([still.width, still.height]).toEqual([1280, 720])
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 1280, 720)
    // The stamp changes, so thumbnails drawn black before the still arrived are drawn again.
    expect(result.current.stamp).toContain(BG)
  })
})

describe('a scene with its own caption style', () => {
  it('is marked "Custom captions" on its card and its timeline clip, the scenes that follow the project not', () => {
    const doc = ProjectDocument.parse({
      scenes: [newScene('s1', 'Hello there'), newScene('s2', 'Big news'), newScene('s3', 'Bye now')],
    })
    doc.scenes[1]!.captionData.ownStyle = true
    const editor = { doc, projectId: 1, saveState: 'saved', run: vi.fn() } as unknown as ProjectEditor
    const playback = {
      seek: vi.fn(),
      time: 0,
      timeRef: { current: 0 },
      onFrame: () => () => {},
    } as unknown as Playback
    render(
      <QueryClientProvider client={queryClient}>
        <ScriptPanel editor={editor} playback={playback} currentId="s1" />
        <Timeline editor={editor} playback={playback} />
      </QueryClientProvider>,
    )
    const cards = screen.getAllByTestId('scene')
    expect(cards.map((c) => within(c).queryByText('Custom captions') !== null)).toEqual([false, true, false])
    expect(within(cards[1]!).getByTestId('caption-override')).toHaveAttribute(
      'title',
      'This scene has its own caption style',
    )
    // The clip names it for screen readers (its visible mark is a short "CC").
    const clips = screen.getAllByTestId('timeline-clip')
    expect(clips.map((c) => within(c).queryByText('Custom captions') !== null)).toEqual([false, true, false])
    expect(clips[1]).toHaveTextContent('2CCCustom captionsBig news')
  })
})

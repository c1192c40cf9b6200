import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { ProjectDocument, newScene } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { ProjectDocumentInput } from '@mouthpiece/contracts/projects/project-document.schemas'
import { captionFace, allCaptionFaces } from './caption-fonts'
import { layoutCaptions, pageAt, sceneWords } from './caption-layout'
import { matchShortcut, runCommand } from './commands'
import { drawFrame } from './draw-frame'
import { registerCaptionFontsNode } from './fonts-node'
import { DocumentHistory } from './history'
import { snapBox } from './snapping'
import { clampAssetSpan, MIN_ASSET_SECONDS, projectDuration, sceneAt, sceneDuration } from './timeline'

const doc = (input: Partial<ProjectDocumentInput> = {}) =>
  ProjectDocument.parse({
    scenes: [newScene('s1', 'Hello there friends'), newScene('s2', 'Second scene')],
    ...input,
  })

const spoken = () => {
  const d = doc()
  d.scenes[0]!.audioData.audioFile = 't1'
  d.scenes[0]!.audioData.generatedLinks = [
    {
      id: 't1',
      url: '/x.wav',
      duration: 1.5,
      source: 'voice',
      text: 'Hello there friends',
      words: [
        { text: 'Hello', start: 0, end: 0.5 },
        { text: 'there', start: 0.5, end: 1 },
        { text: 'friends', start: 1, end: 1.5 },
      ],
      cues: [
        { viseme: 'aa', start: 0.1, end: 0.4, weight: 1 },
        { viseme: 'PP', start: 0.6, end: 0.7, weight: 1 },
      ],
    },
  ]
  return d
}

describe('history and commands', () => {
  it('undoes and redoes every command, merging a drag into one step', () => {
    let now = 0
    const h = new DocumentHistory(doc(), () => now)
    runCommand(h, 'scene.setText', { sceneId: 's1', text: 'New text' })
    for (let i = 0; i < 5; i++) {
      now += 50
      runCommand(h, 'avatar.setBox', { sceneId: 's1', box: { x: 100 + i, y: 50 } })
    }
    expect(h.doc.scenes[0]!.avatarData.position).toMatchObject({ x: 104, y: 50 })
    expect(h.undo()).toBe(true)
    expect(h.doc.scenes[0]!.avatarData.position.x).toBe(712)
    expect(h.doc.scenes[0]!.text).toBe('New text')
    h.undo()
    expect(h.doc.scenes[0]!.text).toBe('Hello there friends')
    h.redo()
    h.redo()
    expect(h.doc.scenes[0]!.avatarData.position.x).toBe(104)
    expect(h.canRedo).toBe(false)
  })

  it('keeps one drag one step however slowly it goes, and two drags two steps', () => {
    let now = 0
    const h = new DocumentHistory(doc(), () => now)
    for (let i = 0; i < 3; i++) {
      now += 5000
      runCommand(h, 'caption.setBox', { sceneId: 's1', box: { y: 300 - i }, gesture: 'g1' })
    }
    runCommand(h, 'caption.setBox', { sceneId: 's1', box: { width: 500 }, gesture: 'g2' })
    h.undo()
    expect(h.doc.scenes[0]!.captionData).toMatchObject({ y: 298, w: 420 })
    h.undo()
    expect(h.doc.scenes[0]!.captionData.y).toBe(350)
  })

  it('adds, duplicates, splits, moves and deletes scenes, never below one scene', () => {
    const h = new DocumentHistory(doc())
    runCommand(h, 'scene.split', { sceneId: 's1', at: 'Hello there'.length, id: 'half' })
    expect(h.doc.scenes.map((s) => s.text)).toEqual(['Hello there', 'friends', 'Second scene'])
    runCommand(h, 'scene.duplicate', { sceneId: 's2', id: 'dup' })
    runCommand(h, 'scene.move', { sceneId: 'dup', to: 0 })
    expect(h.doc.scenes.map((s) => s.id)).toEqual(['dup', 's1', 'half', 's2'])
    runCommand(h, 'scene.add', { afterId: 's1', id: 'new', text: 'Added' })
    expect(h.doc.scenes[2]!.id).toBe('new')
    for (const s of [...h.doc.scenes]) runCommand(h, 'scene.delete', { sceneId: s.id })
    expect(h.doc.scenes).toHaveLength(1)
    expect(runCommand(h, 'scene.delete', { sceneId: 'nope' })).toBe(false)
    expect(ProjectDocument.safeParse(h.doc).success).toBe(true)
  })

  it('keeps boxes sane: angle wraps, sizes stay positive, NaN is ignored', () => {
    const h = new DocumentHistory(doc())
    runCommand(h, 'caption.setBox', { sceneId: 's1', box: { angle: 370, width: -5, x: Number.NaN } })
    expect(h.doc.scenes[0]!.captionData).toMatchObject({ angle: 10, w: 16, x: 400 })
  })

  it('moves, resizes and rotates an overlay as one step per drag; sounds have no box', () => {
    const h = new DocumentHistory(doc())
    runCommand(h, 'asset.add', {
      sceneId: 's1',
      asset: { id: 'pic', type: 'image', file: 'a.png', x: 640, y: 110, w: 320, h: 180 },
    })
    runCommand(h, 'asset.add', {
      sceneId: 's1',
      asset: { id: 'snd', type: 'audio', file: 'a.wav', w: 1, h: 1 },
    })
    for (let i = 1; i <= 3; i++)
      runCommand(h, 'asset.setBox', {
        sceneId: 's1',
        assetId: 'pic',
        box: { x: 640 - i * 10, y: 110 + i },
        gesture: 'drag',
      })
    runCommand(h, 'asset.setBox', {
      sceneId: 's1',
      assetId: 'pic',
      box: { width: 400, height: 225, angle: 370 },
      gesture: 'resize',
    })
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ x: 610, y: 113, w: 400, h: 225, angle: 10 })
    h.undo()
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ x: 610, y: 113, w: 320, h: 180, angle: 0 })
    h.undo()
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ x: 640, y: 110 })
    h.redo()
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ x: 610, y: 113 })
    expect(runCommand(h, 'asset.setBox', { sceneId: 's1', assetId: 'snd', box: { x: 5 } })).toBe(false)
    expect(runCommand(h, 'asset.setBox', { sceneId: 's1', assetId: 'nope', box: { x: 5 } })).toBe(false)
  })

  it('matches shortcuts', () => {
    const e = { key: 'z', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false }
    expect(matchShortcut(e, 'Mod+Shift+Z')).toBe(true)
    expect(matchShortcut(e, 'Mod+Z')).toBe(false)
  })
})

describe('timeline and captions', () => {
  it('times scenes from their takes, estimating scenes without audio', () => {
    const d = spoken()
    expect(sceneDuration(d.scenes[0]!)).toBeCloseTo(1.8)
    expect(projectDuration(d)).toBeCloseTo(1.8 + 2)
    expect(sceneAt(d, 2)?.span.index).toBe(1)
    expect(sceneAt(d, 99)?.span.index).toBe(1)
  })

  it('pages words to the box and re-times captions when the text changes', () => {
    const d = spoken()
    const measure = (t: string) => t.length * 10
    const { pages } = layoutCaptions(sceneWords(d.scenes[0]!), { w: 120, h: 40 }, 30, measure)
    expect(pages.map((p) => p.lines.map((l) => l.map((w) => w.text).join(' ')))).toEqual([
      ['Hello there'],
      ['friends'],
    ])
    expect(pageAt(pages, 1.2)?.lines[0]![0]!.text).toBe('friends')
    d.scenes[0]!.text = 'Changed words now'
    // The old take no longer speaks the text: its words are not shown, an estimate is.
    expect(sceneWords(d.scenes[0]!).map((w) => w.text)).toEqual(['Changed', 'words', 'now'])
  })

  it('resolves the 15 fonts to shipped files and the nearest weight', () => {
    expect(captionFace('Roboto', 800)).toMatchObject({
      family: 'mp-roboto-800',
      file: 'roboto-latin-800-normal.woff2',
    })
    expect(captionFace('Lato', 800).weight).toBe(900)
    expect(captionFace('Impact', 800).packageId).toBe('anton')
    expect(allCaptionFaces().length).toBeGreaterThan(80)
  })

  it('snaps to the canvas centre and reports the guide', () => {
    expect(snapBox({ x: 423, y: 100, width: 50, height: 50 }, { width: 840, height: 465 })).toEqual({
      x: 420,
      y: 100,
      guides: [{ axis: 'x', at: 420 }],
    })
  })
})

describe('drawFrame', () => {
  registerCaptionFontsNode()
  const pixels = (d: ProjectDocument, tMs: number) => {
    const canvas = createCanvas(420, 232)
    drawFrame(canvas.getContext('2d'), d, tMs, {}, { width: 420, height: 232 })
    return canvas.getContext('2d').getImageData(0, 0, 420, 232).data
  }
  const at = (data: Uint8ClampedArray, x: number, y: number) =>
    Array.from(data.slice((y * 420 + x) * 4, (y * 420 + x) * 4 + 4))

  it('draws the background, the avatar and the caption, and is a pure function of time', () => {
    const d = spoken()
    const a = pixels(d, 300)
    expect(at(a, 2, 2)).toEqual([0x1b, 0x1f, 0x2a, 255])
    // The avatar box is centred at 712,337 (editor px) → 356,168 here: something other than background.
    expect(at(a, 356, 168)).not.toEqual([0x1b, 0x1f, 0x2a, 255])
    expect(Buffer.from(pixels(d, 300)).equals(Buffer.from(a))).toBe(true)
    // The mouth moves between 0.3 s (aa) and 0.65 s (PP).
    expect(Buffer.from(pixels(d, 650)).equals(Buffer.from(a))).toBe(false)
  })

  it('draws captions in the highlight colour for the spoken word', () => {
    const d = spoken()
    d.scenes[0]!.avatarData.showAvatar = false
    d.scenes[0]!.captionData.fontSize = 40
    const data = pixels(d, 200)
    let teal = 0
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! < 60 && data[i + 1]! > 200 && data[i + 2]! > 160) teal++
    expect(teal).toBeGreaterThan(30)
    d.scenes[0]!.captionData.display = false
    const none = pixels(d, 200)
    expect(none.every((v, i) => v === [0x1b, 0x1f, 0x2a, 255][i % 4])).toBe(true)
  })
})

describe('project caption style', () => {
  const three = () =>
    ProjectDocument.parse({
      scenes: [newScene('s1', 'One'), newScene('s2', 'Two'), newScene('s3', 'Three')],
    })

  it('scenes inherit the project style; an override is marked and kept; apply to all and reset', () => {
    const h = new DocumentHistory(three())
    runCommand(h, 'caption.setStyle', { sceneId: 's2', style: { fontFamily: 'Lato', fontSize: 30 } })
    expect(h.doc.scenes[1]!.captionData).toMatchObject({ fontFamily: 'Lato', fontSize: 30, ownStyle: true })

    runCommand(h, 'caption.setProjectStyle', {
      style: { fontFamily: 'Roboto', color: ['#FF6A59', '#FFFFFF'] },
    })
    expect(h.doc.captionStyle).toMatchObject({ fontFamily: 'Roboto', color: ['#FF6A59', '#FFFFFF'] })
    expect(h.doc.scenes.map((s) => s.captionData.fontFamily)).toEqual(['Roboto', 'Lato', 'Roboto'])
    expect(h.doc.scenes.map((s) => s.captionData.ownStyle)).toEqual([false, true, false])
    // Only the look: boxes and text are untouched.
    expect(h.doc.scenes[0]!.captionData.content).toBe('One')

    runCommand(h, 'caption.resetStyle', { sceneId: 's2' })
    expect(h.doc.scenes[1]!.captionData).toMatchObject({ fontFamily: 'Roboto', ownStyle: false })
    expect(h.doc.scenes[1]!.captionData.fontSize).toBe(h.doc.captionStyle.fontSize)

    runCommand(h, 'caption.setStyle', { sceneId: 's3', style: { fontFamily: 'Impact', fontSize: 44 } })
    runCommand(h, 'caption.applyToAll', { sceneId: 's3' })
    expect(h.doc.captionStyle).toMatchObject({ fontFamily: 'Impact', fontSize: 44 })
    expect(
      h.doc.scenes.map((s) => [s.captionData.fontFamily, s.captionData.fontSize, s.captionData.ownStyle]),
    ).toEqual([
      ['Impact', 44, false],
      ['Impact', 44, false],
      ['Impact', 44, false],
    ])
    // One undo step each.
    h.undo()
    expect(h.doc.scenes[0]!.captionData.fontFamily).toBe('Roboto')
  })

  it('the render draws every scene with the inherited font', () => {
    registerCaptionFontsNode()
    const h = new DocumentHistory(three())
    runCommand(h, 'caption.setProjectStyle', { style: { fontFamily: 'Lato', fontWeight: 800 } })
    const fonts: string[] = []
    const canvas = createCanvas(420, 232)
    const ctx = canvas.getContext('2d')
    const spy = new Proxy(ctx, {
      set(target, key, value) {
        if (key === 'font') fonts.push(String(value))
        return Reflect.set(target, key, value)
      },
      get(target, key) {
        const v = Reflect.get(target, key) as unknown
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
      },
    })
    for (const t of [100, 2600, 5100]) drawFrame(spy, h.doc, t, {}, { width: 420, height: 232 })
    const face = captionFace('Lato', 800).family
    expect(fonts.filter((f) => f.includes(face)).length).toBeGreaterThanOrEqual(3)
  })
})

describe('captions fit their box', () => {
  it('a 56 pt caption in a small box is drawn inside it, with the chosen size when it fits', () => {
    registerCaptionFontsNode()
    const d = ProjectDocument.parse({ scenes: [newScene('s1', 'Unbelievable extraordinary performances')] })
    const c = d.scenes[0]!.captionData
    d.scenes[0]!.avatarData.showAvatar = false
    Object.assign(c, { fontSize: 56, x: 420, y: 232, w: 200, h: 60 })
    const canvas = createCanvas(840, 465)
    const ctx = canvas.getContext('2d')
    drawFrame(ctx, d, 100, {}, { width: 840, height: 465 })
    const data = ctx.getImageData(0, 0, 840, 465).data
    let inside = 0
    let outside = 0
    for (let y = 0; y < 465; y++)
      for (let x = 0; x < 840; x++) {
        const i = (y * 840 + x) * 4
        const bg = data[i] === 0x1b && data[i + 1] === 0x1f && data[i + 2] === 0x2a
        if (bg) continue
        // The outline may reach a few pixels past the box.
        if (Math.abs(x - 420) <= 100 + 6 && Math.abs(y - 232) <= 30 + 6) inside++
        else outside++
      }
    expect(inside).toBeGreaterThan(200)
    expect(outside).toBe(0)
  })
})

describe('palette', () => {
  it('has the 60 swatches of SPEC §9 including the default colours', async () => {
    const { CAPTION_PALETTE } = await import('./palette')
    expect(CAPTION_PALETTE).toHaveLength(60)
    expect(new Set(CAPTION_PALETTE).size).toBe(60)
    for (const c of ['#05FBCA', '#FFFFFF', '#000000', '#FF6A59']) expect(CAPTION_PALETTE).toContain(c)
  })
})

describe('server merge', () => {
  it('takes the server audio for scenes whose text it spoke, keeps scenes edited since', async () => {
    const { adoptServerAudio } = await import('./server-merge')
    const server = spoken()
    const h = new DocumentHistory(doc())
    runCommand(h, 'scene.setText', { sceneId: 's2', text: 'Edited meanwhile' })
    server.scenes[1]!.audioData.generatedLinks = [
      { ...server.scenes[0]!.audioData.generatedLinks[0]!, id: 'old', text: 'Second scene' },
    ]
    h.merge((draft) => adoptServerAudio(draft, server))
    expect(h.doc.scenes[0]!.audioData.audioFile).toBe('t1')
    expect(h.doc.scenes[1]!.audioData.generatedLinks).toEqual([])
    // History survives the merge: the text edit can still be undone.
    h.undo()
    expect(h.doc.scenes[1]!.text).toBe('Second scene')
    expect(h.doc.scenes[0]!.audioData.audioFile).toBe('t1')
  })
})

describe('waveform levels', () => {
  it('classifies peaks with the SPEC thresholds', async () => {
    const { bucketLevels, levelOf } = await import('./waveform')
    const samples = new Float32Array([0, 0.0005, 0.005, 0.05, 0.5, 1])
    const levels = bucketLevels(samples, 6)
    expect(levels.map(levelOf)).toEqual(['silence', 'silence', 'speech', 'yellow', 'red', 'red'])
    expect(levels[5]).toBeCloseTo(0)
  })
})

describe('assets on the timeline: add, move, trim, layers, undo', () => {
  it('trims either edge inside the scene, moves keeping the length, clamps layers, and undoes each drag as one step', () => {
    let now = 0
    const h = new DocumentHistory(spoken(), () => now)
    // Scene 1 lasts its take (1.5 s) plus the tail.
    const len = sceneDuration(h.doc.scenes[0]!)
    runCommand(h, 'asset.add', {
      sceneId: 's1',
      asset: { id: 'logo', type: 'text', text: 'Subscribe', start: 0.2, end: 1 },
    })
    expect(h.doc.scenes[0]!.assets).toMatchObject([{ id: 'logo', start: 0.2, end: 1, layer: 0 }])
    // A duplicate id or a bad asset changes nothing.
    expect(runCommand(h, 'asset.add', { sceneId: 's1', asset: { id: 'logo', type: 'text' } })).toBe(false)
    expect(runCommand(h, 'asset.add', { sceneId: 's1', asset: { id: 'bad id!', type: 'text' } })).toBe(false)

    // Trim the end edge past the scene's end in several pointer moves: clamped, one undo step.
    for (const end of [1.2, 1.6, 9]) {
      now += 3000
      runCommand(h, 'asset.update', { sceneId: 's1', assetId: 'logo', data: { end }, gesture: 'trim-end' })
    }
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ start: 0.2, end: Math.round(len * 100) / 100 })
    // Trim the start edge past the end: stops MIN_ASSET_SECONDS before it.
    runCommand(h, 'asset.update', {
      sceneId: 's1',
      assetId: 'logo',
      data: { start: 5 },
      gesture: 'trim-start',
    })
    expect(h.doc.scenes[0]!.assets[0]!.end - h.doc.scenes[0]!.assets[0]!.start).toBeCloseTo(
      MIN_ASSET_SECONDS,
      5,
    )
    h.undo()
    // Move (both edges) keeps the length and slides back inside; layers clamp to 0..3.
    runCommand(h, 'asset.update', {
      sceneId: 's1',
      assetId: 'logo',
      data: { start: -1, end: 0.2, layer: 9 },
      gesture: 'move',
    })
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ start: 0, layer: 3 })
    expect(h.doc.scenes[0]!.assets[0]!.end).toBeCloseTo(1.2, 2)
    h.undo()
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ start: 0.2, layer: 0 })
    h.undo()
    expect(h.doc.scenes[0]!.assets[0]).toMatchObject({ start: 0.2, end: 1 })
    h.redo()
    expect(h.doc.scenes[0]!.assets[0]!.end).toBeCloseTo(len, 2)
    runCommand(h, 'asset.delete', { sceneId: 's1', assetId: 'logo' })
    expect(h.doc.scenes[0]!.assets).toEqual([])
    h.undo()
    expect(h.doc.scenes[0]!.assets).toHaveLength(1)
    expect(clampAssetSpan({ start: 2, end: 1 }, 3, 'move')).toEqual({ start: 2, end: 2.2 })
  })
})

/**
 * One project with everything drawFrame draws (two scenes, a spoken take with words and mouth
 * cues, a rotated caption, a rotated avatar, a text asset) for the pixel test, and the benches' script.
 */
import { ProjectDocument, newScene } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import { VISEMES } from '@mouthpiece/contracts/media/visemes.schemas'

/** Even word timings and a viseme cycle for a text: a stand-in take with the shape the engine returns. */
export function syntheticTake(id: string, text: string, secondsPerWord = 0.4) {
  const words: WordTiming[] = text
    .split(/\s+/)
    .filter(Boolean)
    .map((t, i) => ({ text: t, start: 0.1 + i * secondsPerWord, end: 0.1 + (i + 1) * secondsPerWord - 0.05 }))
  const cues: VisemeCue[] = []
  for (let t = 0.1, i = 0; t < (words.at(-1)?.end ?? 0); t += 0.09, i++)
    cues.push({ viseme: VISEMES[(i * 7) % VISEMES.length]!, start: t, end: t + 0.09, weight: 1 })
  return {
    id,
    url: `/takes/${id}.wav`,
    duration: (words.at(-1)?.end ?? 0) + 0.1,
    words,
    cues,
    source: 'voice' as const,
    text,
  }
}

/** The script of the bench project: six scenes, about a minute of speech. */
export const SIX_SCENE_SCRIPT = [
  'Hey chat, welcome back to the stream. Today we are building a whole video out of six little scenes, one after another. Grab a drink and get comfortable, this will be fun.',
  'First we write the script. Every scene holds a few sentences, and the avatar speaks them with the voice you picked for it. You can change that voice at any time.',
  'Then we move the avatar around the canvas, resize it, and drop the captions right where the viewers will read them best. Nothing covers the game itself.',
  'If a line sounds wrong, just type the new words. The voice, the mouth and the captions follow the script without drifting. That is the whole trick, and it saves hours.',
  'When everything looks right, we render the final video and watch the progress bar fill up in real time on the page. It only takes a moment, even on a small laptop.',
  'Finally we download the assets, share the link with friends, and get back to playing games. Thanks for watching, see you soon! Do not forget to follow.',
] as const

export function testProject(): ProjectDocument {
  const texts = [
    'Welcome back to the channel, today we build something fun together',
    'Smash that like button and tell me what you think below',
  ]
  const doc = ProjectDocument.parse({
    scenes: texts.map((t, i) => newScene(`scene${i}`, t, i ? 'gamer' : 'streamer')),
    background: { type: 'color', color: '#243B55' },
  })
  doc.scenes.forEach((scene, i) => {
    const take = syntheticTake(`take${i}`, scene.text)
    scene.audioData.generatedLinks = [take]
    scene.audioData.audioFile = take.id
  })
  const [a, b] = doc.scenes as [ProjectDocument['scenes'][0], ProjectDocument['scenes'][0]]
  a.captionData.angle = -6
  a.captionData.fontFamily = 'Montserrat'
  a.avatarData.emotion = 'Happy'
  b.avatarData.position = { ...b.avatarData.position, x: 200, y: 250, angle: 8, width: 300, height: 300 }
  b.captionData = {
    ...b.captionData,
    fontFamily: 'Bebas Neue',
    fontSize: 40,
    color: ['#FF6A59', '#FFFFFF'],
    x: 560,
    y: 120,
    w: 360,
    h: 120,
  }
  b.assets = [
    {
      id: 'txt',
      type: 'text',
      layer: 0,
      start: 0,
      end: 10,
      x: 620,
      y: 420,
      w: 300,
      h: 40,
      angle: 0,
      file: null,
      text: 'mouthpiece.live',
      color: '#FFD166',
      volume: 1,
    },
  ]
  return doc
}

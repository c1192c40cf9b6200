/**
 * The avatar's pose at time t: a pure function of (t, viseme timeline, seed, emotion, energy), so the
 * page and the render worker draw identical frames and any frame can be drawn without the previous.
 */
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { mouthAt } from './mouth'
import type { MouthShape } from './mouth'
import { rand01 } from './random'

export interface AvatarPose {
  /** Head offset and tilt, in the 256-unit avatar box. */
  headX: number
  headY: number
  headRot: number
  /** Shoulders follow the head a little. */
  bodyY: number
  /** 0 open .. 1 closed. */
  blink: number
  gazeX: number
  gazeY: number
  /** -1 lowered .. 1 raised. */
  browRaise: number
  /** -1 angry V (inner ends down) .. 1 worried (inner ends up). */
  browTilt: number
  /** Eye opening scale, 1 normal. */
  eyeOpen: number
  /** Mouth-corner curve -1 (down) .. 1 (big smile). */
  smile: number
  blush: number
  mouth: MouthShape
}

const MOTION_HZ = 15

export interface AnimationInput {
  cues: readonly VisemeCue[]
  /** Word starts (seconds): the head nods on some of them. */
  wordStarts?: readonly number[]
  seed: number
  emotion: Emotion
  /** Head-motion liveliness; SPEC default 1.5. */
  energy: number
}

interface Expression {
  browRaise: number
  browTilt: number
  eyeOpen: number
  smile: number
  blush: number
  gazeY: number
  /** Motion speed and size multipliers. */
  tempo: number
  sway: number
  mouthOpen: number
  mouthRound: number
}

const EXPRESSIONS: Record<Emotion, Expression> = {
  Neutral: {
    browRaise: 0,
    browTilt: 0,
    eyeOpen: 1,
    smile: 0.3,
    blush: 0.15,
    gazeY: 0,
    tempo: 1,
    sway: 1,
    mouthOpen: 0,
    mouthRound: 0,
  },
  Happy: {
    browRaise: 0.35,
    browTilt: 0,
    eyeOpen: 0.86,
    smile: 1,
    blush: 0.65,
    gazeY: 0,
    tempo: 1.2,
    sway: 1.2,
    mouthOpen: 0.08,
    mouthRound: 0,
  },
  Sad: {
    browRaise: 0.15,
    browTilt: 1,
    eyeOpen: 0.78,
    smile: -0.75,
    blush: 0,
    gazeY: 0.45,
    tempo: 0.65,
    sway: 0.6,
    mouthOpen: 0,
    mouthRound: 0,
  },
  Angry: {
    browRaise: -0.55,
    browTilt: -1,
    eyeOpen: 0.8,
    smile: -0.55,
    blush: 0.35,
    gazeY: 0,
    tempo: 1.35,
    sway: 1.1,
    mouthOpen: 0,
    mouthRound: 0,
  },
  Surprised: {
    browRaise: 1,
    browTilt: 0.15,
    eyeOpen: 1.3,
    smile: 0.05,
    blush: 0.2,
    gazeY: -0.1,
    tempo: 1.1,
    sway: 1,
    mouthOpen: 0.22,
    mouthRound: 0.45,
  },
}

/** Blinks come every 2–5.5 s (15 % of them followed by a quick second one); each lasts 160 ms. */
function blinkAmount(t: number, seed: number): number {
  let at = 0.6 + rand01(seed, 1000) * 1.5
  for (let n = 0; at <= t; n++) {
    const dt = t - at
    if (dt < 0.16) return dt < 0.06 ? dt / 0.06 : 1 - (dt - 0.06) / 0.1
    at += rand01(seed, 2000 + n) < 0.15 ? 0.25 : 2 + rand01(seed, 3000 + n) * 3.5
  }
  return 0
}

/** Gaze holds for 0.8–3 s, then darts (in 80 ms) to a new nearby point. */
function gaze(t: number, seed: number): [number, number] {
  let at = 0
  let prev: [number, number] = [0, 0]
  for (let n = 0; ; n++) {
    const next: [number, number] =
      rand01(seed, 4000 + n) < 0.5
        ? [0, 0]
        : [rand01(seed, 5000 + n) * 2 - 1, (rand01(seed, 6000 + n) * 2 - 1) * 0.5]
    const hold = 0.8 + rand01(seed, 7000 + n) * 2.2
    if (t < at + hold) return prev
    if (t < at + hold + 0.08) {
      const k = (t - at - hold) / 0.08
      return [prev[0] + (next[0] - prev[0]) * k, prev[1] + (next[1] - prev[1]) * k]
    }
    at += hold + 0.08
    prev = next
  }
}

/** A nod shaped like an attack-decay bump peaking 0.12 s after the word starts. */
function nods(t: number, words: readonly number[], seed: number): number {
  let sum = 0
  for (let i = 0; i < words.length; i++) {
    const dt = t - words[i]!
    if (dt < 0) break
    if (dt > 0.6) continue
    const strength = rand01(seed, 9000 + i) < 0.45 ? 0.3 + 0.7 * rand01(seed, 9500 + i) : 0
    const x = dt / 0.12
    sum += strength * x * Math.exp(1 - x)
  }
  return sum
}

/** Speech level around t, 0..1: the head is livelier while talking. */
function talking(mouth: MouthShape): number {
  return Math.min(1, mouth.open * 1.6 + mouth.press * 0.3)
}

export function poseAt(t: number, input: AnimationInput): AvatarPose {
  const e = EXPRESSIONS[input.emotion]
  const seed = input.seed >>> 0
  const energy = Math.max(0, input.energy)
  const ph = (k: number) => rand01(seed, k) * Math.PI * 2
  // Head and body motion is sampled at 15 Hz: steps are sub-pixel (invisible), and a 30 fps renderer
  // can reuse every other frame while the mouth rests.
  const tm = Math.floor(t * MOTION_HZ) / MOTION_HZ
  const tt = tm * e.tempo
  const base = mouthAt(t, input.cues)
  const mouth: MouthShape = {
    ...base,
    open: Math.min(1, base.open + e.mouthOpen * (1 - base.press)),
    round: Math.min(1, base.round + e.mouthRound * (1 - base.round)),
  }
  const speaking = talking(mouthAt(tm, input.cues))
  const amp = (energy / 1.5) * e.sway
  const sway = (f: number, k: number) => Math.sin(2 * Math.PI * f * tt + ph(k))
  const nod = nods(tm, input.wordStarts ?? [], seed)
  const [gx, gy] = gaze(tm, seed)
  return {
    headX: amp * (2.2 * sway(0.21, 1) + 1.1 * sway(0.53, 2) + 0.8 * speaking * sway(1.3, 3)),
    headY: amp * (1.2 * sway(0.31, 4) + 2.2 * nod + 0.6 * speaking * sway(2.1, 5)) + e.gazeY * 2,
    headRot:
      amp * (0.035 * sway(0.17, 6) + 0.02 * sway(0.43, 7) + 0.018 * speaking * sway(0.9, 8)) +
      (input.emotion === 'Sad' ? 0.04 : 0),
    bodyY: amp * 0.8 * sway(0.31, 4) + 0.6 * amp * sway(0.26, 9),
    blink: blinkAmount(t, seed),
    gazeX: gx * 0.8,
    gazeY: gy + e.gazeY,
    browRaise: e.browRaise + 0.25 * nod + 0.15 * speaking * Math.max(0, sway(0.7, 10)),
    browTilt: e.browTilt,
    eyeOpen: e.eyeOpen,
    smile: e.smile,
    blush: e.blush,
    mouth,
  }
}

/**
 * A key equal for poses that draw the same pixels (to the quantum below), so a renderer can reuse
 * a frame instead of drawing it again (a mouth shape held for 100 ms is three equal frames).
 */
export function poseKey(p: AvatarPose, pixelsPerUnit: number): string {
  const q = (v: number, step: number) => Math.round(v / step)
  const px = 0.35 / pixelsPerUnit
  const m = p.mouth
  return [
    q(p.headX, px),
    q(p.headY, px),
    q(p.headRot, 0.002),
    q(p.bodyY, px),
    q(p.blink, 0.08),
    q(p.gazeX, 0.05),
    q(p.gazeY, 0.05),
    q(p.browRaise, 0.03),
    q(m.open, 0.02),
    q(m.wide, 0.02),
    q(m.round, 0.03),
    q(m.teeth, 0.05),
    q(m.tongue, 0.05),
    q(m.press, 0.05),
    q(m.bite, 0.05),
  ].join(',')
}

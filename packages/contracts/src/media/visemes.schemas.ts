import { z } from 'zod'

/**
 * Mouth shapes the avatar draws: the 15 visemes of the widely used Oculus/MPEG-4-style set, so the
 * phoneme tables (docs/decisions/0006-visemes.md and packages/media/src/lipsync/phoneme-visemes.ts) can
 * follow a published reference.
 *
 * | viseme | sounds                         | mouth                                   |
 * | ------ | ------------------------------ | --------------------------------------- |
 * | sil    | silence                        | closed, relaxed                         |
 * | PP     | p b m                          | lips pressed together                   |
 * | FF     | f v                            | lower lip under upper teeth             |
 * | TH     | θ ð                            | slightly open, tongue tip between teeth |
 * | DD     | t d                            | slightly open, teeth close              |
 * | kk     | k g ŋ                          | open, jaw a little down                 |
 * | CH     | tʃ dʒ ʃ ʒ                      | lips pushed forward, teeth together     |
 * | SS     | s z                            | teeth together, wide                    |
 * | nn     | n l                            | slightly open, tongue up                |
 * | RR     | r ɹ                            | rounded, a little open                  |
 * | aa     | a ɑ æ ʌ                        | wide open jaw                           |
 * | E      | e ɛ ə ɜ                        | open, spread                            |
 * | ih     | i ɪ j                          | spread, narrow opening                  |
 * | oh     | o ɔ                            | round, open                             |
 * | ou     | u ʊ w                          | small round (pucker)                    |
 */
export const VISEMES = [
  'sil',
  'PP',
  'FF',
  'TH',
  'DD',
  'kk',
  'CH',
  'SS',
  'nn',
  'RR',
  'aa',
  'E',
  'ih',
  'oh',
  'ou',
] as const
export const Viseme = z.enum(VISEMES)
export type Viseme = z.infer<typeof Viseme>

/** One mouth-shape cue: the shape held from `start` to `end` (seconds); `weight` 0..1 scales it (quiet sounds). */
export const VisemeCue = z.object({
  viseme: Viseme,
  start: z.number(),
  end: z.number(),
  weight: z.number().min(0).max(1).default(1),
})
export type VisemeCue = z.infer<typeof VisemeCue>
export type VisemeCueInput = z.input<typeof VisemeCue>

/** What the animation needs from speech: mouth cues plus word starts (for head nods). */
export const VisemeTimeline = z.object({
  duration: z.number().nonnegative(),
  cues: z.array(VisemeCue),
  /** Word start times, seconds; words carry the head's emphasis nods. */
  wordStarts: z.array(z.number()).default([]),
})
export type VisemeTimeline = z.infer<typeof VisemeTimeline>

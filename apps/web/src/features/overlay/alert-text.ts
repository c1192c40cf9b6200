/** The card wording lives in contracts: the server draws the same headline into tip videos. */
export { KIND_LABELS, headlineOf } from '@mouthpiece/contracts/donations/alert-text'
export type { Headline } from '@mouthpiece/contracts/donations/alert-text'

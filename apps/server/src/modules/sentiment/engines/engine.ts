import type { SentimentLabel } from '@mouthpiece/contracts/sentiment/sentiment.schemas'

/** One text to label: a viewer's comment or a sentence of the creator's own speech. */
export interface TextItem {
  id: string
  text: string
}

export interface Verdict {
  label: SentimentLabel
  /** -1 … 1. */
  score: number
  /** The words that scored, with their scores (lexicon); empty for the LLM, which gives a reason. */
  words: Array<{ word: string; score: number }>
  reason: string | null
}

/** The one adapter both engines implement: the offline lexicon (default) and an OpenAI-compatible model. */
export interface SentimentEngine {
  name: 'lexicon' | 'llm'
  /** What a stored run records to be re-runnable: the lexicon version, or the model and prompt. */
  version: string
  model: string | null
  prompt: string | null
  label(items: TextItem[]): Promise<Verdict[]>
}

export const labelOf = (score: number, deadBand = 0.05): SentimentLabel =>
  score > deadBand ? 'positive' : score < -deadBand ? 'negative' : 'neutral'

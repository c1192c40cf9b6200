/**
 * Streamer and gamer slang the AFINN list misses or reads the wrong way ("sick", "cracked" and "L"
 * mean the opposite of what a dictionary says in a chat). The admin edits this list; these are the
 * words it starts with. Scores on AFINN's -5 … 5 scale.
 */
export const DEFAULT_SLANG: ReadonlyArray<{ word: string; score: number }> = [
  { word: 'slaps', score: 3 }, { word: 'w', score: 3 }, { word: 'l', score: -3 }, { word: 'mid', score: -2 },
  { word: 'ratio', score: -2 }, { word: 'sick', score: 3 }, { word: 'cracked', score: 3 }, { word: 'goated', score: 4 },
  { word: 'goat', score: 3 }, { word: 'banger', score: 4 }, { word: 'fire', score: 3 }, { word: 'lit', score: 3 },
  { word: 'based', score: 2 }, { word: 'pog', score: 3 }, { word: 'poggers', score: 3 }, { word: 'pogchamp', score: 3 },
  { word: 'bussin', score: 3 }, { word: 'clutch', score: 3 }, { word: 'hype', score: 2 }, { word: 'gg', score: 2 },
  { word: 'valid', score: 2 }, { word: 'insane', score: 3 }, { word: 'cringe', score: -3 }, { word: 'trash', score: -3 },
  { word: 'dogwater', score: -3 }, { word: 'washed', score: -2 }, { word: 'toxic', score: -3 }, { word: 'throwing', score: -2 },
  { word: 'bricked', score: -2 }, { word: 'laggy', score: -2 }, { word: 'boring', score: -3 }, { word: 'sus', score: -1 },
  { word: '🔥', score: 3 }, { word: '🐐', score: 4 }, { word: '🤡', score: -3 }, { word: '💀', score: 1 },
  { word: 'overrated', score: -2 }, { word: 'unwatchable', score: -4 }, { word: 'clickbait', score: -3 }, { word: 'underrated', score: 2 },
]

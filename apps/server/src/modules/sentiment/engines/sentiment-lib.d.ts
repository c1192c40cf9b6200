// The `sentiment` package (MIT) ships no types; these are the parts we use.
declare module 'sentiment' {
  interface AnalysisResult {
    score: number
    comparative: number
    calculation: Array<Record<string, number>>
    tokens: string[]
    words: string[]
  }
  interface Language {
    labels: Record<string, number>
    scoringStrategy?: { apply(tokens: string[], cursor: number, tokenScore: number): number }
  }
  class Sentiment {
    registerLanguage(code: string, language: Language): void
    analyze(phrase: string, opts?: { language?: string }): AnalysisResult
  }
  export default Sentiment
}

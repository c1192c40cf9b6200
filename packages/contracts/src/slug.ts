/**
 * SPEC §5 slug helper: lowercases, strips accents and anything not a letter or digit, and joins
 * the remaining words with single hyphens ("Héllo, Wörld!" → "hello-world"). Used for sentence
 * category names, which are fixed once created, so the same input must always give the same slug.
 */
export function slugify(input: string): string {
  return (
    input
      .normalize('NFKD')
      // Combining marks are what NFKD splits accents into.
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  )
}

/** True when the text is already a slug (what `slugify` returns for a non-empty input). */
export function isSlug(text: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text)
}

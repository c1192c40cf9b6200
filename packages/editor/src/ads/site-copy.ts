/**
 * An ad's first words from its brand kit: the site's headline as the hook, the description as
 * the body, its call-to-action button as the button (decision 0076). Used where the copy is still
 * empty (the project's copy on the server, the image form's fields on the page); never over text
 * the user wrote.
 */

/** The designs' copy fields, sized as the image form takes them. */
export interface AdCopy {
  headline: string
  body: string
  cta: string
}

export interface KitCopySource {
  description: string
  site_headlines: ReadonlyArray<{ text: string }>
  site_ctas: ReadonlyArray<{ text: string }>
}

export const AD_HEADLINE_MAX = 120
export const AD_BODY_MAX = 200
export const AD_CTA_MAX = 30

/** `text` cut to at most `max` characters: at a sentence end if one is past half-way, else at a word. */
export function clipCopy(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim()
  if (t.length <= max) return t
  const head = t.slice(0, max)
  const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '))
  if (sentence >= max / 2) return head.slice(0, sentence + 1)
  const word = head.lastIndexOf(' ')
  return `${(word > 0 ? head.slice(0, word) : head.slice(0, max - 1)).replace(/[,;:–—-]$/, '')}…`
}

/** The kit's best headline, description and button, each fitted to its field ('' where the kit has none). */
export function adCopyFromKit(kit: KitCopySource): AdCopy {
  return {
    headline: clipCopy(kit.site_headlines[0]?.text ?? '', AD_HEADLINE_MAX),
    body: clipCopy(kit.description, AD_BODY_MAX),
    cta: clipCopy(kit.site_ctas[0]?.text ?? '', AD_CTA_MAX),
  }
}

/** The project's one copy text (what the presenter reads): hook, body and call to action, one per paragraph. */
export function projectCopyText(copy: AdCopy): string {
  return [copy.headline, copy.body, copy.cta].filter(Boolean).join('\n\n')
}

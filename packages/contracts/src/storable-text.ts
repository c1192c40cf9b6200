/**
 * Text PostgreSQL cannot store: the NUL character (refused by `text` columns) and lone UTF-16
 * surrogates (no UTF-8 form; they would be stored as U+FFFD, silently changed).
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain the NUL character or broken Unicode'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const isStorable = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s)

/**
 * Where in a parsed request part (JSON body, query, params) a string holds text the database
 * cannot store, as a dotted path (`"messages.2.text"`, keys included); undefined when all is storable.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : path.join('.') || 'body'
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)])
      if (found) return found
    }
    return undefined
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!isStorable(key)) return [...path, key].join('.')
      const found = findUnstorableText(v, [...path, key])
      if (found) return found
    }
  }
  return undefined
}

/** Answered for a file name or a form field name with a control character (tab, escape, …). */
export const UNSTORABLE_NAME_MESSAGE = 'Names must not contain control characters or broken Unicode'

const CONTROL = /\p{Cc}/u

/**
 * What is wrong with a name the client picks but never types as prose (an uploaded file's name, a
 * multipart field's name): the JSON rule first (NUL, lone surrogates), then any control character
 * (they end up in logs, headers and download names). Undefined when the name is fine.
 */
export function unstorableNameMessage(name: string): string | undefined {
  if (!isStorable(name)) return UNSTORABLE_TEXT_MESSAGE
  return CONTROL.test(name) ? UNSTORABLE_NAME_MESSAGE : undefined
}

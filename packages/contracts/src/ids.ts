import { z } from 'zod'

/** Largest value of a PostgreSQL `integer` column: most of our ids. */
export const INT4_MAX = 2_147_483_647
/** Decimal digits as a person writes a number: no sign, no spaces, no leading zero, no `0x`, no exponent. */
const DECIMAL = /^[1-9][0-9]{0,15}$/

/**
 * The two forms of one id type. In a JSON body an id is a positive whole number and nothing
 * else: `true`, `[5]`, `"5"`, `5.5` are refused (a boolean once read as user 1). In a path segment
 * or a query parameter, where everything arrives as text, it is that number written in plain
 * decimal digits (`" 5 "`, `"0x5"`, `"5e0"` refused). Both give the number.
 */
export interface IdType {
  /** For JSON bodies. */
  json: z.ZodNumber
  /** For path parameters and query strings (callers may still pass the number). */
  text: z.ZodType<number, number | string>
}

/** Declares an id type; `message` is the one answer to every malformed value. */
export function defineId(message: string, max: number = INT4_MAX): IdType {
  const json = z.number({ error: message }).int(message).positive(message).max(max, message)
  return { json, text: wholeNumberText(json, message) }
}

/**
 * A whole number where it arrives as text (paths, queries): plain decimal digits only, then
 * checked by `schema` (its bounds and messages). `0` passes the digits check when `schema` allows it.
 */
export function wholeNumberText(schema: z.ZodNumber, message: string): z.ZodType<number, number | string> {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : DECIMAL.test(v) || v === '0' ? Number(v) : Number.NaN
      if (Number.isNaN(n)) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return n
    })
    .pipe(schema)
}

/** A whole number between `min` and `max` in a query string (pages, limits, day counts). */
export const boundedText = (min: number, max: number, message: string) =>
  wholeNumberText(z.number().int(message).min(min, message).max(max, message), message)

/** The largest request body the app reads: app.ts sets it, raw-body webhook parsers repeat it. */
export const BODY_LIMIT_BYTES = 1024 * 1024

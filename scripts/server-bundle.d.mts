export const SERVER_BUNDLE_DIR: string
export const SERVER_BUNDLE_ENTRY: string
export function serverBundleIsFresh(): boolean
export function ensureServerBundle(): string
export function newerThan(p: string, since: number): boolean

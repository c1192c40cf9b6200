/**
 * The migrated embedded database every server the browser tests start copies into its fresh
 * DATA_DIR (apps/server/test/pglite-template.ts says why). Made again whenever the migrations change.
 *
 * Run by playwright.config.ts: node --import tsx e2e/db-template.ts <dir>
 */
import path from 'node:path'
import { buildPgliteTemplate } from '../apps/server/test/pglite-template'

await buildPgliteTemplate(path.resolve(process.argv[2] ?? '.tmp/e2e-db-template'))

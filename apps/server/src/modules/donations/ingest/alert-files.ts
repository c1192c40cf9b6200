import type { SQL } from 'drizzle-orm'
import { alertAudioFilesSql } from './events.repo'

/**
 * Spoken alerts' stored audio, as a sub-select for the back office's usage export (donations'
 * tables and repos stay private: docs/decisions/0044-tables-private.md).
 */
export const alertAudioFiles = (): SQL => alertAudioFilesSql()

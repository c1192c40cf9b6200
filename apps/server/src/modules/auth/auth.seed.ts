import fs from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Platform } from '../../platform/context'
import { findAdminByUsername, insertAdminIfMissing } from './admins.repo'
import { hashPassword } from '../../platform/credentials/passwords'
import { deleteStaleResets } from './password-resets.repo'
import { deleteExpiredSessions } from './sessions.repo'

/**
 * First start creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD; without a password it makes
 * one up, prints it once and keeps it in DATA_DIR/admin-password.txt (mode 600). An existing admin
 * is never touched, so later starts and a changed ADMIN_PASSWORD do not reset anything.
 */
export async function seedAdmin({ db, config }: Pick<Platform, 'db' | 'config'>): Promise<void> {
  await deleteExpiredSessions(db)
  await deleteStaleResets(db)
  const username = config.ADMIN_USERNAME
  if (await findAdminByUsername(db, username)) return
  const generated = config.ADMIN_PASSWORD === undefined
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url')
  const created = await insertAdminIfMissing(db, username, await hashPassword(password))
  if (!created || !generated) return
  const file = path.join(config.dataDir, 'admin-password.txt')
  await fs.mkdir(config.dataDir, { recursive: true })
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 })
  // writeFile's mode only applies to new files; an older file keeps its bits unless set here.
  await fs.chmod(file, 0o600)
  console.log(`Admin account created: username ${username}, password ${password} (saved to ${file})`)
}

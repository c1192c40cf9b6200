import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * A secret generated once per DATA_DIR (file mode 600), so every process sharing the folder uses
 * the same one. When two processes race to create it, the second reads the first one's.
 */
export function dataDirSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(32).toString('base64url')
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}

import { hash, verify } from '@node-rs/argon2'
import { admission } from '../admission/admission'

/**
 * argon2id (the library's default algorithm) with its default, OWASP-level costs. Every hash is
 * CPU a request spends, so it passes an admission gate: new passwords (sign-up, reset, change) and
 * sign-in checks have gates of their own, so a flood of sign-ups cannot queue logins behind it.
 */
export function hashPassword(password: string): Promise<string> {
  return admission('passwordHash').run(() => hash(password))
}

// A real hash to verify against when no account matches, so a wrong username costs as much
// time as a wrong password and response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined

/** True when `password` matches `passwordHash`; a missing hash still spends the same work. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  return admission('passwordCheck').run(async () => {
    if (!passwordHash) {
      dummyHash ??= hash('not-a-real-password')
      await verify(await dummyHash, password).catch(() => false)
      return false
    }
    try {
      return await verify(passwordHash, password)
    } catch {
      return false
    }
  })
}

import { hash, verify } from '@node-rs/argon2'

/** argon2id (the library's default algorithm) with its default, OWASP-level costs. */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

// A real hash to verify against when no account matches, so a wrong username costs as much
// time as a wrong password and response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined

/** True when `password` matches `passwordHash`; a missing hash still spends the same work. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
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
}

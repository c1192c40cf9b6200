import { z } from 'zod'
import { boundedText, defineId } from '../ids'

const userId = defineId('Invalid user id')
export const UserId = userId.json
/** A user id in a query string or a path. */
export const UserIdText = userId.text
export const Username = z
  .string({ error: 'Please enter a username' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores')
export const Email = z
  .string({ error: 'Please enter valid email id' })
  .trim()
  .toLowerCase()
  .max(254)
  .email('Please enter valid email id')
export const Password = z
  .string({ error: 'Please enter a password' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')

/** SPEC §3 "User info": what the client knows about the signed-in user. */
/** The 403 a disabled user gets from the routes barred to them (RouteDef.requiresEnabled). */
export const ACCOUNT_DISABLED_MESSAGE =
  'Your account is disabled, so this part of Mouthpiece is not available. Please contact support.'

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_enabled: z.boolean(),
  is_super_user: z.boolean(),
  is_grandfather: z.boolean(),
  created_at: z.string(),
})
export type User = z.infer<typeof User>

/** A user as the admin screens show them: plus who referred them (their /r/{username} link or referred_by on Twitch connect). */
export const AdminUser = User.extend({
  referred_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
})
export type AdminUser = z.infer<typeof AdminUser>

export const Admin = z.object({ id: z.number().int(), username: z.string() })
export type Admin = z.infer<typeof Admin>

/** A list page, SPEC §3 "Projects list" shape, used by every paged admin list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), lastPage: z.number().int() })
export const PageNumber = boundedText(1, 1_000_000, 'Invalid page')
export const PageQuery = z.object({ page: PageNumber.default(1) })

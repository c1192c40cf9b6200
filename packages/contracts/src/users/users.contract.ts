import { z } from 'zod'
import { defineRoute } from '../define-route'
import { DateBound, listPage, listQuery, SearchText } from '../lists'
import {
  AdminUser,
  Email,
  PageQuery,
  Password,
  User,
  UserId,
  UserIdText,
  Username,
  pageOf,
} from './users.schemas'

const Ok = z.object({ ok: z.literal(true) })

export const getUserLogin = defineRoute({
  method: 'GET',
  path: '/api/get-user-login',
  auth: 'user',
  summary: 'The signed-in user',
  response: z.object({ user: User }),
})
export const updateInfo = defineRoute({
  method: 'POST',
  path: '/api/update-info',
  auth: 'user',
  summary: 'Change username, email or password; a password or email change needs the current password',
  body: z.object({
    username: Username.optional(),
    email: Email.optional(),
    password: Password.optional(),
    current_password: z.string({ error: 'Please enter your current password' }).optional(),
  }),
  response: z.object({ user: User }),
})
export const checkValidUsername = defineRoute({
  method: 'POST',
  path: '/api/check-valid-username',
  auth: 'public',
  body: z.object({ username: z.string({ error: 'Please enter a username' }) }),
  response: z.object({ valid: z.boolean(), message: z.string() }),
})
export const supportMail = defineRoute({
  method: 'POST',
  path: '/api/support-mail',
  auth: 'public',
  summary: 'Contact form: mail the support team',
  body: z.object({
    name: z.string({ error: 'Please enter your name' }).trim().min(1, 'Please enter your name').max(100),
    email: Email,
    subject: z.string({ error: 'Please enter a subject' }).trim().min(1, 'Please enter a subject').max(200),
    message: z.string({ error: 'Please enter a message' }).trim().min(1, 'Please enter a message').max(5000),
  }),
  response: Ok,
})

// Admin: users (SPEC §7 "Admin calls: Users")
/** Which users a list, an export or a bulk action covers; `keySearch` is the spec's search field. */
export const UserFilter = z.object({
  keySearch: SearchText,
  status: z.enum(['enabled', 'disabled'], { error: 'status must be enabled or disabled' }).optional(),
  flag: z
    .enum(['super_user', 'grandfather', 'none'], { error: 'flag must be super_user, grandfather or none' })
    .optional(),
  created_from: DateBound,
  created_to: DateBound,
})
export type UserFilter = z.infer<typeof UserFilter>
export const USER_SORTS = ['created_at', 'username', 'email', 'id'] as const
/** Ten a page, as the users screen always showed. */
const UsersListQuery = listQuery(USER_SORTS, 10).extend(UserFilter.shape)

export const adminListUsers = defineRoute({
  method: 'GET',
  path: '/api/admin/users',
  auth: 'admin',
  query: UsersListQuery,
  response: listPage(AdminUser),
})
export const adminExportUsers = defineRoute({
  method: 'GET',
  path: '/api/admin/users/export',
  auth: 'admin',
  summary: 'Every user matching the filter, as CSV (streamed)',
  query: UsersListQuery.omit({ page: true, per_page: true }),
})
export const adminCreateUser = defineRoute({
  method: 'POST',
  path: '/api/admin/users/create',
  auth: 'admin',
  body: z.object({ username: Username, email: Email, password: Password }),
  response: z.object({ user: User }),
})
export const adminUserInfo = defineRoute({
  method: 'GET',
  path: '/api/admin/users/info',
  auth: 'admin',
  query: z.object({ user_id: UserIdText }),
  response: z.object({ user: AdminUser }),
})
export const adminSaveUserInfo = defineRoute({
  method: 'POST',
  path: '/api/admin/users/save-info',
  auth: 'admin',
  body: z.object({
    user_id: UserId,
    username: Username,
    email: Email,
    is_enabled: z.boolean({ error: 'is_enabled must be true or false' }),
    password: Password.optional(),
  }),
  response: z.object({ user: User }),
})
export const adminDeleteUser = defineRoute({
  method: 'POST',
  path: '/api/admin/users/delete',
  auth: 'admin',
  body: z.object({ user_id: UserId }),
  response: Ok,
})
export const adminUpdateSuperUser = defineRoute({
  method: 'POST',
  path: '/api/admin/users/update-super-user',
  auth: 'admin',
  body: z.object({
    user_id: UserId,
    is_super_user: z.boolean({ error: 'is_super_user must be true or false' }),
  }),
  response: z.object({ user: User }),
})
export const adminUpdateGrandfatherStatus = defineRoute({
  method: 'POST',
  path: '/api/admin/users/update-grandfather-status',
  auth: 'admin',
  body: z.object({
    user_id: UserId,
    is_grandfather: z.boolean({ error: 'is_grandfather must be true or false' }),
  }),
  response: z.object({ user: User }),
})

// Admin: the mail outbox (embedded mail default)
export const OutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  created_at: z.string(),
  text: z.string(),
  html: z.string().optional(),
})
export const adminListOutbox = defineRoute({
  method: 'GET',
  path: '/api/admin/outbox',
  auth: 'admin',
  query: PageQuery,
  response: pageOf(OutboxMail.omit({ text: true, html: true })),
})
export const adminGetOutboxMail = defineRoute({
  method: 'GET',
  path: '/api/admin/outbox/:id',
  auth: 'admin',
  params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/) }),
  response: OutboxMail,
})

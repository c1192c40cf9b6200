/** The public face of modules/users: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { afterEnabledChange, changeUser, deleteUser } from './admin-users.service'
export {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  recordReferral,
  uniqueViolation,
  updateUser,
  usersWhere,
} from './users.repo'
export { registerUsersRoutes } from './users.routes'
export type { UserRow } from './users.table'
export { createAccount, presentUser } from './users.service'

/** The public face of modules/users: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { afterEnabledChange, changeUser, deleteUser } from './admin-users.service'
export {
  allUserIds,
  countUsersMatching,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserIdByUsername,
  nextUserIdsMatching,
  recordReferral,
  searchUsers,
  updateUser,
  userFieldOf,
  userIdsMatching,
  userNamesByIds,
} from './user-directory'
export { registerUsersRoutes } from './users.routes'
export type { UserRow } from './users.table'
export { createAccount, presentUser } from './users.service'
export { referencesUser } from './users.table'

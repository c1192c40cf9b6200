/** The public face of modules/users/testing: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { usersCsvCells, usersListSpec, usersWhere } from '../users.repo'

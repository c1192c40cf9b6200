/** The public face of modules/avatars: what other code may import from it. Kept by scripts/module-faces.mjs. */
export {
  avatarPreviewFiles,
  findCustomAvatar,
  listActiveInfluencers,
  userCustomAvatars,
} from './avatar-lookups'
export { registerAvatarsRoutes } from './avatars.routes'
export { seedInfluencers } from './avatars.seed'
export { avatarNotFound, chooseAvatar, remove } from './avatars.service'
export type { ChosenAvatar } from './avatars.service'
export { startCreatorsWorkers } from './creators/creators.jobs'
export { photoLook, readPortrait } from './photo-avatars.service'
export { referencesCustomAvatar } from './avatars.table'

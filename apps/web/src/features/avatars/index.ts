/**
 * The public face of the avatars feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export { customAvatarsQuery, influencersQuery } from './api'
export { AvatarCanvas } from './components/avatar-canvas'
export { usePickedAvatar } from './components/avatar-picker'
export { AvatarSelect, avatarOptions } from './components/avatar-select'
export type { AvatarOption } from './components/avatar-select'
export type { AvatarChoice } from './components/avatar-picker'
export { KEEP_BACKGROUND, PhotoBackgroundPicker, backgroundForm } from './components/photo-background-picker'
export type { BackgroundDraft } from './components/photo-background-picker'
export { adminDefaultPromptsQuery, useSaveDefaultPrompts } from './default-prompts-api'
export { loadPhotoImage, usePhotoImage } from './use-photo-image'

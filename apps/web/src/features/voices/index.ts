/**
 * The public face of the voices feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export { VOICE_PROFILES_KEY, voiceProfilesQuery } from './admin/voice-profiles-api'
export { voiceLibraryQuery, voicesQuery } from './api'
export { AudioUploader } from './components/audio-uploader'
export { EmotionImportButton } from './components/emotion-import-button'
export { Slider } from './components/voice-controls'
export { VoiceSelect } from './components/voice-library'

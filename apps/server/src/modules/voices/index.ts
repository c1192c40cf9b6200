/** The public face of modules/voices: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { remove, wavName } from './audio-uploads.service'
export {
  createProfileFromRecording,
  createProfileFromVoice,
  deleteProfile,
  emotionTableOf,
  getProfile,
  profileEmotions,
  registerProfileSpeech,
  setProfileEmotions,
} from './voice-profiles.service'
export { startVoicesWorkers } from './voices.jobs'
export { findUpload } from './voices.repo'
export { registerVoicesRoutes } from './voices.routes'
export {
  checkVoiceChoice,
  mediaError,
  requireVoice,
  resolveSpeech,
  sampleProfile,
  speechFor,
} from './voices.service'

/** The public face of modules/voices: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { remove, wavName } from './audio-uploads.service'
export {
  createProfileFromRecording,
  createProfileFromVoice,
  deleteProfile,
  emotionTableOf,
  getProfile,
  publicList,
  profileEmotions,
  registerProfileSpeech,
  setProfileEmotions,
} from './voice-profiles.service'
export { startVoicesWorkers } from './voices.jobs'
export { findUpload, uploadFiles, userAudioUploads } from './voice-lookups'
export { registerVoicesRoutes } from './voices.routes'
export {
  checkVoiceChoice,
  mediaError,
  requireVoice,
  resolveSpeech,
  sampleProfile,
  speechFor,
  voicesList,
} from './voices.service'
export { referencesVoiceProfile } from './voice-profiles.table'

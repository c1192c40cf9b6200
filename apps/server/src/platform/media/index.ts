/**
 * platform/media: the one door from the server to packages/media and packages/avatar (speech, voice
 * effects, lip sync, captions, ffmpeg, the compositor and the render thread, avatar drawing, face
 * landmarks, cut-outs). Code outside this folder imports only this file, never `@mouthpiece/media`
 * (scripts/check-boundaries.mjs), so a change in those packages' APIs stays here. Knows no module.
 * The export lines below are kept by scripts/module-faces.mjs.
 */
export {
  DEFAULT_INFLUENCER,
  MediaInputError,
  atLowestPriority,
  avatarPng,
  baseVoiceForProfile,
  canvasFont,
  checkAudioUpload,
  cloneNeuralVoice,
  decodeToPcm,
  findFaceLandmarks,
  findVoice,
  frameCanvas,
  frameLayout,
  inBackground,
  influencerPresets,
  lipSyncRecording,
  listVoices,
  lookForPrompt,
  measureVoice,
  mediaEngine,
  outputSize,
  probe,
  renderAvatarGif,
  renderVideo,
  speak,
  warmUp,
  wavBytes,
  writeAudio,
} from './media-engine'
export type { MediaEngine, Pcm, Spoken } from './media-engine'
export { avatarClipOptions, prepareProjectFiles, projectVoice, takeKey } from './project-render'
export type { ProjectRenderSpec } from './project-render'
export { ffmpeg, ffprobe } from '@mouthpiece/media/audio/ffmpeg'
export { pictureColourNames } from '@mouthpiece/avatar/picture-colours'
export { encodeWav } from '@mouthpiece/media/audio/wav'
export { paginateByChars } from '@mouthpiece/media/captions/subtitles'
export { visemeCues } from '@mouthpiece/media/lipsync/phoneme-visemes'
export { extractSubjects } from '@mouthpiece/media/segment/extract-subjects'
export { personMask } from '@mouthpiece/media/segment/person-mask'
export { setVoiceProfileSource, speechService } from '@mouthpiece/media/speech/speech.service'

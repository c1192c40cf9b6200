import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const VOICES_ROUTES: AppRoute[] = [
  {
    path: PATHS.voiceEditor,
    layout: 'client',
    guard: 'user',
    calls: () =>
      import('@mouthpiece/contracts/voices/personal-voices.contract').then((m) => [m.createPersonalVoice]),
    title: 'Voice editor',
    page: () => import('./pages/voice-editor-page').then((m) => m.VoiceEditorPage),
  },
  {
    path: PATHS.audioProgress,
    layout: 'client',
    guard: 'user',
    calls: () => import('@mouthpiece/contracts/voices/voices.contract').then((m) => [m.listAudioProcesses]),
    title: 'Audio files',
    page: () => import('./pages/audio-progress-page').then((m) => m.AudioProgressPage),
  },
  {
    path: PATHS.audioProgressUpload,
    layout: 'client',
    guard: 'user',
    calls: () => import('@mouthpiece/contracts/voices/voices.contract').then((m) => [m.uploadAudio]),
    title: 'Upload audio',
    page: () => import('./pages/audio-upload-page').then((m) => m.AudioUploadPage),
  },
  {
    path: PATHS.adminVoiceProfiles,
    layout: 'admin',
    guard: 'admin',
    title: 'Voice profiles',
    nav: { label: 'Voice profiles', group: 'Content' },
    page: () => import('./admin/voice-profiles-page').then((m) => m.VoiceProfilesPage),
  },
  {
    path: PATHS.adminVoiceProfileTags,
    layout: 'admin',
    guard: 'admin',
    title: 'Voice tags',
    page: () => import('./admin/voice-tags-page').then((m) => m.VoiceTagsPage),
  },
]

import type { UserRoute } from '../../app/route-table'
import { PATHS } from '../../app/paths'

/** Pages of the voices feature, in the route table's shape (give each FEATURE_ROUTES line its `page`). */
export const VOICES_ROUTES: Array<Pick<UserRoute, 'path' | 'layout' | 'guard' | 'page' | 'title'>> = [
  { path: PATHS.voiceEditor, layout: 'client', guard: 'user', title: 'Voice editor', page: () => import('./pages/voice-editor-page').then((m) => m.VoiceEditorPage) },
  { path: PATHS.audioProgress, layout: 'client', guard: 'user', title: 'Audio files', page: () => import('./pages/audio-progress-page').then((m) => m.AudioProgressPage) },
  { path: PATHS.audioProgressUpload, layout: 'client', guard: 'user', title: 'Upload audio', page: () => import('./pages/audio-upload-page').then((m) => m.AudioUploadPage) },
]

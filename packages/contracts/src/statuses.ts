/** SPEC §4 states and transitions, named as in the spec. */

export const RenderStatus = {
  rendering: 1,
  paused: 2,
  completed: 3,
  issue: 4,
  replicateAvatarCompleted: 5,
} as const
export type RenderStatus = (typeof RenderStatus)[keyof typeof RenderStatus]
/** Label shown for each render status; replicate-avatar-completed still reads as Rendering. */
export const RENDER_STATUS_LABEL: Record<RenderStatus, string> = {
  1: 'Rendering',
  2: 'Wait',
  3: 'Completed',
  4: 'Issue',
  5: 'Rendering',
}

export const QueueStatus = ['wait', 'start', 'completed', 'failed', 'replicateAvatarCompleted'] as const
export type QueueStatus = (typeof QueueStatus)[number]
export const QueueType = { audio: 1, avatar: 2 } as const
export type QueueType = (typeof QueueType)[keyof typeof QueueType]

export const ProcessStatus = { fail: 0, inprogress: 1, successfully: 2, notRunning: 3 } as const
export type ProcessStatus = (typeof ProcessStatus)[keyof typeof ProcessStatus]
export const StartedState = { notStart: 0, started: 1, ended: 2 } as const
export type StartedState = (typeof StartedState)[keyof typeof StartedState]

/** Generation flow, 1 to 9 in the spec's order. */
export const GenerationFlow = {
  beforeGenerate: 1,
  audioWaiting: 2,
  audioGenerating: 3,
  audioGenerated: 4,
  avatarWaiting: 5,
  avatarGenerating: 6,
  avatarGenerated: 7,
  audioFailed: 8,
  avatarFailed: 9,
} as const
export type GenerationFlow = (typeof GenerationFlow)[keyof typeof GenerationFlow]

export const JobStatus = { waiting: 1, running: 2, failed: 3, completed: 4 } as const
export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus]

export const CreateProjectTab = ['creator', 'style', 'upload', 'background'] as const
export const AdImageFlow = [
  'uploadImage',
  'extractingImage',
  'selectCharacters',
  'generatingImages',
  'selectGeneratedImages',
  'showGeneratedResults',
  'editGeneratedImages',
] as const
export const AdAudioFlow = ['selectAvatar', 'uploadAudio', 'showResults'] as const

export const AssetChangeKind = ['captionData', 'audioData', 'avatarData', 'asset'] as const
export const DELETE_ACTION = 1
export const OriginVideoMode = { none: 1000, origin: 1, reaction: 0 } as const

/** SPEC §4: the normalised result of every API call. */
export const ApiStatus = { failure: 0, success: 1 } as const

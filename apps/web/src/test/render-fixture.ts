import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { INFLUENCERS } from '@mouthpiece/avatar/presets'

export const RENDER_ID = '3f1c2a9e-1111-4222-8333-444455556666'

/** A render as the API answers it: a video still rendering, Nova speaking; `patch` sets the rest. */
export const renderFixture = (patch: Partial<Render> = {}): Render => ({
  id: RENDER_ID,
  kind: 'video',
  source: 'project',
  title: 'Welcome to the stream',
  text: 'Welcome to the stream',
  influencer_id: 'nova',
  custom_avatar_id: null,
  avatar_name: 'Nova',
  look: INFLUENCERS[0]!.look,
  voice_id: 'espeak:en-us+f3',
  emotion: 'Neutral',
  intensity: 0.6,
  format: 'mp4',
  video_resolution: '720p',
  video_orientation: 'portrait',
  status: 1,
  status_label: 'Rendering',
  flow: 2,
  flow_name: 'audioWaiting',
  queue_status: 'completed',
  queue_type: 2,
  job_status: 1,
  progress: 5,
  stage: 'waiting',
  error: null,
  duration: null,
  attempts: 1,
  share_path: `/video-sharing/${RENDER_ID}`,
  files: { video_url: null, poster_url: null, audio_url: null, vtt_url: null, srt_url: null },
  created_at: '2026-11-22T10:00:00.000Z',
  started_at: null,
  completed_at: null,
  ...patch,
})

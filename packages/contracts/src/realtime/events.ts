import { z } from 'zod'
import { OverlayHealth } from '../donations/donations.schemas'
import { Notification } from '../notifications/notifications.schemas'
import { SentimentEvent } from '../sentiment/sentiment.schemas'
import { StressTest } from '../operations/stress-tests.contract'

/**
 * SPEC §7 "Real-time": the socket events the server pushes. Each signed-in socket sits in a room
 * named for its user id, so a user's event reaches only that user. A socket that also (or only)
 * offers an admin key sits in the admins' room: the back-office events (marked below) reach every
 * signed-in admin and never a user.
 */
export const RealtimeEvent = {
  /** A new notification: `{ newNotification }`. */
  receiveNotification: 'receive-notification-event',
  exportOutput: 'export-output-event',
  finalVideo: 'final-video-event',
  demo: 'demo-event',
  baseVideoUpload: 'base-video-upload-event',
  customAvatar: 'custom-avatar-event',
  assetsDownload: 'assets-download-event',
  previewThumbnail: 'preview-thumbnail-event',
  conferenceEvent: 'conference-event',
  adProject: 'ad-project-event',
  /** The alert overlay reported in (connected, ack, health): `OverlayHealth`, for the alert settings page. */
  overlayHealth: 'overlay-health-event',
  /** A sentiment run moved (queued → running with progress → completed/partial/failed). */
  sentiment: 'sentiment-event',
  /** Admins only: a stress test moved (queued → running with its figures so far → completed/stopped/failed): `{ stress_test }`. */
  stressTest: 'stress-test-event',
} as const
export type RealtimeEventName = (typeof RealtimeEvent)[keyof typeof RealtimeEvent]

/** A payload the emitting module shapes; a module that needs a tighter shape declares it below. */
const ModulePayload = z.record(z.string(), z.unknown())

/** Payload schema of every event, declared once for server and client. */
export const RealtimePayload = {
  'receive-notification-event': z.object({ newNotification: Notification }),
  'export-output-event': ModulePayload,
  'final-video-event': ModulePayload,
  'demo-event': ModulePayload,
  'base-video-upload-event': ModulePayload,
  'custom-avatar-event': ModulePayload,
  'assets-download-event': ModulePayload,
  'preview-thumbnail-event': ModulePayload,
  'conference-event': ModulePayload,
  'ad-project-event': ModulePayload,
  'overlay-health-event': OverlayHealth,
  'sentiment-event': SentimentEvent,
  'stress-test-event': z.object({ stress_test: StressTest }),
} as const satisfies Record<RealtimeEventName, z.ZodType>

export type RealtimePayloads = { [E in RealtimeEventName]: z.infer<(typeof RealtimePayload)[E]> }

/** Where the socket.io server listens (same origin as the API). */
export const REALTIME_PATH = '/socket.io'
/**
 * What a socket offers when it connects (socket.io `auth`): the user token, the admin key, or both
 * (a tab signed into both). The admin key counts only here, never from its cookie, so no other
 * site's page can open an admin socket with the browser's cookies.
 */
export interface RealtimeHandshakeAuth {
  token?: string
  adminKey?: string
}
/** Message of the handshake error a socket without a valid user token gets. */
export const REALTIME_UNAUTHORIZED = 'Please log in to continue'

import { z } from 'zod'
import { OverlayHealth } from '../donations/donations.schemas'
import { Notification } from '../notifications/notifications.schemas'
import { SentimentEvent } from '../sentiment/sentiment.schemas'

/**
 * SPEC §7 "Real-time": the socket events the server pushes. Each signed-in socket sits in a room
 * named for its user id, so every event here reaches only that user.
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
} as const satisfies Record<RealtimeEventName, z.ZodType>

export type RealtimePayloads = { [E in RealtimeEventName]: z.infer<(typeof RealtimePayload)[E]> }

/** Where the socket.io server listens (same origin as the API). */
export const REALTIME_PATH = '/socket.io'
/** Message of the handshake error a socket without a valid user token gets. */
export const REALTIME_UNAUTHORIZED = 'Please log in to continue'

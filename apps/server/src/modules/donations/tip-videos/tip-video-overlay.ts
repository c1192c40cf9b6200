import { OVERLAY_STREAM_EVENTS } from '@mouthpiece/contracts/donations/donations.schemas'
import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import { OVERLAY_STOP_VIDEO_EVENT } from '@mouthpiece/contracts/donations/tip-videos.contract'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import type { DonationsDeps } from '../donations.deps'
import type { OverlayDelivery } from '../alerts/overlay-bus'
import { findUserEvent } from '../ingest/events.repo'
import { overlayAlertOf } from '../alerts/alert.service'
import { findTipVideo, pendingPlays } from './tip-video.repo'

/** How long the overlay's video link stays valid (a play older than the replay window is not resent anyway). */
const VIDEO_LINK_SECONDS = 6 * 3600

/**
 * The overlay stream's part for tip videos (overlay.service.ts streams, this says what): a `video`
 * delivery is an `alert` event whose OverlayAlert carries `video` (the page plays the MP4 instead
 * of drawing the live avatar) under the id `<tip id>-<play requested ms>`, so Last-Event-ID replay
 * and de-duplication work as for alerts; `stop-video` tells the page to drop or stop it.
 */
export async function writeTipVideoEvent(
  deps: DonationsDeps,
  userId: number,
  tipId: number,
  what: Exclude<OverlayDelivery, 'alert'>,
  sent: Set<string>,
  write: (text: string) => void,
): Promise<void> {
  if (what === OVERLAY_STOP_VIDEO_EVENT)
    return write(`event: ${OVERLAY_STOP_VIDEO_EVENT}\ndata: ${JSON.stringify({ tip_id: tipId })}\n\n`)
  const link = await findTipVideo(deps.db, userId, tipId)
  const render = link?.render
  if (!link || !render || !link.play_requested_at || !['queued', 'playing'].includes(link.play_state)) return
  if (render.status !== RenderStatus.completed || !render.files.video) return
  const id = `${tipId}-${link.play_requested_at.getTime()}`
  if (sent.has(id)) return
  const tip = await findUserEvent(deps.db, userId, tipId)
  if (!tip) return
  sent.add(id)
  const base = await overlayAlertOf(deps, tip)
  const alert: OverlayAlert = {
    ...base,
    // The video shows the moderated card and speaks the moderated line; nothing raw travels with it.
    who: tip.speech?.who ?? 'A viewer',
    message: tip.speech?.message ?? '',
    spoken_text: render.text,
    audio: null,
    visemes: [],
    words: [],
    video: {
      url: await deps.storage.url(render.files.video, { expiresInSeconds: VIDEO_LINK_SECONDS }),
      poster_url: render.files.poster
        ? await deps.storage.url(render.files.poster, { expiresInSeconds: VIDEO_LINK_SECONDS })
        : null,
      duration: render.duration ?? 0,
    },
  }
  write(`id: ${id}\nevent: ${OVERLAY_STREAM_EVENTS.alert}\ndata: ${JSON.stringify(alert)}\n\n`)
}

/** Tip videos to resend to an overlay that (re)connects: sent since `since` and not yet over. */
export async function pendingTipVideos(deps: DonationsDeps, userId: number, since: Date): Promise<number[]> {
  return (await pendingPlays(deps.db, userId, since)).map((r) => r.tip_id)
}

import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import type { AlertAudio } from './alert-player'
import { clipOf } from './alert-audio'

/**
 * Tip videos on the overlay (push-tip-video-action `play`): an alert carrying `video` plays the MP4
 * in the page's one <video> element instead of the live avatar; every other alert goes to the
 * speech <audio>. The video's own clock drives the same play/ack/stall rules as speech.
 */
export function withTipVideos(speech: AlertAudio, el: HTMLVideoElement): AlertAudio {
  return {
    async load(alert: OverlayAlert) {
      if (!alert.video) return speech.load(alert)
      el.preload = 'auto'
      el.volume = Number.isFinite(alert.volume) ? Math.min(1, Math.max(0, alert.volume)) : 1
      el.src = alert.video.url
      el.load()
      return clipOf(el, 0, () => {})
    },
    probe: () => speech.probe(),
  }
}

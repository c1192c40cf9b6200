import { AppError } from '../../platform/http/errors'
import { admission } from '../../platform/admission/admission'
import { inBackground, speak, wavBytes } from '../../platform/media'
import { chooseAvatar } from '../avatars'
import { requireEvent } from './conference-events.service'
import type { ConferenceEventsDeps } from './conference-events.deps'
import * as repo from './conference-events.repo'

/**
 * SPEC §7 conference event "short audio": the attendee's greeting spoken in the event's voice (its
 * own, else its influencer's). Speech only — about a second of CPU, no render — so it is there
 * while the video renders and whichever variant the video becomes; it is made on the first ask
 * and kept beside the event's other files, so a booth replaying it costs nothing more.
 */
export const shortAudioUrl = (code: string) => `/api/conference-event/short-audio/${code}`
export const shortAudioKey = (eventId: number, code: string) =>
  `conference-events/${eventId}/greeting-${code}.wav`

export async function shortAudio(
  deps: ConferenceEventsDeps,
  code: string,
  signal?: AbortSignal,
): Promise<string> {
  const sub = await repo.findByCode(deps.db, code)
  if (!sub) throw new AppError('not_found', 'No video has that code. Check the 6 letters and digits.', 404)
  const event = await requireEvent(deps, sub.event_id)
  const key = shortAudioKey(event.id, sub.code)
  if (await deps.storage.stat(key)) return key
  const presenter = await chooseAvatar(deps.db, null, { influencer_id: event.influencer_id })
  const spoken = await admission('speech').run(
    (s) =>
      inBackground(() =>
        speak(
          {
            text: sub.greeting,
            voiceId: event.voice_id ?? presenter.voice_id,
            emotion: presenter.emotion,
            intensity: 0.6,
          },
          s,
        ),
      ),
    signal,
  )
  await deps.storage.put(key, wavBytes(spoken), 'audio/wav')
  return key
}

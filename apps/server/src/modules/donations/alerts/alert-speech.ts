import type { Emotion, VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'
import { mediaEngine, speechService, visemeCues, encodeWav } from '../../../platform/media'
import type { StoredSpeech } from '../donations.table'

export interface SpokenAlert {
  wav: Buffer
  speech: Omit<StoredSpeech, 'volume' | 'who' | 'message'>
}

/**
 * The one place alerts become speech: text → WAV plus the word and viseme timeline the overlay
 * animates the avatar from. packages/media runs the engine off the event loop (espeak in a worker
 * thread, Festival as a child process), so the alert worker stays responsive while it speaks.
 */
export interface AlertSpeaker {
  /** `matchProfile`: a personal voice's measured sample, spoken as voice match. */
  speak(text: string, voice: string, emotion: Emotion, matchProfile?: VoiceProfile): Promise<SpokenAlert>
}

export function createMediaSpeaker(): AlertSpeaker {
  return {
    async speak(text, voice, emotion, matchProfile) {
      if (matchProfile) {
        const spoken = await mediaEngine.speak({
          text,
          voiceId: voice,
          emotion,
          intensity: 0.5,
          effect: 'match',
          matchProfile,
        })
        return {
          wav: encodeWav(spoken.pcm, spoken.sampleRate),
          speech: {
            duration: spoken.duration,
            sample_rate: spoken.sampleRate,
            visemes: spoken.cues,
            words: spoken.words,
          },
        }
      }
      const result = await speechService().synthesize(text, voice, { emotion })
      return {
        wav: encodeWav(result.pcm, result.sampleRate),
        speech: {
          duration: result.duration,
          sample_rate: result.sampleRate,
          visemes: visemeCues(result.phonemes, result.duration),
          words: result.words,
        },
      }
    },
  }
}

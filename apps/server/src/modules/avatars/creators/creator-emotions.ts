/**
 * SPEC §7 "import emotion" for a creator: the emotion → prosody table of the voice the creator
 * speaks with. The table lives on a voice profile (the voices module reads and speaks it), so every
 * place that speaks the creator's voice — renders, project scenes, alerts, previews — uses it:
 *   - the creator's own profile (`voice_id` = `profile:<voice_profile_id>`, no other influencer
 *     speaking with it, as for "delete voice") takes the table;
 *   - a creator on an engine voice, or on a profile another influencer shares, first gets a profile
 *     of its own on that voice (the shared one is left as it is).
 * The whole file is checked before anything changes; both steps are audited.
 */
import { CREATOR_VOICE_BUSY_MESSAGE } from '@mouthpiece/contracts/avatars/creators.contract'
import type { Creator } from '@mouthpiece/contracts/avatars/creators.contract'
import {
  EMOTION_IMPORTED_MESSAGE,
  profileVoiceId,
} from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { VoiceProfileItem } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { Queryable } from '../../../platform/db/client'
import { AppError, fieldError } from '../../../platform/http/errors'
import type { UploadedFile } from '../../../platform/http/form-upload'
import { auditedChange } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import {
  createProfileFromVoice,
  deleteProfile,
  emotionTableOf,
  getProfile,
  profileEmotions,
  setProfileEmotions,
} from '../../voices'
import * as repo from './creators.repo'
import type { InfluencerRow } from '../avatars.table'
import { findCreator, presentCreator } from './creators.service'
import type { AvatarsDeps } from '../avatars.deps'

const voiceChanged = () =>
  new AppError('conflict', 'The creator’s voice was changed meanwhile. Please import the file again.', 409)

/** The creator's own voice profile (the table may be written to it), or null. */
async function ownProfileId(db: Queryable, row: InfluencerRow): Promise<number | null> {
  const id = row.voice_profile_id
  if (id === null || row.voice_id !== profileVoiceId(id)) return null
  const others = await repo.otherInfluencerWithProfile(db, row.id, id, profileVoiceId(id))
  return others.length ? null : id
}

export async function importCreatorEmotions(
  deps: AvatarsDeps,
  actor: AdminAuditActor,
  id: string,
  file: UploadedFile | undefined,
): Promise<{ message: string; creator: Creator; profile: VoiceProfileItem }> {
  const table = emotionTableOf(file)
  const current = await findCreator(deps.db, id)
  // Processing ends by giving the creator the voice found in its video: a table imported now would be left behind.
  if (current.status === 'processing') throw fieldError('file', CREATOR_VOICE_BUSY_MESSAGE)
  const target = { type: 'creator', id }
  const before = { voice_id: current.voice_id, voice_profile_id: current.voice_profile_id }
  const own = await ownProfileId(deps.db, current)
  let profileId: number
  if (own !== null) {
    await auditedChange(
      deps.db,
      actor,
      'creators.import-emotion',
      { target, before: async (tx) => ({ ...before, emotions: await profileEmotions(tx, own) }) },
      async (tx) => {
        await setProfileEmotions(tx, own, table)
        return { ...before, emotions: table }
      },
    )
    profileId = own
  } else {
    const made = await createProfileFromVoice(deps, actor, {
      name: `${current.name}'s voice`,
      speaker: current.name,
      voiceId: current.voice_id,
      emotions: table,
      meta: { for_creator: id },
      description: `${current.name}'s own voice (from ${current.voice_id}) with an imported emotion table.`,
    })
    try {
      await auditedChange(
        deps.db,
        actor,
        'creators.import-emotion',
        { target, before: async () => before },
        async (tx) => {
          const next = { voice_id: profileVoiceId(made.id), voice_profile_id: made.id }
          // Only over the voice the profile was made from: an admin who picked another voice meanwhile keeps it.
          const [row] = await repo.updateInfluencerOverVoice(tx, id, current.voice_id, {
            ...next,
            updated_at: new Date(),
          })
          if (!row) throw voiceChanged()
          return { ...next, emotions: table }
        },
      )
    } catch (error) {
      await deleteProfile(deps, actor, made.id).catch(() => undefined)
      throw error
    }
    profileId = made.id
  }
  return {
    message: EMOTION_IMPORTED_MESSAGE,
    creator: presentCreator(await findCreator(deps.db, id)),
    profile: await getProfile(deps, profileId),
  }
}

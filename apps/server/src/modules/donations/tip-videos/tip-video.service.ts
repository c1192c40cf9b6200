/**
 * Tip videos: an avatar setup's short preview, a tip's shareable video, and playing that video on
 * the overlay. The videos are ordinary renders (renders.audio → avatar → final), so progress,
 * cancel, files and sharing are the renders module's; this file decides what is said, by whom, and
 * ties a tip to its render (tip_videos).
 */
import { randomUUID } from 'node:crypto'
import { DEFAULT_PREVIEW_LINE } from '@mouthpiece/contracts/donations/tip-videos.contract'
import type {
  SetupPreviewBody,
  TipVideo,
  TipVideoAction,
} from '@mouthpiece/contracts/donations/tip-videos.contract'
import type { DonationAvatar } from '@mouthpiece/contracts/donations/donations.schemas'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { DEFAULT_VOICE_ID } from '@mouthpiece/contracts/media/voices.schemas'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { AppError, notFound } from '../../../platform/http/errors'
import { chooseAvatar } from '../../avatars'
import type { ChosenAvatar } from '../../avatars'
import { checkVoiceChoice } from '../../voices'
import { backgroundKey, presentRender, cancel, remove, startModuleVideo } from '../../renders'
import type { DonationsDeps, TipVideoDeps } from '../donations.deps'
import type { AlertEventRow, AvatarSetupRow } from '../donations.table'
import { findUserEvent } from '../ingest/events.repo'
import { amountLabel } from '../alerts/alert-line'
import { prepare } from '../alerts/alert.service'
import { findSetup, updateSettings } from '../settings/settings.repo'
import { ensureSettings, requireSetup } from '../settings/settings.service'
import { settingsForKey } from '../alerts/overlay.service'
import { currentAvatar, resolveChoice } from '../settings/setup-avatar'
import { tipCardJpeg } from './tip-video-card'
import type { TipCard } from './tip-video-card'
import * as repo from './tip-video.repo'
import type { TipVideoWithRender } from './tip-video.repo'

/** The avatar a setup shows, resolved as it is now (setup-avatar.ts): a custom avatar or look, else its influencer, else the default one. */
async function avatarOf(
  deps: TipVideoDeps,
  userId: number,
  avatar: DonationAvatar | null | undefined,
  name: string,
): Promise<ChosenAvatar> {
  const now = avatar ? await currentAvatar(deps.donations.db, userId, avatar) : undefined
  if (now?.custom_avatar_id != null)
    return chooseAvatar(deps.renders.db, userId, { custom_avatar_id: now.custom_avatar_id })
  const influencer = await chooseAvatar(deps.renders.db, userId, {
    influencer_id: now?.influencer_id ?? undefined,
  }).catch(() => chooseAvatar(deps.renders.db, null, {}))
  return now?.look && !now.influencer_id
    ? { ...influencer, influencer_id: null, custom_avatar_id: null, name, look: now.look }
    : influencer
}

/** The voice the alert would use: the setup's, else the creator's TTS voice, else the defaults (as alerts fall back). */
async function voiceOf(
  deps: TipVideoDeps,
  userId: number,
  ...wanted: Array<string | null | undefined>
): Promise<string> {
  for (const id of [...wanted, deps.donations.config.ALERT_DEFAULT_VOICE, DEFAULT_VOICE_ID]) {
    if (!id) continue
    if (
      await checkVoiceChoice(deps.donations.db, userId, id).then(
        () => true,
        () => false,
      )
    )
      return id
  }
  return DEFAULT_VOICE_ID
}

/** POST avatar-setup/short-video: a saved setup, or the fields of one being edited, saying a short line. */
export async function previewSetup(
  deps: TipVideoDeps,
  userId: number,
  body: SetupPreviewBody,
): Promise<Render> {
  const saved = body.setup_id ? await requireSetup(deps.donations, userId, body.setup_id) : undefined
  const settings = await ensureSettings(deps.donations, userId)
  // A setup being edited: what it chose is resolved (and its owner checked) as a save would.
  const donationAvatar = body.donation_avatar
    ? await resolveChoice(deps.donations.db, userId, body.donation_avatar)
    : saved?.donation_avatar
  const voice = body.voice !== undefined ? body.voice : saved?.voice
  const name = saved?.name ?? 'Avatar setup'
  const avatar = await avatarOf(deps, userId, donationAvatar, name)
  const row = await startModuleVideo(deps.renders, userId, {
    source: 'setup_preview',
    text: body.text || DEFAULT_PREVIEW_LINE,
    title: `Preview: ${name}`,
    avatar,
    voiceId: await voiceOf(deps, userId, voice, settings.tts.voice),
    emotion: settings.tts.emotion,
    intensity: 0.6,
    orientation: 'landscape',
    background: { type: 'preset', id: 'coral' },
  })
  await forgetOldPreviews(deps, userId)
  return presentRender(row)
}

/** Previews are checks, not keepsakes: past the newest few finished ones, their renders and files go. */
const PREVIEWS_KEPT = 3
async function forgetOldPreviews(deps: TipVideoDeps, userId: number) {
  for (const id of await repo.stalePreviews(deps.renders.db, userId, PREVIEWS_KEPT)) {
    await remove(deps.renders, { userId, visitorId: null }, id).catch((err: unknown) =>
      console.error('[donations] preview cleanup:', (err as Error).message),
    )
  }
}

const MODERATED = new AppError('moderated', 'This tip was held back by moderation, so it has no video.', 409)

/**
 * What a tip's video says and shows: the line the alert spoke (moderated, as stored when it
 * played), or — for a tip the creator's rules kept silent — the line moderation makes of it now.
 * A tip moderation skipped or rejected, or one still waiting, gets no video.
 */
async function scriptOf(
  deps: TipVideoDeps,
  tip: AlertEventRow,
): Promise<{ line: string; card: TipCard; setup: AvatarSetupRow | null }> {
  if (tip.status === 'queued')
    throw new AppError('not_ready', 'This alert is still being prepared. Try again in a moment.', 409)
  if (tip.status === 'pending_approval')
    throw new AppError('not_approved', 'Approve this alert first: its video says what the alert says.', 409)
  if (tip.skip_reason === 'moderated' || tip.skip_reason === 'rejected' || tip.external_status === 'rejected')
    throw MODERATED
  const base = { kind: tip.kind, amount: amountLabel(tip), isTest: tip.is_test }
  if (tip.spoken_text && tip.speech) {
    const setup = tip.avatar_setup_id
      ? ((await findSetup(deps.donations.db, tip.user_id, tip.avatar_setup_id)) ?? null)
      : null
    return {
      line: tip.spoken_text,
      card: { ...base, who: tip.speech.who, message: tip.speech.message },
      setup,
    }
  }
  const p = await prepare(deps.donations, tip, await ensureSettings(deps.donations, tip.user_id))
  if (p.hold === 'moderated' || p.hold === 'rejected') throw MODERATED
  return { line: p.line, card: { ...base, who: p.who, message: p.message }, setup: p.setup }
}

const live = (link: TipVideoWithRender | undefined) =>
  link?.render && link.render.status !== RenderStatus.issue ? link.render : undefined

/** POST tips/:id/generate-video: one video per tip; while it renders or once done, the same one is answered. */
export async function generateForTip(deps: TipVideoDeps, userId: number, tipId: number): Promise<TipVideo> {
  const tip = await findUserEvent(deps.donations.db, userId, tipId)
  if (!tip) throw notFound('Tip')
  const existing = await repo.findTipVideo(deps.donations.db, userId, tipId)
  if (live(existing)) return presentTipVideo(existing!)

  const { line, card, setup } = await scriptOf(deps, tip)
  const settings = await ensureSettings(deps.donations, userId)
  // The card is the video's background picture (the renderer reads uploads from backgrounds/).
  const backgroundId = randomUUID()
  await deps.donations.storage.put(backgroundKey(backgroundId), await tipCardJpeg(card), 'image/jpeg')
  let made = false
  await startModuleVideo(
    deps.renders,
    userId,
    {
      source: 'tip_video',
      text: line,
      title: `${card.who}'s ${card.kind === 'tip' ? 'tip' : 'alert'}${card.amount ? ` · ${card.amount}` : ''}`,
      avatar: await avatarOf(deps, userId, setup?.donation_avatar, setup?.name ?? 'Alert avatar'),
      voiceId: await voiceOf(deps, tip.user_id, setup?.voice, settings.tts.voice),
      emotion: settings.tts.emotion,
      intensity: 0.6,
      orientation: 'portrait',
      background: { type: 'upload', id: backgroundId },
    },
    {
      // Two clicks at once: the second waits for the first's transaction and then finds its render.
      async claim(tx) {
        await repo.lockTip(tx, tipId)
        return live(await repo.findTipVideo(tx, userId, tipId))
      },
      async attach(tx, render) {
        made = true
        await repo.linkRender(tx, { tip_id: tipId, user_id: userId, render_id: render.id })
      },
    },
  )
  if (!made) await deps.donations.storage.delete(backgroundKey(backgroundId))
  return presentTipVideo((await repo.findTipVideo(deps.donations.db, userId, tipId))!)
}

/** POST tips/push-tip-video-action. */
export async function pushAction(
  deps: TipVideoDeps,
  userId: number,
  tipId: number,
  action: TipVideoAction,
): Promise<TipVideo> {
  if (!(await findUserEvent(deps.donations.db, userId, tipId))) throw notFound('Tip')
  const link = await repo.findTipVideo(deps.donations.db, userId, tipId)
  if (!link?.render) throw new AppError('no_video', 'This tip has no video yet. Make one first.', 404)
  const render = link.render
  if (action === 'play') {
    if (render.status !== RenderStatus.completed)
      throw new AppError('not_ready', 'The video is not ready yet.', 409)
    // The play and the overlay's news commit together (NOTIFY is transactional), as alerts do.
    await deps.donations.db.transaction(async (tx) => {
      await repo.movePlay(tx, userId, tipId, ['none', 'queued', 'playing', 'played', 'failed', 'cancelled'], {
        play_state: 'queued',
        play_requested_at: new Date(),
        played_at: null,
        play_error: null,
      })
      await deps.donations.bus.publish(tx, userId, tipId, 'video')
    })
  } else if (render.status === RenderStatus.rendering || render.status === RenderStatus.paused) {
    await cancel(deps.renders, { userId, visitorId: null }, render.id)
  } else {
    const stopped = await deps.donations.db.transaction(async (tx) => {
      const moved = await repo.movePlay(tx, userId, tipId, ['queued', 'playing'], { play_state: 'cancelled' })
      if (moved) await deps.donations.bus.publish(tx, userId, tipId, 'stop-video')
      return moved
    })
    if (!stopped)
      throw new AppError(
        'nothing_to_cancel',
        'Nothing to cancel: the video is not rendering or playing.',
        409,
      )
  }
  return presentTipVideo((await repo.findTipVideo(deps.donations.db, userId, tipId))!)
}

export async function listForTips(deps: TipVideoDeps, userId: number, tipIds: number[]): Promise<TipVideo[]> {
  return (await repo.findTipVideos(deps.donations.db, userId, tipIds)).map(presentTipVideo)
}

/** The overlay reports a tip video started, played or failed. */
export async function acknowledgePlay(
  deps: DonationsDeps,
  body: { key: string; tip_id: number; state: 'started' | 'played' | 'failed'; error?: string },
) {
  const settings = await settingsForKey(deps, body.key)
  const userId = settings.user_id
  const link = await repo.findTipVideo(deps.db, userId, body.tip_id)
  if (!link) throw new AppError('not_found', 'Tip video not found', 404)
  const now = new Date()
  if (body.state === 'started')
    await repo.movePlay(deps.db, userId, body.tip_id, ['queued'], { play_state: 'playing' })
  else if (body.state === 'played')
    await repo.movePlay(deps.db, userId, body.tip_id, ['queued', 'playing', 'failed'], {
      play_state: 'played',
      played_at: now,
      play_error: null,
    })
  else {
    const error = body.error?.slice(0, 500) || 'The overlay could not play this video'
    await repo.movePlay(deps.db, userId, body.tip_id, ['queued', 'playing'], {
      play_state: 'failed',
      play_error: error,
    })
  }
  await updateSettings(deps.db, userId, {
    overlay_seen_at: now,
    ...(body.state === 'played' ? { overlay_last_played_at: now } : {}),
  })
}

function presentTipVideo(link: TipVideoWithRender): TipVideo {
  return {
    tip_id: link.tip_id,
    render: link.render ? presentRender(link.render) : null,
    play_state: link.play_state,
    play_requested_at: link.play_requested_at?.toISOString() ?? null,
    played_at: link.played_at?.toISOString() ?? null,
    play_error: link.play_error,
  }
}

import { MONEY_KINDS } from '@mouthpiece/contracts/donations/donations.schemas'
import type { OverlayAlert, SkipReason, Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import { DEFAULT_EMOTION, DEFAULT_VOICE_ID } from '@mouthpiece/contracts/media/voices.schemas'
import type { DonationsDeps } from '../donations.deps'
import type { AlertEventRow, AvatarSetupRow, DonationSettingsRow, StoredSpeech } from '../donations.table'
import { findEvent, findRuleFacts, transition, transitionMany } from '../ingest/events.repo'
import type { RuleFacts } from '../ingest/events.repo'
import { amountLabel, pickSetup, spokenLine, usdValue } from './alert-line'
import type { SpokenAlert } from './alert-speech'
import { moderateName, moderateText } from '../moderation/moderation'
import { findSetup, listSetups } from '../settings/settings.repo'
import {
  DEFAULT_MINIMUMS,
  DEFAULT_MODERATION,
  adminModeration,
  ensureSettings,
  presentSetupNow,
} from '../settings/settings.service'
import { signedAvatar } from '../settings/setup-avatar'
import { speechFor } from '../../voices'

/** How long an overlay audio link stays valid (alerts older than this are not replayed anyway). */
const AUDIO_LINK_SECONDS = 6 * 3600

/**
 * One alert job: the events one ingest transaction stored (one event when idle, many in a flood),
 * or one re-pushed / approved event.
 */
export interface AlertJobData {
  eventIds: number[]
  /** Re-push: the creator asked for it, so mute/types/minimums/approval do not hold it back. */
  force?: boolean
  /** Released from the approval queue. */
  approved?: boolean
}
type OneAlert = Omit<AlertJobData, 'eventIds'> & { eventId: number }

/** Why the creator's rules keep this event silent, or null when it may speak. */
export function ruleSkip(e: RuleFacts, s: DonationSettingsRow): SkipReason | null {
  if (!s.alerts_allowed) return 'not_allowed'
  if (s.mute_all) return 'muted'
  if (e.gift_recipient) return 'gift_recipient'
  if (e.is_test) return null
  if (!s.enabled_types.includes(e.kind)) return 'type_disabled'
  const min = { ...DEFAULT_MINIMUMS, ...s.minimums }
  if (MONEY_KINDS.includes(e.kind) && usdValue(e) + 1e-9 < min.amount_usd) return 'below_minimum'
  if (e.kind === 'bits' && (e.bits ?? 0) < min.bits) return 'below_minimum'
  if (e.kind === 'channel_points' && (e.points ?? 0) < min.channel_points) return 'below_minimum'
  return null
}

export interface Prepared {
  line: string
  who: string
  message: string
  flagged: boolean
  setup: AvatarSetupRow | null
  hold: 'moderated' | 'rejected' | 'approval' | null
}

/** Rules aside, what the alert would say and who would say it (also what a tip video of it says). */
export async function prepare(
  deps: DonationsDeps,
  e: AlertEventRow,
  s: DonationSettingsRow,
): Promise<Prepared> {
  const admin = await adminModeration(deps)
  const moderation = { ...DEFAULT_MODERATION, ...s.moderation }
  const msg = moderateText(e.message, moderation, admin)
  const name = moderateName(e.who, moderation, admin)
  const who = name.flagged || !name.spoken ? 'Someone' : name.spoken
  const flagged = msg.flagged || name.flagged
  const forced = e.forced_setup_id ? await findSetup(deps.db, e.user_id, e.forced_setup_id) : undefined
  const setup = forced ?? pickSetup(await listSetups(deps.db, e.user_id), usdValue(e))
  let hold: Prepared['hold'] = null
  if (e.external_status === 'rejected') hold = 'rejected'
  else if (msg.skip) hold = 'moderated'
  else if (
    e.external_status === 'pending' ||
    moderation.approval === 'all' ||
    (moderation.approval === 'flagged' && flagged)
  )
    hold = 'approval'
  return { line: spokenLine(e, who, msg.spoken), who, message: msg.spoken, flagged, setup, hold }
}

/** Speech for a line; a voice that fails falls back to the default, and no speech at all still shows the card. */
async function speak(
  deps: DonationsDeps,
  line: string,
  voice: string,
  s: DonationSettingsRow,
): Promise<{ spoken: SpokenAlert | null; error: string | null }> {
  for (const v of [...new Set([voice, deps.config.ALERT_DEFAULT_VOICE, DEFAULT_VOICE_ID])]) {
    try {
      // A personal voice (the creator's own, checked when it was chosen) speaks as its match or clone.
      const { voiceId, matchProfile } = await speechFor(deps.db, s.user_id, v)
      return { spoken: await deps.speaker.speak(line, voiceId, s.tts.emotion, matchProfile), error: null }
    } catch (err) {
      console.error(`[donations] speech failed with ${v}:`, (err as Error).message)
    }
  }
  return { spoken: null, error: 'Speech could not be made; the alert shows without voice' }
}

async function synthesize(
  deps: DonationsDeps,
  e: AlertEventRow,
  s: DonationSettingsRow,
  p: Prepared,
  keyTag: string,
) {
  const { spoken, error } = await speak(deps, p.line, p.setup?.voice ?? s.tts.voice, s)
  let audioKey: string | null = null
  if (spoken) {
    audioKey = `donations/${e.user_id}/alerts/${e.id}-${keyTag}.wav`
    await deps.storage.put(audioKey, spoken.wav, 'audio/wav')
  }
  const speech: StoredSpeech = {
    who: p.who,
    message: p.message,
    volume: s.tts.volume,
    duration: spoken?.speech.duration ?? 0,
    sample_rate: spoken?.speech.sample_rate ?? 0,
    emotion: s.tts.emotion,
    visemes: spoken?.speech.visemes ?? [],
    words: spoken?.speech.words ?? [],
  }
  return { audioKey, speech, error }
}

/**
 * The alert job: rules, moderation, the spoken line, speech into storage, then — in one
 * transaction — the row moves to `speaking` and the overlay bus is told. Only a `queued` row is
 * processed, so a job delivered twice (a worker killed after the commit) does nothing the second time.
 */
export async function processAlert(deps: DonationsDeps, job: OneAlert): Promise<void> {
  const e = await findEvent(deps.db, job.eventId)
  if (!e || e.status !== 'queued') return
  const s = await ensureSettings(deps, e.user_id)
  const skip = job.force ? null : ruleSkip(e, s)
  if (skip) {
    await transition(deps.db, e.id, ['queued'], { status: 'skipped', skip_reason: skip })
    return
  }
  const p = await prepare(deps, e, s)
  if (p.hold === 'moderated' || p.hold === 'rejected') {
    await transition(deps.db, e.id, ['queued'], {
      status: 'skipped',
      skip_reason: p.hold,
      flagged: p.flagged,
    })
    return
  }
  if (p.hold === 'approval' && !job.approved && !job.force) {
    await transition(deps.db, e.id, ['queued'], {
      status: 'pending_approval',
      spoken_text: p.line,
      flagged: p.flagged,
    })
    return
  }
  const { audioKey, speech, error } = await synthesize(deps, e, s, p, String(Date.now()))
  await deps.db.transaction(async (tx) => {
    const row = await transition(tx, e.id, ['queued'], {
      status: 'speaking',
      skip_reason: null,
      spoken_text: p.line,
      flagged: p.flagged,
      avatar_setup_id: p.setup?.id ?? null,
      audio_key: audioKey,
      speech,
      error,
      emitted_at: new Date(),
      played_at: null,
    })
    if (row) await deps.bus.publish(tx, e.user_id, e.id)
  })
}

/**
 * An alert job: the creators' rules for all of its events at once (a muted creator's flood costs a
 * few statements, not a few per alert), then the ones that may speak, two at a time. One alert that
 * fails does not hold up the others: the job is retried for it (the rest are no longer `queued`,
 * so they are not done twice), and on the last attempt it is marked failed.
 */
export async function processAlerts(
  deps: DonationsDeps,
  job: AlertJobData,
  lastAttempt: boolean,
): Promise<void> {
  const { eventIds, ...how } = job
  const settings = new Map<number, DonationSettingsRow>()
  const skips = new Map<SkipReason, number[]>()
  const speak: number[] = []
  for (const e of await findRuleFacts(deps.db, eventIds)) {
    let s = settings.get(e.user_id)
    if (!s) settings.set(e.user_id, (s = await ensureSettings(deps, e.user_id)))
    const skip = how.force ? null : ruleSkip(e, s)
    if (skip) skips.set(skip, [...(skips.get(skip) ?? []), e.id])
    else speak.push(e.id)
  }
  for (const [reason, ids] of skips)
    await transitionMany(deps.db, ids, ['queued'], { status: 'skipped', skip_reason: reason })
  const failed: Array<{ id: number; error: string }> = []
  let next = 0
  const lane = async () => {
    while (next < speak.length) {
      const eventId = speak[next++]!
      await processAlert(deps, { ...how, eventId }).catch((err: unknown) =>
        failed.push({ id: eventId, error: (err as Error).message }),
      )
    }
  }
  await Promise.all([lane(), lane()])
  if (!failed.length) return
  if (!lastAttempt) throw new Error(`${failed.length} alert(s) failed, first: ${failed[0]!.error}`)
  for (const f of failed)
    await transition(deps.db, f.id, ['queued'], { status: 'failed', error: f.error.slice(0, 500) })
}

/** Builds the alert as it would play, without playing it or changing its state (re-push "preview"). */
export async function previewAlert(deps: DonationsDeps, e: AlertEventRow): Promise<OverlayAlert> {
  const s = await ensureSettings(deps, e.user_id)
  const p = await prepare(deps, e, s)
  const { audioKey, speech } = await synthesize(deps, e, s, p, `preview-${Date.now()}`)
  return presentOverlayAlert(deps, { ...e, spoken_text: p.line, audio_key: audioKey, speech }, p.setup)
}

export async function overlayAlertOf(deps: DonationsDeps, e: AlertEventRow): Promise<OverlayAlert> {
  const setup = e.avatar_setup_id ? await findSetup(deps.db, e.user_id, e.avatar_setup_id) : undefined
  return presentOverlayAlert(deps, e, setup ?? null)
}

async function presentOverlayAlert(
  deps: DonationsDeps,
  e: AlertEventRow,
  setup: AvatarSetupRow | null,
): Promise<OverlayAlert> {
  const speech = e.speech
  return {
    id: e.id,
    kind: e.kind,
    source: e.source,
    who: speech?.who ?? e.who,
    amount_label: amountLabel(e),
    message: speech?.message ?? '',
    spoken_text: e.spoken_text ?? '',
    is_test: e.is_test,
    audio:
      e.audio_key && speech
        ? {
            url: await deps.storage.url(e.audio_key, { expiresInSeconds: AUDIO_LINK_SECONDS }),
            duration: speech.duration,
            sample_rate: speech.sample_rate,
          }
        : null,
    visemes: speech?.visemes ?? [],
    words: speech?.words ?? [],
    volume: speech?.volume ?? 1,
    emotion: speech?.emotion ?? DEFAULT_EMOTION,
    avatar_setup: setup ? await overlaySetup(deps, setup) : null,
    received_at: e.received_at.toISOString(),
    emitted_at: Date.now(),
  }
}

/** The overlay has no session: a photo avatar's portrait goes out as a signed link, as the voice does. */
async function overlaySetup(deps: DonationsDeps, setup: AvatarSetupRow) {
  const shown = await presentSetupNow(deps, setup)
  return {
    ...shown,
    donation_avatar: await signedAvatar(deps.storage, shown.donation_avatar, AUDIO_LINK_SECONDS),
  }
}

/**
 * An alert handed to the overlay and not reported played within this long never finished (the
 * overlay was closed mid-alert, or is not open): the feed shows it failed instead of "Playing"
 * forever. Longer than the longest alert (a 500-character message spoken slowly, plus its video).
 * Derived when shown, not written: a late "played" from a reopened overlay still counts.
 */
export const ALERT_PLAY_TIMEOUT_MS = 3 * 60_000

const timedOut = (e: AlertEventRow, now = Date.now()) =>
  e.status === 'speaking' && !!e.emitted_at && now - e.emitted_at.getTime() > ALERT_PLAY_TIMEOUT_MS

export function presentTip(e: AlertEventRow): Tip {
  return {
    id: e.id,
    source: e.source,
    kind: e.kind,
    external_id: e.external_id,
    who: e.who,
    amount: e.amount,
    currency: e.currency,
    bits: e.bits,
    points: e.points,
    count: e.count,
    tier: e.tier,
    title: e.title,
    message: e.message,
    is_test: e.is_test,
    status: timedOut(e) ? 'failed' : e.status,
    skip_reason: e.skip_reason,
    spoken_text: e.spoken_text,
    avatar_setup_id: e.avatar_setup_id,
    account_id: e.account_id,
    received_at: e.received_at.toISOString(),
    played_at: e.played_at?.toISOString() ?? null,
  }
}

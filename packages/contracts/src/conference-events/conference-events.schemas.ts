import { z } from 'zod'
import { InfluencerSlug } from '../avatars/avatars.contract'
import { SignupEmail } from '../early-registers/early-registers.schemas'
import { VoiceId } from '../media/voices.schemas'

/**
 * SPEC §7 "Conference event" (the TwitchCon booth of the glossary): an event the admin sets up,
 * attendees who sign up at a kiosk, and the short greeting video each one gets.
 */

export const NAME_PLACEHOLDER = '{name}'
export const GREETING_NEEDS_NAME = 'The greeting must contain {name}, where the attendee’s name goes'

/** An extra question the kiosk asks beside name and email (e.g. "Twitch handle", "Company"). */
export const CaptureField = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'A field key is lowercase letters, digits and _ (e.g. twitch_handle)'),
  label: z
    .string()
    .trim()
    .min(1, 'Each field needs a label')
    .max(60, 'A field label is at most 60 characters'),
  required: z.boolean().default(false),
})
export type CaptureField = z.infer<typeof CaptureField>

const IsoDay = z.iso.date({ error: 'Use a date like 2026-10-16' })

/** The booth's staff PIN, set by the admin on the event (kept hashed); the kiosk's Staff panel asks for it. */
export const STAFF_PIN_FORMAT_MESSAGE = 'The staff PIN is 4 to 8 digits'
export const StaffPin = z
  .string({ error: STAFF_PIN_FORMAT_MESSAGE })
  .regex(/^[0-9]{4,8}$/, STAFF_PIN_FORMAT_MESSAGE)
export const STAFF_PIN_WRONG_MESSAGE = 'Wrong staff PIN. Please try again.'
export const STAFF_PIN_NOT_SET_MESSAGE =
  'No staff PIN is set for this event. Ask the admin to set one on the event.'
/** The Staff panel locks again after this long without a touch, click or key. */
export const STAFF_IDLE_LOCK_MS = 60_000

export const ConferenceEventBody = z
  .object({
    name: z
      .string({ error: 'Please enter the event name' })
      .trim()
      .min(1, 'Please enter the event name')
      .max(120, 'The event name is at most 120 characters'),
    starts_on: IsoDay,
    ends_on: IsoDay,
    fields: z.array(CaptureField).max(6, 'At most 6 extra fields').default([]),
    consent_text: z
      .string({ error: 'Please write the consent text' })
      .trim()
      .min(10, 'The consent text is at least 10 characters')
      .max(2000, 'The consent text is at most 2000 characters'),
    greeting_template: z
      .string()
      .trim()
      .min(1, GREETING_NEEDS_NAME)
      .max(200, 'The greeting is at most 200 characters')
      .refine((t) => t.includes(NAME_PLACEHOLDER), GREETING_NEEDS_NAME),
    influencer_id: InfluencerSlug,
    voice_id: VoiceId.nullable().default(null),
    /** Sets (or changes) the staff PIN; left out, the event keeps the PIN it has. */
    staff_pin: StaffPin.optional(),
  })
  .refine((e) => e.ends_on >= e.starts_on, {
    message: 'The event cannot end before it starts',
    path: ['ends_on'],
  })
  .refine((e) => new Set(e.fields.map((f) => f.key)).size === e.fields.length, {
    message: 'Each field key can be used once',
    path: ['fields'],
  })
export type ConferenceEventBody = z.input<typeof ConferenceEventBody>

/** Where the event's generic clip (the contingency) is. */
export const GenericClip = z.object({
  render_id: z.string().nullable(),
  status: z.enum(['none', 'rendering', 'ready', 'failed']),
  video_url: z.string().nullable(),
})

export const ConferenceEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  fields: z.array(CaptureField),
  consent_text: z.string(),
  greeting_template: z.string(),
  influencer_id: z.string(),
  voice_id: z.string().nullable(),
  generic_clip: GenericClip,
  /** Whether a staff PIN is set (the PIN itself is never shown). */
  has_staff_pin: z.boolean(),
  submissions: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ConferenceEvent = z.infer<typeof ConferenceEvent>

/** What a kiosk needs (no counts, no render ids). */
export const KioskSettings = ConferenceEvent.pick({
  id: true,
  name: true,
  starts_on: true,
  ends_on: true,
  fields: true,
  consent_text: true,
  greeting_template: true,
})
export type KioskSettings = z.infer<typeof KioskSettings>

/** A kiosk's name (set on the staff screen), recorded in the consent ledger. */
export const KioskId = z
  .string({ error: 'Missing kiosk id' })
  .trim()
  .min(1, 'Missing kiosk id')
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'A kiosk id is letters, digits, . _ and -')

export const CONSENT_REQUIRED = 'Please tick the box to agree before we make your video'
export const PHOTO_CONSENT_REQUIRED = 'Please agree to your photo being used, or skip the photo'
export const PHOTO_NO_FACE = 'We could not find a face in the photo. Please take it again, facing the camera.'
/** A kiosk photo as a data URL: a 720 px JPEG is ~150 KB; the request body limit is 1 MB. */
export const PHOTO_MAX_CHARS = 700_000
export const ATTENDEE_NAME_MESSAGE = 'Please enter your name or handle'

/** SPEC §7 "save data": one attendee from a kiosk. `submission_id` is made by the kiosk, so a resend is the same submission. */
export const SaveDataBody = z
  .object({
    submission_id: z.uuid({ error: 'Invalid submission id' }),
    kiosk_id: KioskId,
    name: z
      .string({ error: ATTENDEE_NAME_MESSAGE })
      .trim()
      .min(1, ATTENDEE_NAME_MESSAGE)
      .max(40, 'A name is at most 40 characters'),
    email: SignupEmail,
    consent: z.literal(true, { error: CONSENT_REQUIRED }),
    /** The consent text the attendee saw; it must be the event's current one. */
    consent_text: z.string({ error: 'Missing consent text' }).min(1, 'Missing consent text').max(2000),
    /** When the attendee ticked the box (kiosk clock): offline submissions arrive later. */
    agreed_at: z.iso.datetime({ offset: true, error: 'Invalid consent time' }),
    answers: z
      .record(z.string(), z.string().trim().max(200, 'An answer is at most 200 characters'))
      .default({}),
    /**
     * The attendee's photo taken at the kiosk (a JPEG, PNG or WebP data URL), made into their own
     * talking photo for the clip. Only with `photo_consent`: they agreed to their face being used.
     */
    photo: z
      .string()
      .max(PHOTO_MAX_CHARS, 'The photo is too large. Please take it again.')
      .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, {
        error: 'The photo could not be read. Please take it again.',
      })
      .optional(),
    photo_consent: z.literal(true, { error: PHOTO_CONSENT_REQUIRED }).optional(),
  })
  .refine((b) => !b.photo || b.photo_consent === true, {
    message: PHOTO_CONSENT_REQUIRED,
    path: ['photo_consent'],
  })
export type SaveDataBody = z.input<typeof SaveDataBody>

export const DELIVERY_STATES = ['rendering', 'ready', 'mailed', 'mail_failed'] as const
export const Delivery = z.enum(DELIVERY_STATES)
export type Delivery = z.infer<typeof Delivery>
/** personal: the attendee's own render; generic: the event's pre-rendered clip with the name in captions. */
export const Variant = z.enum(['personal', 'generic'])
export type Variant = z.infer<typeof Variant>

/** An attendee's clip as the kiosk and the QR link show it (no email). */
export const ShortVideo = z.object({
  code: z.string(),
  event_id: z.number().int(),
  event_name: z.string(),
  name: z.string(),
  greeting: z.string(),
  variant: Variant,
  delivery: Delivery,
  video_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** The name captions: the personal render's own, or the contingency's track. */
  captions_url: z.string().nullable(),
  /** The greeting spoken (short audio), there from the start whatever the video's state. */
  audio_url: z.string(),
})
export type ShortVideo = z.infer<typeof ShortVideo>

export const Submission = z.object({
  id: z.string(),
  event_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  answers: z.record(z.string(), z.string()),
  kiosk_id: z.string(),
  code: z.string(),
  variant: Variant,
  delivery: Delivery,
  delivery_error: z.string().nullable(),
  render_id: z.string().nullable(),
  agreed_at: z.string(),
  consent_sha256: z.string(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  mailed_at: z.string().nullable(),
})
export type Submission = z.infer<typeof Submission>

/** Six characters without look-alikes (no 0/O, 1/I/L): read off a screen and typed on a phone. */
export const RETRIEVAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const RetrievalCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[2-9A-HJKMNP-Z]{6}$/, 'That code is not right: it has 6 letters and digits')

/** An attendee as the kiosk's Staff panel shows them (after the server has checked the PIN). */
export const StaffRosterEntry = z.object({
  submission_id: z.string(),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  delivery: Delivery,
  variant: Variant,
  delivery_error: z.string().nullable(),
  created_at: z.string(),
})
export type StaffRosterEntry = z.infer<typeof StaffRosterEntry>

import { z } from 'zod'
import { CHANNEL_PLATFORMS, INVALID_YOUTUBE_CHANNEL_MESSAGE, isValidChannelUrl } from './channel-url'
import {
  CHANNELS_QUESTION_ID,
  SURVEY_ROLES,
  SURVEY_QUESTION_TYPES,
  SURVEY_TEXT_MAX_LENGTH,
  findQuestion,
  questionsFor,
} from './survey-questions'

/** A standard email pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/

/** SPEC §5 "CSV export email dialog": required, then a standard email pattern. */
export const EXPORT_EMAIL_REQUIRED = 'Please Enter Email'
export const EXPORT_EMAIL_INVALID = 'Please Enter Correct Email'
export const ExportEmail = z
  .string({ error: EXPORT_EMAIL_REQUIRED })
  .trim()
  .min(1, EXPORT_EMAIL_REQUIRED)
  .max(254, EXPORT_EMAIL_INVALID)
  .regex(EMAIL_PATTERN, EXPORT_EMAIL_INVALID)

export const SurveyRoleSchema = z.enum(SURVEY_ROLES, {
  error: 'Please tell us whether you are a creator or a fan',
})
export const ChannelPlatformSchema = z.enum(CHANNEL_PLATFORMS, {
  error: 'Please choose YouTube, TikTok or Twitch',
})

export const EARLY_REGISTER_EMAIL_MESSAGE = 'Please enter a valid email address'
export const SignupEmail = z
  .string({ error: EARLY_REGISTER_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, EARLY_REGISTER_EMAIL_MESSAGE)
  .max(254, EARLY_REGISTER_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, EARLY_REGISTER_EMAIL_MESSAGE)

/** A channel the person named; the URL rule (SPEC §5) applies to YouTube links. */
export const ChannelInput = z
  .object({
    platform: ChannelPlatformSchema,
    url: z.string().trim().max(300, 'Channel link must be at most 300 characters').default(''),
  })
  .superRefine((c, ctx) => {
    if (c.url && !isValidChannelUrl(c.platform, c.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: INVALID_YOUTUBE_CHANNEL_MESSAGE })
  })
export type ChannelInput = z.infer<typeof ChannelInput>

export const SurveyAnswerInput = z.object({
  question_id: z.string({ error: 'Unknown survey question' }).max(60),
  value: z.union(
    [
      z.string().max(SURVEY_TEXT_MAX_LENGTH, `Answers must be at most ${SURVEY_TEXT_MAX_LENGTH} characters`),
      z.array(z.string().max(60)).max(10),
    ],
    {
      error: 'Please answer the question',
    },
  ),
})
export type SurveyAnswerInput = z.infer<typeof SurveyAnswerInput>

/**
 * SPEC §7 "early-register {uuid, email, surveys, channels, role}". The answers are checked against
 * the role's questions here, so the survey form and the server reject the same things.
 */
export const EarlyRegisterBody = z
  .object({
    uuid: z.uuid({ error: 'Invalid sign-up id' }),
    email: SignupEmail,
    role: SurveyRoleSchema,
    surveys: z.array(SurveyAnswerInput).max(20).default([]),
    channels: z.array(ChannelInput).max(CHANNEL_PLATFORMS.length).default([]),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>()
    b.surveys.forEach((a, i) => {
      const q = findQuestion(b.role, a.question_id)
      const at = (message: string, field: 'question_id' | 'value' = 'value') =>
        ctx.addIssue({ code: 'custom', path: ['surveys', i, field], message })
      if (!q || q.id === CHANNELS_QUESTION_ID) return at('Unknown survey question', 'question_id')
      if (seen.has(q.id)) return at('Each question can be answered once', 'question_id')
      seen.add(q.id)
      const allowed = new Set(q.answers.map((x) => x.value))
      if (q.type === 'text') {
        if (typeof a.value !== 'string') at('Please answer in text')
      } else if (q.type === 'radio') {
        if (typeof a.value !== 'string' || !allowed.has(a.value)) at('Please choose one of the answers')
      } else {
        const values = typeof a.value === 'string' ? [a.value] : a.value
        if (values.length === 0 || values.some((v) => !allowed.has(v)))
          at('Please choose from the answers shown')
        if (!q.multiple && values.length > 1) at('Please choose one answer')
      }
    })
    for (const q of questionsFor(b.role)) {
      if (!q.required || q.id === CHANNELS_QUESTION_ID) continue
      const a = b.surveys.find((x) => x.question_id === q.id)
      const empty = !a || (typeof a.value === 'string' ? !a.value.trim() : a.value.length === 0)
      if (empty) ctx.addIssue({ code: 'custom', path: ['surveys'], message: `Please answer: ${q.question}` })
    }
    const platforms = new Set<string>()
    b.channels.forEach((c, i) => {
      if (platforms.has(c.platform))
        ctx.addIssue({
          code: 'custom',
          path: ['channels', i, 'platform'],
          message: 'Each channel can be listed once',
        })
      platforms.add(c.platform)
    })
  })
export type EarlyRegisterBody = z.infer<typeof EarlyRegisterBody>

/** An answer as stored: the question and answer texts are kept beside the values. */
export const SurveyAnswerRecord = z.object({
  question_id: z.string(),
  question: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  value: z.union([z.string(), z.array(z.string())]),
  /** The answer as people read it (answer contents joined, or the text). */
  answer: z.string(),
})
export type SurveyAnswerRecord = z.infer<typeof SurveyAnswerRecord>

export const Channel = z.object({ platform: z.enum(CHANNEL_PLATFORMS), url: z.string() })

/** SPEC §3 "Early register", as the admin lists show it. */
export const EarlyRegister = z.object({
  id: z.number().int(),
  uuid: z.string(),
  email: z.string(),
  role: z.enum(SURVEY_ROLES),
  surveys: z.array(SurveyAnswerRecord),
  channels: z.array(Channel),
  /** On the TTS early-access list: chose TTS alerts or spoken tips in the survey. */
  wants_tts: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type EarlyRegister = z.infer<typeof EarlyRegister>

export const EARLY_REGISTER_LISTS = ['all', 'tts'] as const
export type EarlyRegisterList = (typeof EARLY_REGISTER_LISTS)[number]

/** Friendly answers to a sign-up; a repeated email updates the answers instead of failing. */
export const EARLY_REGISTER_CREATED_MESSAGE =
  "You're on the list! We'll email you as soon as your early access is ready."
export const EARLY_REGISTER_UPDATED_MESSAGE = "You're already on the list. We've updated your answers."

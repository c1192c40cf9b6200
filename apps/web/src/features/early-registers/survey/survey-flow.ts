import { EarlyRegisterBody, SignupEmail } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import {
  INVALID_YOUTUBE_CHANNEL_MESSAGE,
  isValidChannelUrl,
} from '@mouthpiece/contracts/early-registers/channel-url'
import type { ChannelPlatform } from '@mouthpiece/contracts/early-registers/channel-url'
import { CHANNELS_QUESTION_ID, questionsFor } from '@mouthpiece/contracts/early-registers/survey-questions'
import type { SurveyQuestion, SurveyRole } from '@mouthpiece/contracts/early-registers/survey-questions'
import type { z } from 'zod'

/**
 * The early-access survey as pure state transitions: which steps a role gets, what each step needs
 * before Continue, and the payload. The modal only draws this; tests drive it directly.
 */

export type Step = { kind: 'role' } | { kind: 'question'; question: SurveyQuestion } | { kind: 'email' }

export interface SurveyState {
  role?: SurveyRole
  /** question id → the chosen value(s) or the typed text. */
  answers: Record<string, string | string[]>
  /** The channels ticked, each with its link (creators are asked for it). */
  channels: Partial<Record<ChannelPlatform, string>>
  email: string
}

export const emptySurvey = (role?: SurveyRole): SurveyState => ({
  role,
  answers: {},
  channels: {},
  email: '',
})

/** role → the role's questions in order → email. Before a role is picked, the creator path stands in for the count. */
export function stepsFor(role: SurveyRole | undefined): Step[] {
  return [
    { kind: 'role' },
    ...questionsFor(role ?? 'creator').map((question) => ({ kind: 'question' as const, question })),
    { kind: 'email' },
  ]
}

/** Picking the other role starts its questions afresh (their answers do not carry over). */
export function chooseRole(state: SurveyState, role: SurveyRole): SurveyState {
  return state.role === role ? state : { ...emptySurvey(role), email: state.email }
}

/** A radio answer replaces; an img_select answer toggles (or replaces when only one is allowed). */
export function chooseAnswer(state: SurveyState, question: SurveyQuestion, value: string): SurveyState {
  if (question.id === CHANNELS_QUESTION_ID) {
    const platform = value as ChannelPlatform
    const channels = { ...state.channels }
    if (platform in channels) delete channels[platform]
    else channels[platform] = ''
    return { ...state, channels }
  }
  if (question.type === 'img_select' && question.multiple) {
    const current = asList(state.answers[question.id])
    const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value]
    return { ...state, answers: { ...state.answers, [question.id]: next } }
  }
  return { ...state, answers: { ...state.answers, [question.id]: value } }
}

export function setText(state: SurveyState, question: SurveyQuestion, text: string): SurveyState {
  return { ...state, answers: { ...state.answers, [question.id]: text } }
}

export function setChannelUrl(state: SurveyState, platform: ChannelPlatform, url: string): SurveyState {
  return { ...state, channels: { ...state.channels, [platform]: url } }
}

export function isChosen(state: SurveyState, question: SurveyQuestion, value: string): boolean {
  if (question.id === CHANNELS_QUESTION_ID) return value in state.channels
  return asList(state.answers[question.id]).includes(value)
}

const asList = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : typeof v === 'string' ? (v ? [v] : []) : v

export const CHANNEL_URL_REQUIRED = 'Please add your channel link'
export const ROLE_REQUIRED = 'Please choose one to continue'
export const ANSWER_REQUIRED = 'Please choose an answer to continue'

/** Problems with the channel links, by platform: the SPEC §5 rule, and creators must give their link. */
export function channelErrors(state: SurveyState): Partial<Record<ChannelPlatform, string>> {
  const errors: Partial<Record<ChannelPlatform, string>> = {}
  for (const [platform, raw] of Object.entries(state.channels) as Array<[ChannelPlatform, string]>) {
    const url = raw.trim()
    if (!url) {
      if (state.role === 'creator') errors[platform] = CHANNEL_URL_REQUIRED
    } else if (!isValidChannelUrl(platform, url)) errors[platform] = INVALID_YOUTUBE_CHANNEL_MESSAGE
  }
  return errors
}

/** Why Continue is not possible yet on this step, or undefined when it is. */
export function stepError(step: Step, state: SurveyState): string | undefined {
  if (step.kind === 'role') return state.role ? undefined : ROLE_REQUIRED
  if (step.kind === 'email') {
    const parsed = SignupEmail.safeParse(state.email)
    return parsed.success ? undefined : parsed.error.issues[0]?.message
  }
  const q = step.question
  if (q.id === CHANNELS_QUESTION_ID) return Object.values(channelErrors(state))[0]
  if (!q.required) return undefined
  const v = state.answers[q.id]
  const answered = typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) && v.length > 0
  return answered ? undefined : ANSWER_REQUIRED
}

/** SPEC §7 early-register payload; unanswered optional questions are left out. */
export function toPayload(state: SurveyState, uuid: string): z.input<typeof EarlyRegisterBody> {
  const role = state.role ?? 'creator'
  const surveys = questionsFor(role)
    .filter((q) => q.id !== CHANNELS_QUESTION_ID)
    .flatMap((q) => {
      const v = state.answers[q.id]
      if (v === undefined) return []
      const value = typeof v === 'string' ? v.trim() : v
      return (typeof value === 'string' ? value : value.length) ? [{ question_id: q.id, value }] : []
    })
  const channels = (Object.entries(state.channels) as Array<[ChannelPlatform, string]>).map(
    ([platform, url]) => ({ platform, url: url.trim() }),
  )
  return { uuid, email: state.email.trim(), role, surveys, channels }
}

/** The whole payload checked with the server's own schema before sending: the first problem, if any. */
export function payloadError(state: SurveyState, uuid: string): string | undefined {
  const parsed = EarlyRegisterBody.safeParse(toPayload(state, uuid))
  return parsed.success ? undefined : parsed.error.issues[0]?.message
}

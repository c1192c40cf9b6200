import { describe, expect, it } from 'vitest'
import { SURVEY_QUESTIONS } from '@mouthpiece/contracts/early-registers/survey-questions'
import type { SurveyQuestion } from '@mouthpiece/contracts/early-registers/survey-questions'
import {
  ANSWER_REQUIRED,
  CHANNEL_URL_REQUIRED,
  ROLE_REQUIRED,
  chooseAnswer,
  chooseRole,
  emptySurvey,
  isChosen,
  payloadError,
  setChannelUrl,
  setText,
  stepError,
  stepsFor,
  toPayload,
} from './survey-flow'

const q = (id: string, role = 'creator'): SurveyQuestion =>
  SURVEY_QUESTIONS.find((x) => x.id === id && x.role === role)!
const UUID = '6f1c2f5e-8a4b-4c1d-9e2f-0a1b2c3d4e5f'

describe('early-access survey steps', () => {
  it('asks the role first, then that role’s questions, then the email', () => {
    const creator = stepsFor('creator').map((s) => (s.kind === 'question' ? s.question.id : s.kind))
    expect(creator).toEqual([
      'role',
      'creator_audience',
      'creator_interests',
      'channels',
      'creator_wish',
      'email',
    ])
    const fan = stepsFor('fan').map((s) => (s.kind === 'question' ? s.question.id : s.kind))
    expect(fan).toEqual(['role', 'fan_support', 'fan_interests', 'channels', 'fan_favourite', 'email'])
  })

  it('needs a role before continuing, and a fresh start when the role changes', () => {
    let s = emptySurvey()
    expect(stepError({ kind: 'role' }, s)).toBe(ROLE_REQUIRED)
    s = chooseRole(s, 'creator')
    expect(stepError({ kind: 'role' }, s)).toBeUndefined()
    s = chooseAnswer(s, q('creator_audience'), 'under_1k')
    s = { ...s, email: 'kept@example.com' }
    expect(chooseRole(s, 'creator')).toBe(s)
    const switched = chooseRole(s, 'fan')
    expect(switched).toMatchObject({ role: 'fan', answers: {}, channels: {}, email: 'kept@example.com' })
  })

  it('replaces a radio answer and toggles img_select answers', () => {
    let s = chooseRole(emptySurvey(), 'creator')
    const audience = { kind: 'question' as const, question: q('creator_audience') }
    expect(stepError(audience, s)).toBe(ANSWER_REQUIRED)
    s = chooseAnswer(s, q('creator_audience'), 'under_1k')
    s = chooseAnswer(s, q('creator_audience'), 'over_100k')
    expect(s.answers.creator_audience).toBe('over_100k')
    expect(stepError(audience, s)).toBeUndefined()

    const interests = q('creator_interests')
    s = chooseAnswer(s, interests, 'tts_alerts')
    s = chooseAnswer(s, interests, 'clips')
    expect(isChosen(s, interests, 'tts_alerts')).toBe(true)
    s = chooseAnswer(s, interests, 'tts_alerts')
    expect(s.answers.creator_interests).toEqual(['clips'])
    s = chooseAnswer(s, interests, 'clips')
    expect(stepError({ kind: 'question', question: interests }, s)).toBe(ANSWER_REQUIRED)
  })

  it('asks creators for a valid link for each channel they tick', () => {
    const channels = q('channels')
    const step = { kind: 'question' as const, question: channels }
    let s = chooseRole(emptySurvey(), 'creator')
    // No channel at all is fine: the question is optional.
    expect(stepError(step, s)).toBeUndefined()
    s = chooseAnswer(s, channels, 'youtube')
    expect(isChosen(s, channels, 'youtube')).toBe(true)
    expect(stepError(step, s)).toBe(CHANNEL_URL_REQUIRED)
    s = setChannelUrl(s, 'youtube', 'https://www.youtube.com/watch?v=abc')
    expect(stepError(step, s)).toBe(
      'Please enter a YouTube channel link like youtube.com/channel/… or youtube.com/user/…',
    )
    s = setChannelUrl(s, 'youtube', 'youtube.com/user/jane')
    expect(stepError(step, s)).toBeUndefined()
    s = chooseAnswer(s, channels, 'twitch')
    s = setChannelUrl(s, 'twitch', 'any text is a valid twitch link')
    expect(stepError(step, s)).toBeUndefined()
    // Unticking removes the channel and its link.
    s = chooseAnswer(s, channels, 'youtube')
    expect(s.channels).toEqual({ twitch: 'any text is a valid twitch link' })
  })

  it('lets fans tick where they watch without links', () => {
    const channels = q('channels', 'fan')
    let s = chooseRole(emptySurvey(), 'fan')
    s = chooseAnswer(s, channels, 'tiktok')
    expect(stepError({ kind: 'question', question: channels }, s)).toBeUndefined()
  })

  it('checks the email last and builds the payload the server takes', () => {
    let s = chooseRole(emptySurvey(), 'creator')
    s = chooseAnswer(s, q('creator_audience'), '1k_10k')
    s = chooseAnswer(s, q('creator_interests'), 'avatar_videos')
    s = chooseAnswer(s, q('channels'), 'youtube')
    s = setChannelUrl(s, 'youtube', ' youtu.be/channel/UCx ')
    s = setText(s, q('creator_wish'), '   ')
    expect(stepError({ kind: 'email' }, s)).toBe('Please enter a valid email address')
    s = { ...s, email: 'not an email' }
    expect(stepError({ kind: 'email' }, s)).toBe('Please enter a valid email address')
    s = { ...s, email: ' Jane@Example.com ' }
    expect(stepError({ kind: 'email' }, s)).toBeUndefined()
    expect(toPayload(s, UUID)).toEqual({
      uuid: UUID,
      email: 'Jane@Example.com',
      role: 'creator',
      surveys: [
        { question_id: 'creator_audience', value: '1k_10k' },
        { question_id: 'creator_interests', value: ['avatar_videos'] },
      ],
      channels: [{ platform: 'youtube', url: 'youtu.be/channel/UCx' }],
    })
    expect(payloadError(s, UUID)).toBeUndefined()
    expect(payloadError({ ...s, answers: {} }, UUID)).toBe('Please answer: How big is your audience today?')
  })
})

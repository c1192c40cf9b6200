import type { ChannelPlatform } from './channel-url'

/** SPEC §3 "Survey question" types and roles. */
export const SURVEY_QUESTION_TYPES = ['radio', 'img_select', 'text'] as const
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number]
export const SURVEY_ROLES = ['creator', 'fan'] as const
export type SurveyRole = (typeof SURVEY_ROLES)[number]

/** Icons the survey draws for answers; channel answers use their platform's icon (SPEC §3). */
export type SurveyIcon =
  ChannelPlatform | 'alerts' | 'avatar' | 'captions' | 'ads' | 'tips' | 'subs' | 'watch'

export interface SurveyAnswer {
  content: string
  value: string
  icon?: SurveyIcon
}

export interface SurveyQuestion {
  id: string
  type: SurveyQuestionType
  question: string
  answers: SurveyAnswer[]
  role: SurveyRole
  /** img_select questions may take several answers. */
  multiple?: boolean
  required?: boolean
  placeholder?: string
}

/** The answer that puts a sign-up on the TTS early-access list. */
export const TTS_INTEREST_VALUE = 'tts_alerts'
/** The id every role's channel question uses; its answers land in `channels`, not `surveys`. */
export const CHANNELS_QUESTION_ID = 'channels'
export const SURVEY_TEXT_MAX_LENGTH = 1000

const channelAnswers: SurveyAnswer[] = [
  { content: 'YouTube', value: 'youtube', icon: 'youtube' },
  { content: 'TikTok', value: 'tiktok', icon: 'tiktok' },
  { content: 'Twitch', value: 'twitch', icon: 'twitch' },
]

/**
 * The early-access survey (SPEC §3), in the order it is asked. Stored answers keep a copy of the
 * question and answer texts, so editing this list never rewrites what people said.
 */
export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  {
    id: 'creator_audience',
    role: 'creator',
    type: 'radio',
    required: true,
    question: 'How big is your audience today?',
    answers: [
      { content: 'Just getting started (under 1K)', value: 'under_1k' },
      { content: '1K – 10K followers', value: '1k_10k' },
      { content: '10K – 100K followers', value: '10k_100k' },
      { content: 'More than 100K followers', value: 'over_100k' },
    ],
  },
  {
    id: 'creator_interests',
    role: 'creator',
    type: 'img_select',
    multiple: true,
    required: true,
    question: 'What do you want to make with Mouthpiece?',
    answers: [
      { content: 'Spoken TTS stream alerts', value: TTS_INTEREST_VALUE, icon: 'alerts' },
      { content: 'Lip-synced avatar videos', value: 'avatar_videos', icon: 'avatar' },
      { content: 'Captions and short clips', value: 'clips', icon: 'captions' },
      { content: 'Ad creatives for sponsors', value: 'ads', icon: 'ads' },
    ],
  },
  {
    id: CHANNELS_QUESTION_ID,
    role: 'creator',
    type: 'img_select',
    multiple: true,
    question: 'Where do you stream or post?',
    answers: channelAnswers,
  },
  {
    id: 'creator_wish',
    role: 'creator',
    type: 'text',
    question: 'Anything you wish a tool did for your channel?',
    placeholder: 'e.g. read my superchats in my own voice',
    answers: [],
  },
  {
    id: 'fan_support',
    role: 'fan',
    type: 'radio',
    required: true,
    question: 'How do you usually support creators?',
    answers: [
      { content: 'Tips and donations', value: 'tips', icon: 'tips' },
      { content: 'Subscriptions and memberships', value: 'subs', icon: 'subs' },
      { content: 'Watching and sharing', value: 'watch', icon: 'watch' },
    ],
  },
  {
    id: 'fan_interests',
    role: 'fan',
    type: 'img_select',
    multiple: true,
    required: true,
    question: 'What would you like to try?',
    answers: [
      { content: 'Tips read aloud by an avatar (TTS)', value: TTS_INTEREST_VALUE, icon: 'alerts' },
      { content: 'Making avatar videos', value: 'avatar_videos', icon: 'avatar' },
      { content: 'Clips of favourite streams', value: 'clips', icon: 'captions' },
    ],
  },
  {
    id: CHANNELS_QUESTION_ID,
    role: 'fan',
    type: 'img_select',
    multiple: true,
    question: 'Where do you watch?',
    answers: channelAnswers,
  },
  {
    id: 'fan_favourite',
    role: 'fan',
    type: 'text',
    question: 'Which creator should we bring on board first?',
    placeholder: 'Their name or channel',
    answers: [],
  },
]

export function questionsFor(role: SurveyRole): SurveyQuestion[] {
  return SURVEY_QUESTIONS.filter((q) => q.role === role)
}

export function findQuestion(role: SurveyRole, id: string): SurveyQuestion | undefined {
  return SURVEY_QUESTIONS.find((q) => q.role === role && q.id === id)
}

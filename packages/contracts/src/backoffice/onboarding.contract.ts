import { z } from 'zod'
import { defineRoute } from '../define-route'

/**
 * The onboarding checklist new users see on /dashboard (issue 13): each step is done when the
 * user has really done it (the server looks at their data, nothing is ticked by hand). Admins edit
 * the texts, order and which steps show on /admin/onboarding and read each step's completion rate.
 */
export const ONBOARDING_STEPS = {
  connect_channel: {
    link: '/donation-settings',
    title: 'Connect your channel',
    body: 'Link Twitch, Streamlabs or StreamElements so tips and subs can reach your avatar.',
    cta_label: 'Connect a channel',
  },
  first_video: {
    link: '/landing#quick-create',
    title: 'Make your first video',
    body: 'Type a line, pick an avatar and get a talking video with captions in seconds.',
    cta_label: 'Quick create',
  },
  setup_alerts: {
    link: '/donation-settings',
    title: 'Set up alerts',
    body: 'Choose the avatar and voice that speak your tips, bits and subs on stream.',
    cta_label: 'Set up alerts',
  },
  create_project: {
    link: '/projects',
    title: 'Start a project',
    body: 'Build a longer video on the timeline with scenes, captions and a background.',
    cta_label: 'Open the editor',
  },
  custom_avatar: {
    link: '/avatar-editor',
    title: 'Design your own avatar',
    body: 'Describe a character and Mouthpiece draws an avatar that is only yours.',
    cta_label: 'Design an avatar',
  },
} as const
export type OnboardingStepKey = keyof typeof ONBOARDING_STEPS
export const ONBOARDING_STEP_KEYS = Object.keys(ONBOARDING_STEPS) as [
  OnboardingStepKey,
  ...OnboardingStepKey[],
]
export const OnboardingStepKey = z.enum(ONBOARDING_STEP_KEYS, { error: 'Unknown onboarding step' })

const StepText = z.object({
  title: z
    .string({ error: 'Please enter a title' })
    .trim()
    .min(1, 'Please enter a title')
    .max(80, 'A title is at most 80 characters'),
  body: z
    .string({ error: 'Please enter a description' })
    .trim()
    .min(1, 'Please enter a description')
    .max(300, 'A description is at most 300 characters'),
  cta_label: z
    .string({ error: 'Please enter a button label' })
    .trim()
    .min(1, 'Please enter a button label')
    .max(40, 'A button label is at most 40 characters'),
})

export const ChecklistStep = StepText.extend({ key: OnboardingStepKey, link: z.string(), done: z.boolean() })
export type ChecklistStep = z.infer<typeof ChecklistStep>
export const getOnboarding = defineRoute({
  method: 'GET',
  path: '/api/onboarding',
  auth: 'user',
  summary: 'My onboarding checklist, each step done or not',
  response: z.object({ steps: z.array(ChecklistStep), done: z.number().int(), total: z.number().int() }),
})

export const AdminOnboardingStep = StepText.extend({
  key: OnboardingStepKey,
  link: z.string(),
  enabled: z.boolean(),
  /** Users who have done this step, and that share of all users. */
  completed: z.number().int(),
  rate: z.number(),
})
export type AdminOnboardingStep = z.infer<typeof AdminOnboardingStep>
const AdminOnboarding = z.object({
  steps: z.array(AdminOnboardingStep),
  users: z.number().int(),
  all_done: z.number().int(),
})
export const adminGetOnboarding = defineRoute({
  method: 'GET',
  path: '/api/admin/onboarding',
  auth: 'admin',
  summary: 'The checklist steps with their completion rates',
  response: AdminOnboarding,
})
export const adminSaveOnboarding = defineRoute({
  method: 'POST',
  path: '/api/admin/onboarding',
  auth: 'admin',
  summary: 'Texts, order and visibility of the checklist steps (audited)',
  body: z.object({
    /** Every step once, in the order the checklist shows them. */
    steps: z
      .array(
        StepText.extend({
          key: OnboardingStepKey,
          enabled: z.boolean({ error: 'enabled must be true or false' }),
        }),
      )
      .refine(
        (s) => s.length === ONBOARDING_STEP_KEYS.length && new Set(s.map((x) => x.key)).size === s.length,
        'Send every step exactly once',
      ),
  }),
  response: AdminOnboarding,
})

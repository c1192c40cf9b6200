import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** The texts and order of the dashboard checklist's steps; what "done" means lives in code (onboarding.repo). */
export const onboardingSteps = pgTable('onboarding_steps', {
  key: text('key').primaryKey(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  cta_label: text('cta_label').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type OnboardingStepRow = typeof onboardingSteps.$inferSelect

/** Every minute: end finished trials; let the sandbox renew, retry and expire subscriptions (`payments.jobs.ts`). */
export const PAYMENTS_SWEEP_QUEUE = 'payments.sweep'
export const PAYMENTS_SWEEP_CRON = '* * * * *'

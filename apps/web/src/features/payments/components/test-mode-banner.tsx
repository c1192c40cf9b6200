import type { PaymentProviderInfo } from '@mouthpiece/contracts/payments/payments.schemas'

/** Every payment screen says plainly when no real money moves. */
export function TestModeBanner({ provider }: { provider: PaymentProviderInfo | undefined }) {
  if (!provider?.test_mode) return null
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-xl border border-warning/40 bg-warning/10 px-4 py-2.5 text-sm text-warning"
    >
      <span aria-hidden className="inline-block h-2 w-2 rounded-full bg-warning" />
      {provider.label}
    </p>
  )
}

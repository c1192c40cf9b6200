import { TEST_CARDS } from '@mouthpiece/contracts/payments/test-cards'
import { Button } from '../../../components/ui/button'
import { groupDigits } from '../format'

/**
 * The test cards and what each does; "Use" fills the card form (not Stripe's own card field, which
 * only the payer types into). Any future expiry and any CVC work.
 */
export function TestCardsList({ onPick }: { onPick?: (number: string) => void }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-5">
      <h2 className="text-base font-semibold text-text">Test cards</h2>
      <p className="mt-1 text-sm text-muted">
        Use any future expiry date and any 3-digit CVC. Any other valid card number succeeds.
      </p>
      <ul className="mt-4 divide-y divide-border">
        {TEST_CARDS.map((card) => (
          <li key={card.number} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <div className="min-w-0">
              <p className="font-mono text-sm text-text">{groupDigits(card.number)}</p>
              <p className="text-xs text-muted">{card.label}</p>
            </div>
            {onPick ? (
              <Button
                size="sm"
                variant="tertiary"
                onClick={() => onPick(card.number)}
                aria-label={`Use ${groupDigits(card.number)}`}
              >
                Use
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

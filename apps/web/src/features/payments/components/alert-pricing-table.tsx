import { ALERT_PRICING_TIERS } from '@mouthpiece/contracts/constants'
import { money } from '../format'

/** SPEC §9 alert pricing tiers: number of alerts, cost per alert, plan cost. */
export function AlertPricingTable({ compact = false }: { compact?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border">
      <table className="w-full min-w-[300px] text-left text-sm">
        <caption className="sr-only">Alert pricing tiers</caption>
        <thead className="bg-surface-2 text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Alerts a month
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Cost per alert
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Plan cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border bg-surface">
          {ALERT_PRICING_TIERS.map((tier) => (
            <tr key={tier.numberOfAlerts}>
              <td className={compact ? 'px-4 py-2' : 'px-4 py-3'}>
                {tier.numberOfAlerts.toLocaleString('en-US')}
                {tier.note.endsWith('+') ? '+' : ''}
              </td>
              <td className={compact ? 'px-4 py-2' : 'px-4 py-3'}>
                {money(Math.round(tier.costPerAlert * 100))}
              </td>
              <td className={compact ? 'px-4 py-2 font-medium text-text' : 'px-4 py-3 font-medium text-text'}>
                {money(tier.planCost * 100, 'usd', { compact: true })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

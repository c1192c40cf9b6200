import { Link } from 'react-router'
import { PATHS } from '../../../app/paths'
import { Bullets, LegalDocument } from '../components/legal-document'

export function RefundPolicyPage() {
  return (
    <LegalDocument
      title="Refund Policy"
      updated="1 November 2026"
      intro={
        <p>
          We want you to pay only for something that works for you. This policy explains when we refund a
          payment and how to ask.
        </p>
      }
      sections={[
        {
          id: 'free-trial',
          title: 'Try before you pay',
          body: (
            <p>
              Where a free trial is offered, you are not charged until it ends, and you can cancel during the
              trial at no cost.
            </p>
          ),
        },
        {
          id: 'subscriptions',
          title: 'Subscriptions',
          body: (
            <Bullets
              items={[
                'You can cancel a subscription at any time; it stays active until the end of the period already paid for and does not renew.',
                'If you ask within 14 days of your first payment for a plan and have used little of it (for example fewer than 5 rendered videos or 25 alerts), we refund that payment in full.',
                'Renewals are not refunded once the new period has started, unless the law where you live requires it.',
              ]}
            />
          ),
        },
        {
          id: 'alert-packs',
          title: 'Alert packs',
          body: (
            <p>
              Unused alerts in a pack bought in the last 14 days can be refunded in proportion to what is
              left. Alerts already spoken on stream cannot be refunded.
            </p>
          ),
        },
        {
          id: 'problems',
          title: 'When something goes wrong',
          body: (
            <p>
              If a render fails or an alert is not delivered because of a fault on our side, we restore the
              credit or refund the charge for it. If you were charged twice, we refund the duplicate.
            </p>
          ),
        },
        {
          id: 'tips',
          title: 'Tips and donations',
          body: (
            <p>
              Tips your viewers send go to you through the payment or donation service that handled them.
              Refunds of those payments are between the viewer, you and that service.
            </p>
          ),
        },
        {
          id: 'how-to-ask',
          title: 'How to ask for a refund',
          body: (
            <p>
              Use the{' '}
              <Link to={PATHS.contact} className="text-accent underline underline-offset-2">
                contact form
              </Link>{' '}
              with the email of your account and the date of the payment. We answer within 3 business days;
              approved refunds go back to the original payment method and usually arrive within 5–10 business
              days.
            </p>
          ),
        },
      ]}
    />
  )
}

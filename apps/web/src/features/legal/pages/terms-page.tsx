import { Bullets, LegalDocument } from '../components/legal-document'

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms And Conditions"
      updated="1 November 2026"
      intro={
        <p>
          These terms govern your use of this Mouthpiece installation, run by its operator (“we”). By creating
          an account or using the service you agree to them. If you use Mouthpiece for a company or channel,
          you accept them on its behalf.
        </p>
      }
      sections={[
        {
          id: 'accounts',
          title: 'Your account',
          body: (
            <Bullets
              items={[
                'Give a real email address and keep your password to yourself. You are responsible for what happens under your account.',
                'One person per account. Tell us promptly if you think someone else has used it.',
                'We may disable an account that breaks these terms; a disabled account keeps its settings but cannot use the creation tools.',
              ]}
            />
          ),
        },
        {
          id: 'your-content',
          title: 'Your content',
          body: (
            <>
              <p>
                You own the scripts, media and videos you create. You give us the permission we need to store,
                process and show them in order to run the service for you — for example to render a video or
                to play an alert on your stream.
              </p>
              <p>
                You confirm you have the rights to everything you upload, including any voice sample and any
                video you react to.
              </p>
            </>
          ),
        },
        {
          id: 'acceptable-use',
          title: 'Acceptable use',
          body: (
            <>
              <p>Do not use Mouthpiece to:</p>
              <Bullets
                items={[
                  'imitate a real person’s voice or likeness without their consent, or present generated content as real footage of someone;',
                  'create content that is unlawful, hateful, harassing, sexual content involving minors, or that incites violence;',
                  'deceive viewers or supporters, for example with fake donation alerts meant to solicit money;',
                  'break, overload or probe the service, or get around plan limits and moderation.',
                ]}
              />
              <p>We may remove content and suspend accounts that do.</p>
            </>
          ),
        },
        {
          id: 'stream-alerts',
          title: 'Stream alerts and tips',
          body: (
            <p>
              Alerts speak messages written by your viewers. You choose the moderation settings and remain
              responsible for what plays on your stream. Tips and donations are processed by the platform or
              payment provider that received them; their terms apply to those payments.
            </p>
          ),
        },
        {
          id: 'plans',
          title: 'Plans and payment',
          body: (
            <p>
              Paid plans renew automatically each billing period until you cancel. You can cancel at any time;
              the plan stays active until the end of the period you paid for. Prices may change with at least
              30 days’ notice. Refunds follow our Refund Policy.
            </p>
          ),
        },
        {
          id: 'ai-output',
          title: 'AI-generated output',
          body: (
            <p>
              Generated voices, avatars and captions are produced automatically and may contain mistakes.
              Review them before you publish. Label synthetic media where the law or a platform’s rules
              require it.
            </p>
          ),
        },
        {
          id: 'availability',
          title: 'Availability and changes',
          body: (
            <p>
              We work to keep the service available but do not promise it will be uninterrupted. We may change
              or retire features; when a change removes something you pay for, we will tell you in advance.
            </p>
          ),
        },
        {
          id: 'liability',
          title: 'Liability',
          body: (
            <p>
              The service is provided “as is”. To the extent the law allows, we are not liable for indirect or
              consequential losses, and our total liability is limited to what you paid us in the 12 months
              before the claim. Nothing here limits liability that cannot be limited by law.
            </p>
          ),
        },
        {
          id: 'ending',
          title: 'Ending the agreement',
          body: (
            <p>
              You may stop using Mouthpiece and ask us to delete your account at any time. We may end these
              terms if you seriously or repeatedly break them.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes to these terms',
          body: (
            <p>
              We will post changes here with a new date and give notice by email for significant ones.
              Continuing to use the service after that means you accept them.
            </p>
          ),
        },
      ]}
    />
  )
}

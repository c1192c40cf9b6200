import { Bullets, LegalDocument } from '../components/legal-document'

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="1 November 2026"
      intro={
        <p>
          Mouthpiece is software that creators run to make AI voice and avatar videos and spoken stream
          alerts. This policy explains what the operator of this Mouthpiece installation (“we”) collects, why,
          and what you can do about it. Mouthpiece can be self-hosted: everything described here stays on the
          operator’s own servers unless this policy says otherwise.
        </p>
      }
      sections={[
        {
          id: 'what-we-collect',
          title: 'What we collect',
          body: (
            <Bullets
              items={[
                'Account details: your username, email address and a password hash (we never store your password itself).',
                'What you create: scripts, generated audio and video, avatars, captions, uploaded media and project settings.',
                'Stream alert data: the accounts you link (for example Twitch, YouTube, Streamlabs or StreamElements), and the tips, donations and messages those services send for your channel, including the names and messages of your supporters.',
                'Payment records: your plan, invoices and the last digits of your card. Card numbers are handled by the payment provider, not by us.',
                'Usage and technical data: sign-in times, feature usage counts, error logs and your IP address for security and rate limiting.',
              ]}
            />
          ),
        },
        {
          id: 'how-we-use-it',
          title: 'How we use it',
          body: (
            <Bullets
              items={[
                'To run the service: render your videos, speak your alerts, keep you signed in and send account mail such as password resets.',
                'To keep it safe: detect abuse, filter profanity in alerts you asked us to moderate, and limit repeated sign-in attempts.',
                'To improve it: aggregate usage figures. We do not sell your data and we do not use your content to train models for others.',
              ]}
            />
          ),
        },
        {
          id: 'sharing',
          title: 'Who we share it with',
          body: (
            <>
              <p>Only with services that make a feature work, and only what that feature needs:</p>
              <Bullets
                items={[
                  'Streaming and donation platforms you link, to receive your alerts.',
                  'The payment provider, to charge for a plan you choose.',
                  'Mail, storage or AI providers the operator has configured. A default installation uses none of them: mail goes to a local outbox and all generation runs on the operator’s machine.',
                  'Anyone you send a share link to, who can watch that one video.',
                ]}
              />
              <p>We disclose data to authorities only when the law requires it.</p>
            </>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies',
          body: (
            <p>
              We use a small number of first-party cookies that the service needs: your sign-in session (valid
              for seven days), an administrator session for operators, and the page to return to after signing
              in. We use no advertising or cross-site tracking cookies.
            </p>
          ),
        },
        {
          id: 'retention',
          title: 'How long we keep it',
          body: (
            <p>
              Account data and your creations are kept while your account exists. Password reset links expire
              and work only once. When you delete your account, we delete your content and personal data
              within 30 days, except records we must keep by law (such as invoices).
            </p>
          ),
        },
        {
          id: 'your-rights',
          title: 'Your choices and rights',
          body: (
            <Bullets
              items={[
                'See and change your username, email and password in Account settings at any time.',
                'Unlink a streaming or donation account from the alert settings; we stop receiving its events at once.',
                'Ask for a copy of your data, or for its deletion, through the contact form.',
                'Depending on where you live (for example the EU, UK or California) you may have further rights, such as objecting to processing or complaining to a regulator.',
              ]}
            />
          ),
        },
        {
          id: 'security',
          title: 'Security',
          body: (
            <p>
              Passwords are hashed with Argon2id, session tokens are stored only as hashes, and connections
              should be served over HTTPS. No system is perfectly secure; if we learn of a breach that affects
              you, we will tell you without undue delay.
            </p>
          ),
        },
        {
          id: 'children',
          title: 'Children',
          body: (
            <p>
              Mouthpiece is not meant for children under 13 (or the minimum age in your country). We delete
              accounts we learn belong to them.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes to this policy',
          body: (
            <p>
              We will post any change here with a new date, and tell you by email before a change that reduces
              your rights takes effect.
            </p>
          ),
        },
      ]}
    />
  )
}

/**
 * Site-wide settings a self-hoster may change at build time (Vite env). One file, so a deployment
 * has a single place to look.
 */
// `?? {}`: the a11y e2e test loads the route table under Node, where Vite's env is absent.
const env = (import.meta.env ?? {}) as Record<string, string | undefined>

export const SITE = {
  name: 'Mouthpiece',
  /** Footer "community chat" link. */
  communityChatUrl: env.VITE_COMMUNITY_CHAT_URL ?? 'https://discord.com',
  /** Shown on the contact and policy pages; the contact form itself mails through the server. */
  supportEmail: env.VITE_SUPPORT_EMAIL ?? 'support@mouthpiece.local',
}

export type BackendEnv = 'prod' | 'dev' | 'local'

/**
 * The three backend hosts the donation-service OAuth callback can forward to (SPEC §2): the last
 * comma-separated value of the callback's `state` picks one. `local` is always this page's origin;
 * prod and dev default to it too, so a single self-hosted server needs no setting.
 */
export function backendHosts(origin: string): Record<BackendEnv, string> {
  return {
    prod: (env.VITE_BACKEND_HOST_PROD ?? origin).replace(/\/$/, ''),
    dev: (env.VITE_BACKEND_HOST_DEV ?? origin).replace(/\/$/, ''),
    local: origin.replace(/\/$/, ''),
  }
}

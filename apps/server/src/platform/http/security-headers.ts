import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'

/** Stripe.js must load from Stripe (Stripe requires it) and draws its card fields and 3-D Secure steps in frames. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
}

/**
 * Where stored files are fetched from besides this page's origin: links are built on PUBLIC_URL
 * (which may name this server differently), and S3 storage hands out presigned links to its own host.
 */
function fileOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.publicUrl).origin])
  if (config.S3_BUCKET)
    origins.add(
      config.S3_ENDPOINT
        ? new URL(config.S3_ENDPOINT).origin
        : `https://s3.${config.S3_REGION}.amazonaws.com`,
    )
  return [...origins]
}

/**
 * The Content-Security-Policy of every answer. Scripts only from this origin (and Stripe.js),
 * styles from this origin plus inline ones (style attributes of React and of Stripe's fields),
 * media and pictures also as `blob:`/`data:` (the overlay plays speech from blobs, canvases export
 * data URLs), and no page of ours inside another site's frame: the overlay is opened by OBS as a
 * browser source, never framed. No inline script and no eval anywhere (the web app's early code is
 * `/boot.js`, which also keeps zod from compiling parsers with `new Function`).
 */
export function contentSecurityPolicy(config: Config): string {
  const files = fileOrigins(config)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...STRIPE.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...files],
    'media-src': ["'self'", 'data:', 'blob:', ...files],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the socket (ws:/wss: to this host) in current browsers.
    'connect-src': ["'self'", ...files, ...STRIPE.connect],
    'frame-src': STRIPE.frame,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/**
 * Security headers on every answer — pages, API, files, errors — set before anything else runs so
 * that no path (404s, rate limits, static files) goes without them. HSTS only when the public
 * address is https: on plain http a browser ignores it, and on localhost it would outlive the test.
 */
export function addSecurityHeaders(app: FastifyInstance, config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  }
  if (config.publicUrl.startsWith('https://')) headers['strict-transport-security'] = 'max-age=31536000'
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers)
    done()
  })
  return headers
}

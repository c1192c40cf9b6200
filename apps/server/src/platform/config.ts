import path from 'node:path'
import { z } from 'zod'
import {
  ANONYMOUS_IP_UPLOAD_QUOTA_MB,
  ANONYMOUS_UPLOAD_QUOTA_MB,
  USER_UPLOAD_QUOTA_MB,
} from '@mouthpiece/contracts/voices/voices.contract'

const Port = z.coerce.number().int().min(0).max(65535)
const Url = z.string().url()

/** Every setting the server reads, validated once. A bad value stops start-up naming the variable. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: Port.default(3000),
  /** Interface to bind: all (IPv4) by default, as containers need; 127.0.0.1 keeps the server to this machine. */
  HOST: z.string().trim().min(1, 'must name an interface (0.0.0.0, 127.0.0.1, ::)').default('0.0.0.0'),
  /** Public base URL used in mails and links; defaults to http://localhost:PORT. */
  PUBLIC_URL: Url.optional(),
  DATA_DIR: z.string().default('./data'),
  /** Unset: embedded PGlite under DATA_DIR/db. Set: PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * all = HTTP + workers in one process (default); serve = HTTP only; work = job workers only;
   * migrate = apply the database migrations and exit (a deployment's one-off step).
   */
  MODE: z.enum(['all', 'serve', 'work', 'migrate']).default('all'),
  /**
   * After SIGTERM: how long running requests and jobs may take to finish before jobs still running
   * are handed back to the queue and the process exits. Below the orchestrator's own grace period.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(25),
  /**
   * After SIGTERM, before an API process stops accepting: /api/ready already answers 503 while the
   * balancer notices (Kubernetes removes a pod from its Service a few seconds after the signal).
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Mouthpiece <no-reply@mouthpiece.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@mouthpiece.local'),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Max login attempts per IP per minute; also sign-ups and support mails per IP per hour. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Set when running behind a reverse proxy, so client IPs come from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A hosted image model (OpenAI-compatible images API) for ad backdrops; unset: the offline template engine alone. */
  ADS_IMAGE_API_URL: Url.optional(),
  ADS_IMAGE_API_KEY: z.string().optional(),
  ADS_IMAGE_MODEL: z.string().default('gpt-image-1'),
  /** Stripe is used when both are set; otherwise the embedded sandbox provider (test mode). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  /** The browser's key for Stripe.js card fields (pk_test_… or pk_live_…); without it live keys cannot take cards. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  /** Point the Stripe SDK elsewhere (tests run a local server speaking Stripe's API). */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: Port.optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Signing secret for events posted to the sandbox's webhook endpoint; unset refuses them. */
  PAYMENTS_SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Serve the built web app from this folder (apps/web/dist); empty disables it. */
  WEB_DIST: z.string().optional(),
  /** S3-compatible storage when S3_BUCKET is set; otherwise files under DATA_DIR/files. */
  S3_BUCKET: z.string().min(3).optional(),
  /** Custom endpoint (MinIO, R2, …); unset = AWS. */
  S3_ENDPOINT: Url.optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Who sizes the render-worker pool (/admin/instances): this process, a Kubernetes Deployment or an AWS Auto Scaling group. */
  INSTANCES_PROVIDER: z.enum(['embedded', 'kubernetes', 'aws']).default('embedded'),
  /** The pool's id: the Deployment's or the Auto Scaling group's name (embedded: render-workers). */
  INSTANCES_POOL_ID: z.string().min(1).optional(),
  /** Upper bound an admin may ask of a Kubernetes Deployment (AWS groups carry their own MaxSize). */
  INSTANCES_MAX: z.coerce.number().int().positive().default(20),
  K8S_API_URL: Url.default('https://kubernetes.default.svc'),
  K8S_NAMESPACE: z.string().optional(),
  /** The pod's service-account token (read at each call: Kubernetes rotates it). */
  K8S_TOKEN_FILE: z.string().default('/var/run/secrets/kubernetes.io/serviceaccount/token'),
  K8S_CA_FILE: z.string().default('/var/run/secrets/kubernetes.io/serviceaccount/ca.crt'),
  AWS_REGION: z.string().default('us-east-1'),
  /** Auto Scaling API endpoint; unset = https://autoscaling.AWS_REGION.amazonaws.com. */
  AWS_AUTOSCALING_ENDPOINT: Url.optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  /**
   * Conference-event booth: past this many renders queued or running, an attendee gets the event's
   * pre-rendered generic clip with their name in captions at once instead of waiting (0: always).
   */
  CONFERENCE_EVENT_RENDER_BACKLOG: z.coerce.number().int().min(0).default(8),
  /** Signs /api/files links; unset = a secret generated once into DATA_DIR. */
  STORAGE_URL_SECRET: z.string().min(16).optional(),
  /**
   * Tests only (ignored unless NODE_ENV=test): hosts the SSRF-safe client may reach although they
   * are private (a local stand-in server), comma-separated, e.g. `127.0.0.1`.
   */
  SAFE_FETCH_ALLOW_HOSTS: z.string().optional(),
  /** Storage quotas for uploaded audio (defaults and what is counted: packages/contracts voices.contract.ts). */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(USER_UPLOAD_QUOTA_MB),
  ANONYMOUS_UPLOAD_QUOTA_MB: z.coerce.number().positive().default(ANONYMOUS_UPLOAD_QUOTA_MB),
  ANONYMOUS_IP_UPLOAD_QUOTA_MB: z.coerce.number().positive().default(ANONYMOUS_IP_UPLOAD_QUOTA_MB),
})
/** Every environment variable the server reads (deploy/ tests check that manifests set only these). */
export const CONFIG_KEYS: readonly string[] = Object.keys(ConfigSchema.shape)
export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; publicUrl: string }

export class ConfigError extends Error {}

/** A module's own settings from the environment (empty values count as unset), or one error naming every bad one. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success)
    throw new ConfigError(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    )
  return parsed.data
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = ConfigSchema.safeParse(clean)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  if ((c.MODE === 'serve' || c.MODE === 'work') && !c.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  MODE: '${c.MODE}' needs DATABASE_URL (separate processes share PostgreSQL)`,
    )
  if (!!c.S3_ACCESS_KEY_ID !== !!c.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    )
  if (c.INSTANCES_PROVIDER !== 'embedded' && !c.INSTANCES_POOL_ID)
    throw new ConfigError(
      `Invalid configuration:\n  INSTANCES_POOL_ID: INSTANCES_PROVIDER=${c.INSTANCES_PROVIDER} needs the ${c.INSTANCES_PROVIDER === 'aws' ? 'Auto Scaling group' : 'Deployment'} name`,
    )
  if (c.INSTANCES_PROVIDER === 'aws' && (!c.AWS_ACCESS_KEY_ID || !c.AWS_SECRET_ACCESS_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  AWS_ACCESS_KEY_ID: INSTANCES_PROVIDER=aws needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    )
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  }
}

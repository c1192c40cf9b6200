import fs from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Transporter, createTransport } from 'nodemailer'
import type { Config } from '../config'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  attachments?: Array<{ filename: string; content: string | Buffer; contentType: string }>
}

/** Sends mail. Callers do not know whether it goes to an SMTP server or the local outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** Where the embedded default writes its `.eml` files. */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox')

/**
 * SMTP when `SMTP_URL` is set; otherwise each message is rendered to RFC 822 and written to
 * DATA_DIR/outbox as `<timestamp>-<id>.eml`, so the product works offline and the admin area
 * can show what would have been sent.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>): Mailer {
  // nodemailer loads with the first mail, not at start-up.
  const lazyTransport = (options: Parameters<typeof createTransport>[0]) => {
    let transport: Promise<Transporter> | undefined
    return () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      ))
  }
  if (config.SMTP_URL) {
    const transport = lazyTransport(config.SMTP_URL)
    return {
      async send(m) {
        await (await transport()).sendMail({ from: config.MAIL_FROM, ...m })
      },
    }
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const dir = outboxDir(config)
  return {
    async send(m) {
      const info = (await (await transport()).sendMail({ from: config.MAIL_FROM, ...m })) as {
        message: Buffer
      }
      await fs.mkdir(dir, { recursive: true })
      // Zero-padded milliseconds sort by name in time order; the random part keeps same-ms mails apart.
      const name = `${String(Date.now()).padStart(15, '0')}-${randomBytes(6).toString('hex')}.eml`
      const tmp = path.join(dir, `.${name}.tmp`)
      await fs.writeFile(tmp, info.message)
      // Rename so a reader never sees half a file.
      await fs.rename(tmp, path.join(dir, name))
    },
  }
}

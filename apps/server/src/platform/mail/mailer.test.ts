import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createMailer, outboxDir } from './mailer'
import { listOutbox, readOutboxMail } from './outbox'

describe('outbox mailer (no SMTP_URL)', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-mail-'))
  })
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('writes RFC 822 files that read back with subject, recipient, text and html', async () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    const mailer = createMailer(config)
    const longLink = `https://example.test/reset-password?token=${'Ab9_-'.repeat(20)}`
    await mailer.send({
      to: 'zoe@example.com',
      subject: 'Réinitialiser — a subject long enough to be folded over several header lines',
      text: `Hello Zoë,\n\n${longLink}\n`,
      html: '<p>Hello Zoë</p>',
      replyTo: 'reply@example.com',
    })
    await mailer.send({ to: 'second@example.com', subject: 'plain', text: 'only text' })

    const files = fs.readdirSync(outboxDir(config)).sort()
    expect(files).toHaveLength(2)
    for (const f of files) expect(f).toMatch(/^\d{15}-[0-9a-f]{12}\.eml$/)
    const raw = fs.readFileSync(path.join(outboxDir(config), files[0]!), 'utf8')
    expect(raw).toMatch(/^Reply-To: reply@example\.com$/m)
    expect(raw).toMatch(/^From: Mouthpiece <no-reply@mouthpiece\.local>$/m)

    const { list, total } = await listOutbox(config, 1, 10)
    expect(total).toBe(2)
    expect(list.map((m) => m.to)).toEqual(['second@example.com', 'zoe@example.com'])
    const first = await readOutboxMail(config, list[1]!.id)
    expect(first).toMatchObject({
      to: 'zoe@example.com',
      subject: 'Réinitialiser — a subject long enough to be folded over several header lines',
      text: `Hello Zoë,\n\n${longLink}\n`,
      html: '<p>Hello Zoë</p>',
    })
    expect(Math.abs(Date.parse(first!.created_at) - Date.now())).toBeLessThan(60_000)
    expect((await readOutboxMail(config, list[0]!.id))?.text).toBe('only text')
    expect(await listOutbox(config, 2, 10)).toEqual({ list: [], total: 2 })
    expect(await readOutboxMail(config, '../../etc/passwd')).toBeUndefined()
  })
})

/** A minimal SMTP server: enough of RFC 5321 for one plain (no TLS, no auth) delivery. */
function fakeSmtp() {
  const received: Array<{ from: string; to: string[]; data: string }> = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let current = { from: '', to: [] as string[], data: '' }
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          received.push(current)
          current = { from: '', to: [], data: '' }
          inData = false
          socket.write('250 queued\r\n')
          continue
        }
        const nl = buffer.indexOf('\r\n')
        if (nl === -1) return
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'MAIL') current.from = line
        if (verb === 'RCPT') current.to.push(line)
        if (verb === 'DATA') inData = true
        if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write(verb === 'DATA' ? '354 go ahead\r\n' : '250 ok\r\n')
      }
    })
  })
  return { server, received }
}

describe('SMTP mailer (SMTP_URL set)', () => {
  const smtp = fakeSmtp()
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as net.AddressInfo).port
  })
  afterAll(async () => new Promise<void>((resolve) => smtp.server.close(() => resolve())))

  it('delivers through the SMTP server and writes nothing to the outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-smtp-'))
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Team <team@mouthpiece.test>',
    })
    await createMailer(config).send({
      to: 'someone@example.com',
      subject: 'Over the wire',
      text: 'hello',
      replyTo: 'back@example.com',
    })
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.from).toContain('<team@mouthpiece.test>')
    expect(mail.to).toEqual(['RCPT TO:<someone@example.com>'])
    expect(mail.data).toMatch(/^Subject: Over the wire$/m)
    expect(mail.data).toMatch(/^Reply-To: back@example\.com$/m)
    expect(fs.existsSync(outboxDir(config))).toBe(false)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
})

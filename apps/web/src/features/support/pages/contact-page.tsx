import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { supportMail } from '@mouthpiece/contracts/users/users.contract'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextArea, TextInput } from '../../../components/ui/field'
import { CheckIcon, MailIcon } from '../../../components/ui/icons'
import { ApiError } from '../../../lib/api'
import { firstFieldErrors } from '../../../lib/api-result'
import { SITE } from '../../../lib/site'
import { useCurrentUser } from '../../auth'
import { useSupportMail } from '../api'

type FormIn = z.input<typeof supportMail.body>
type FormOut = z.output<typeof supportMail.body>

/** /contact: a public support form that mails the team (SPEC §7 support mail). */
export function ContactPage() {
  const { data: user } = useCurrentUser()
  const send = useSupportMail()
  const [sentTo, setSentTo] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(supportMail.body),
    values: { name: user?.username ?? '', email: user?.email ?? '', subject: '', message: '' },
    resetOptions: { keepDirtyValues: true },
  })

  const submit = form.handleSubmit(async (body) => {
    setFailure(undefined)
    try {
      await send.mutateAsync(body)
      setSentTo(body.email)
      form.reset()
    } catch (error) {
      if (!(error instanceof ApiError)) return
      const fields = firstFieldErrors(error.failure.errors)
      for (const name of ['name', 'email', 'subject', 'message'] as const)
        if (fields[name]) form.setError(name, { message: fields[name] })
      setFailure(error.message)
    }
  })

  return (
    <div className="mx-auto grid w-full max-w-[1180px] gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:px-10 lg:py-16">
      <section>
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">Support</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-text sm:text-4xl">Contact Us</h1>
        <p className="mt-4 leading-relaxed text-[#b4bac8]">
          Questions about your account, a video that did not come out right, an alert that did not play, or an
          idea for the product — tell us and a person will answer.
        </p>
        <div className="mt-8 flex items-center gap-3 rounded-2xl border border-border bg-surface p-4">
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-accent/12 text-accent">
            <MailIcon size={20} />
          </span>
          <div className="text-sm">
            <p className="text-muted">Prefer email?</p>
            <a href={`mailto:${SITE.supportEmail}`} className="font-medium text-text hover:text-accent">
              {SITE.supportEmail}
            </a>
          </div>
        </div>
      </section>
      <section className="rounded-2xl border border-border bg-surface p-6 sm:p-8">
        {sentTo ? (
          <div role="status" className="flex flex-col items-center py-10 text-center">
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-success/15 text-success">
              <CheckIcon size={28} />
            </span>
            <h2 className="mt-4 text-xl font-semibold text-text">Your message has been sent</h2>
            <p className="mt-2 max-w-sm text-sm text-muted">
              Thanks for getting in touch. We will reply to {sentTo}, usually within one business day.
            </p>
            <Button variant="tertiary" className="mt-6" onClick={() => setSentTo(undefined)}>
              Send another message
            </Button>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(e) => void submit(e)}
            className="grid gap-4 sm:grid-cols-2"
            aria-label="Contact form"
          >
            <Field label="Your name" error={form.formState.errors.name?.message}>
              <TextInput autoComplete="name" {...form.register('name')} />
            </Field>
            <Field label="Email" error={form.formState.errors.email?.message}>
              <TextInput type="email" autoComplete="email" {...form.register('email')} />
            </Field>
            <Field label="Subject" error={form.formState.errors.subject?.message} className="sm:col-span-2">
              <TextInput {...form.register('subject')} />
            </Field>
            <Field label="Message" error={form.formState.errors.message?.message} className="sm:col-span-2">
              <TextArea rows={7} {...form.register('message')} />
            </Field>
            <div className="sm:col-span-2">
              <FormError message={failure} />
            </div>
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" size="lg" loading={send.isPending}>
                Send message
              </Button>
            </div>
          </form>
        )}
      </section>
    </div>
  )
}

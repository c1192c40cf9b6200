import { useEffect } from 'react'
import type { Ref, SelectHTMLAttributes } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { Path } from 'react-hook-form'
import { Resolution } from '@mouthpiece/contracts/payments/payments.schemas'
import type { SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import { Field, Switch, TextArea, TextInput } from '../../../components/ui/field'
import { FormModalFooter, Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { firstFieldErrors } from '../../../lib/api-result'
import { cn } from '../../../lib/cn'
import { useSavePlan } from '../api'

/** What the form holds: numbers as typed, the price in dollars, features one per line. */
interface PlanForm {
  name: string
  slug: string
  description: string
  price: string
  trial_days: string
  render_minutes: string
  max_resolution: Resolution
  alerts: string
  features: string
  sort_order: string
  is_active: boolean
}

/** Server field names (422s from the service, 400s from the contract) → the form's fields. */
const FIELD_OF: Record<string, Path<PlanForm>> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  price_cents: 'price',
  trial_days: 'trial_days',
  'entitlements.render_minutes_per_month': 'render_minutes',
  'entitlements.max_resolution': 'max_resolution',
  'entitlements.alerts_per_month': 'alerts',
  features: 'features',
  sort_order: 'sort_order',
  is_active: 'is_active',
}
const fieldFor = (key: string): Path<PlanForm> | undefined =>
  FIELD_OF[key] ?? (key.startsWith('features.') ? 'features' : undefined)

const toForm = (p?: SubscriptionPlan): PlanForm => ({
  name: p?.name ?? '',
  slug: p?.slug ?? '',
  description: p?.description ?? '',
  price: p ? (p.price_cents / 100).toFixed(2) : '',
  trial_days: String(p?.trial_days ?? 0),
  render_minutes: String(p?.entitlements.render_minutes_per_month ?? 60),
  max_resolution: p?.entitlements.max_resolution ?? '1080p',
  alerts: String(p?.entitlements.alerts_per_month ?? 100),
  features: p?.features.join('\n') ?? '',
  sort_order: String(p?.sort_order ?? 0),
  is_active: p?.is_active ?? true,
})

const WHOLE = /^\d+$/
const PRICE = /^\d+(\.\d{1,2})?$/

function SelectInput({
  invalid,
  className,
  ref,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean; ref?: Ref<HTMLSelectElement> }) {
  return (
    <select
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        'h-10 w-full rounded-lg border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/25',
        invalid ? 'border-danger' : 'border-border',
        className,
      )}
      {...rest}
    />
  )
}

export interface PlanFormModalProps {
  open: boolean
  onClose: () => void
  /** The plan being edited; undefined creates a new one. */
  plan?: SubscriptionPlan
}

/** Create or edit a subscription plan. Free trials cost 0; a plan cannot switch between trial and paid. */
export function PlanFormModal({ open, onClose, plan }: PlanFormModalProps) {
  const toast = useToast()
  const save = useSavePlan()
  const editing = Boolean(plan)
  const { register, control, handleSubmit, reset, setError, formState } = useForm<PlanForm>({
    defaultValues: toForm(plan),
  })
  const err = formState.errors

  useEffect(() => {
    if (open) reset(toForm(plan))
  }, [open, plan, reset])

  const onSubmit = handleSubmit(async (v) => {
    // Only what cannot be sent as numbers is checked here; the server's rules decide the rest.
    const wrong: Array<[Path<PlanForm>, string]> = []
    if (!PRICE.test(v.price.trim())) wrong.push(['price', 'Please enter a price like 19 or 19.99'])
    for (const f of ['trial_days', 'render_minutes', 'alerts', 'sort_order'] as const)
      if (!WHOLE.test(v[f].trim())) wrong.push([f, 'Please enter a whole number, 0 or more'])
    if (wrong.length) {
      for (const [f, message] of wrong) setError(f, { message })
      return
    }
    const body = {
      name: v.name,
      description: v.description,
      price_cents: Math.round(Number(v.price) * 100),
      trial_days: Number(v.trial_days),
      features: v.features
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
      entitlements: {
        render_minutes_per_month: Number(v.render_minutes),
        max_resolution: v.max_resolution,
        alerts_per_month: Number(v.alerts),
      },
      is_active: v.is_active,
      sort_order: Number(v.sort_order),
    }
    try {
      const saved = await save.mutateAsync(plan ? { id: plan.id, body } : { body: { ...body, slug: v.slug } })
      toast.success(editing ? `Saved “${saved.name}”` : `Created “${saved.name}”`)
      onClose()
    } catch (e) {
      const failure = e instanceof ApiError ? e.failure : undefined
      toast.error(editing ? 'Could not save the plan' : 'Could not create the plan')
      const fields = firstFieldErrors(failure?.errors)
      let placed = false
      for (const [key, message] of Object.entries(fields)) {
        const f = fieldFor(key)
        if (f) {
          setError(f, { message })
          placed = true
        }
      }
      if (!placed) setError('root', { message: failure?.message ?? 'Something went wrong. Try again!' })
    }
  })

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? `Edit ${plan!.name}` : 'New plan'}
      size="lg"
      dismissible={!save.isPending}
      footer={
        <FormModalFooter
          formId="plan-form"
          submitLabel={editing ? 'Save plan' : 'Create plan'}
          pending={save.isPending}
          onCancel={onClose}
        />
      }
    >
      <form id="plan-form" onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={err.name?.message}>
            <TextInput placeholder="Creator" data-autofocus {...register('name')} />
          </Field>
          <Field
            label="Slug"
            error={err.slug?.message}
            hint={editing ? 'Fixed once created.' : 'Lowercase letters, numbers and dashes.'}
          >
            <TextInput
              placeholder="creator"
              readOnly={editing}
              aria-readonly={editing || undefined}
              className={editing ? 'cursor-not-allowed opacity-70' : undefined}
              {...register('slug')}
            />
          </Field>
        </div>
        <Field label="Description" error={err.description?.message}>
          <TextArea
            rows={2}
            className="min-h-16"
            placeholder="For creators who post every week."
            {...register('description')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Price (USD)" error={err.price?.message} hint="Per month; 0 for a free trial.">
            <TextInput inputMode="decimal" placeholder="19.99" {...register('price')} />
          </Field>
          <Field label="Interval" hint="Plans renew every month.">
            <TextInput value="Monthly" readOnly aria-readonly className="cursor-not-allowed opacity-70" />
          </Field>
          <Field
            label="Trial days"
            error={err.trial_days?.message}
            hint={editing ? 'Trial plans stay trials.' : 'More than 0 makes a free trial.'}
          >
            <TextInput
              type="number"
              min={0}
              max={365}
              step={1}
              inputMode="numeric"
              {...register('trial_days')}
            />
          </Field>
        </div>
        <fieldset className="rounded-xl border border-border p-4">
          <legend className="px-1 text-sm font-medium text-[#c9cedb]">Entitlements</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Render minutes / month" error={err.render_minutes?.message}>
              <TextInput type="number" min={0} step={1} inputMode="numeric" {...register('render_minutes')} />
            </Field>
            <Field label="Max resolution" error={err.max_resolution?.message}>
              <SelectInput {...register('max_resolution')}>
                {Resolution.options.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </SelectInput>
            </Field>
            <Field label="Alerts / month" error={err.alerts?.message}>
              <TextInput type="number" min={0} step={1} inputMode="numeric" {...register('alerts')} />
            </Field>
          </div>
        </fieldset>
        <Field
          label="Features"
          error={err.features?.message}
          hint="One per line, as the pricing page lists them."
        >
          <TextArea
            rows={4}
            placeholder={'60 render minutes a month\n1080p downloads'}
            {...register('features')}
          />
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label="Order"
            error={err.sort_order?.message}
            hint="Lower numbers come first on the pricing page."
          >
            <TextInput type="number" min={0} step={1} inputMode="numeric" {...register('sort_order')} />
          </Field>
          <div className="rounded-xl border border-border px-4 py-3">
            <Controller
              control={control}
              name="is_active"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onChange={field.onChange}
                  label="Active"
                  description="Shown on the pricing pages and open to new subscribers."
                />
              )}
            />
          </div>
        </div>
        {err.root?.message ? (
          <p role="alert" className="text-sm text-danger">
            {err.root.message}
          </p>
        ) : null}
      </form>
    </Modal>
  )
}

import { useEffect, useRef } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { DEFAULT_CATEGORY_ORDER } from '@mouthpiece/contracts/constants'
import {
  SaveCategoryBody,
  canToggleShow,
  toSentenceList,
} from '@mouthpiece/contracts/sentences/sentences.schemas'
import type { SentenceCategory } from '@mouthpiece/contracts/sentences/sentences.schemas'
import { slugify } from '@mouthpiece/contracts/slug'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { FormModalFooter, Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { firstFieldErrors } from '../../../lib/api-result'
import { useSaveCategory } from '../api'
import { ShowSwitch } from './show-switch'

type FormInput = z.input<typeof SaveCategoryBody>
type FormOutput = z.output<typeof SaveCategoryBody>
const FIELDS = ['name', 'display_name', 'order', 'is_show', 'sentences'] as const

export interface CategoryFormModalProps {
  open: boolean
  onClose: () => void
  /** The category being edited; undefined creates a new one. */
  category?: SentenceCategory
  activeCount: number
  minActive: number
}

const toForm = (c?: SentenceCategory): FormInput => ({
  id: c?.id,
  name: c?.name ?? '',
  display_name: c?.display_name ?? '',
  order: c?.order ?? DEFAULT_CATEGORY_ORDER,
  is_show: c?.is_show ?? true,
  sentences: c?.sentences.join('\n') ?? '',
})

/** Create or edit a sentence category (SPEC §3/§4/§5); the name locks once the category exists. */
export function CategoryFormModal({
  open,
  onClose,
  category,
  activeCount,
  minActive,
}: CategoryFormModalProps) {
  const toast = useToast()
  const save = useSaveCategory()
  const editing = Boolean(category)
  const { register, control, handleSubmit, reset, setValue, setError, watch, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(SaveCategoryBody),
    defaultValues: toForm(category),
  })
  // While creating, the name follows the display name until someone types a name of their own.
  const nameTouched = useRef(false)

  useEffect(() => {
    if (!open) return
    reset(toForm(category))
    nameTouched.current = false
  }, [open, category, reset])

  const sentencesText = watch('sentences')
  const sentenceCount = toSentenceList(
    typeof sentencesText === 'string' ? sentencesText : (sentencesText ?? []),
  ).length
  const showAllowed = canToggleShow(category, activeCount, minActive)

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values)
      toast.success('Create category success')
      onClose()
    } catch (err) {
      toast.error('Create category error')
      if (err instanceof ApiError) {
        const fields = firstFieldErrors(err.failure.errors)
        for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] })
        if (!FIELDS.some((f) => fields[f])) setError('root', { message: err.failure.message })
      }
    }
  })

  const displayName = register('display_name')
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? 'Edit category' : 'New category'}
      size="lg"
      dismissible={!save.isPending}
      footer={
        <FormModalFooter
          formId="category-form"
          submitLabel={editing ? 'Save category' : 'Create category'}
          pending={save.isPending}
          onCancel={onClose}
        />
      }
    >
      <form id="category-form" onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Display name" error={formState.errors.display_name?.message}>
            <TextInput
              placeholder="Stream Starting"
              data-autofocus
              {...displayName}
              onChange={(e) => {
                void displayName.onChange(e)
                if (!editing && !nameTouched.current) setValue('name', slugify(e.target.value))
              }}
            />
          </Field>
          <Field
            label="Name"
            error={formState.errors.name?.message}
            hint={
              editing
                ? 'Fixed once created.'
                : 'Lowercase letters, numbers and hyphens; it cannot be changed later.'
            }
          >
            <TextInput
              placeholder="stream-starting"
              readOnly={editing}
              aria-readonly={editing || undefined}
              className={editing ? 'cursor-not-allowed opacity-70' : undefined}
              {...register('name', { onChange: () => (nameTouched.current = true) })}
            />
          </Field>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="Order" error={formState.errors.order?.message} hint="Lower numbers come first.">
            <TextInput type="number" min={0} step={1} inputMode="numeric" {...register('order')} />
          </Field>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-[#c9cedb]" id="category-show-label">
              Show
            </span>
            <div className="flex h-10 items-center gap-3">
              <Controller
                control={control}
                name="is_show"
                render={({ field }) => (
                  <ShowSwitch
                    checked={Boolean(field.value)}
                    allowed={showAllowed}
                    onChange={field.onChange}
                    label="Show on the landing page"
                  />
                )}
              />
              <span className="text-sm text-muted">Visible to visitors</span>
            </div>
            {formState.errors.is_show?.message ? (
              <p role="alert" className="text-xs text-danger">
                {formState.errors.is_show.message}
              </p>
            ) : null}
          </div>
        </div>
        <Field
          label={`Sentences (${sentenceCount})`}
          error={formState.errors.sentences?.message}
          hint="One sentence per line."
        >
          <TextArea
            rows={9}
            placeholder={'Welcome back to the stream!\nGrab a snack, we start in five minutes.'}
            {...register('sentences')}
          />
        </Field>
        {formState.errors.root?.message ? (
          <p role="alert" className="text-sm text-danger">
            {formState.errors.root.message}
          </p>
        ) : null}
      </form>
    </Modal>
  )
}

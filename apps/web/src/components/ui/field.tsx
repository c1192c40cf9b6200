import { cloneElement, isValidElement, useId } from 'react'
import type { InputHTMLAttributes, ReactElement, ReactNode, Ref, TextareaHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

const control =
  'w-full rounded-lg border bg-[#11141c] px-3 text-sm text-text placeholder:text-faint transition-colors ' +
  'focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/25 disabled:opacity-60'

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>
  invalid?: boolean
}

export function TextInput({ invalid, className, ref, ...rest }: TextInputProps) {
  return (
    <input
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(control, 'h-10', invalid ? 'border-danger' : 'border-border', className)}
      {...rest}
    />
  )
}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>
  invalid?: boolean
}

export function TextArea({ invalid, className, ref, ...rest }: TextAreaProps) {
  return (
    <textarea
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(
        control,
        'min-h-28 py-2 leading-relaxed',
        invalid ? 'border-danger' : 'border-border',
        className,
      )}
      {...rest}
    />
  )
}

export interface FieldProps {
  label: ReactNode
  /** The message under the control; also marks the control invalid. */
  error?: string
  hint?: ReactNode
  className?: string
  /** One control; it gets the id and the aria wiring. */
  children: ReactElement<{
    id?: string
    'aria-describedby'?: string
    'aria-invalid'?: boolean
    invalid?: boolean
  }>
}

/**
 * A labelled control with its error text (role=alert so screen readers hear it). The control is
 * marked `aria-invalid` and described by the message, whatever it is: a TextInput/TextArea (its
 * `invalid` prop also draws the red border) or a native element (a select), which gets the aria
 * attribute itself. A description the control already has is kept.
 */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const own = isValidElement(children) ? children.props['aria-describedby'] : undefined
  const describedBy = [error || hint ? messageId : undefined, own].filter(Boolean).join(' ') || undefined
  const invalid = Boolean(error) || undefined
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        ...(typeof children.type === 'string' ? { 'aria-invalid': invalid } : { invalid }),
      })
    : children
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-[#c9cedb]">
        {label}
      </label>
      {control}
      {error ? (
        <p id={messageId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export interface SwitchProps {
  checked: boolean
  onChange: (checked: boolean) => void
  label: ReactNode
  description?: ReactNode
  disabled?: boolean
}

/** An on/off control announced as a switch. */
export function Switch({ checked, onChange, label, description, disabled }: SwitchProps) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-text">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="mt-0.5 text-xs text-muted">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-50',
          checked ? 'bg-accent' : 'bg-[#343a4b]',
        )}
      >
        <span
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  )
}

/** A form-level message (server errors that belong to no single field). */
export function FormError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  )
}

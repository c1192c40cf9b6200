import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link } from 'react-router'
import type { LinkProps } from 'react-router'
import type { ButtonType } from '@mouthpiece/contracts/constants'
import { cn } from '../../lib/cn'
import { Spinner } from './spinner'

type Size = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50'

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
}

/** SPEC §9 button types: primary (coral), secondary (coral outline), tertiary (neutral), quaternary (quiet). */
const variants: Record<ButtonType, string> = {
  primary: 'bg-accent text-on-accent font-semibold hover:bg-accent-hover active:bg-accent-press',
  secondary: 'border border-accent/70 text-accent hover:bg-accent/10 active:bg-accent/20',
  tertiary: 'border border-border bg-surface-2 text-text hover:bg-[#272c3b] active:bg-[#2d3344]',
  quaternary: 'text-muted hover:bg-surface-2 hover:text-text',
}
const destructiveClass = 'bg-danger/90 text-[#1b0b0b] font-semibold hover:bg-danger'

export function buttonClass(
  variant: ButtonType = 'primary',
  size: Size = 'md',
  destructive = false,
  extra?: string,
) {
  return cn(base, sizes[size], destructive ? destructiveClass : variants[variant], extra)
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonType
  size?: Size
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean
  destructive?: boolean
  icon?: ReactNode
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading,
  destructive,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, destructive, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} /> : icon}
      {children}
    </button>
  )
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonType
  size?: Size
  icon?: ReactNode
}

/** A link that looks like a button (navigation stays a link for the browser and screen readers). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link
      className={buttonClass(variant, size, false, typeof className === 'string' ? className : undefined)}
      {...rest}
    >
      {icon}
      {children}
    </Link>
  )
}

import { useRef } from 'react'
import { Button } from './button'
import type { ButtonProps } from './button'

export interface FileButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The picker's file types (`accept` of the input). */
  accept: string
  /** Names the hidden file input for screen readers and tests ("Background file"). */
  inputLabel: string
  /** The picked file; the input is cleared first, so picking the same file again fires again. */
  onFile: (file: File) => void
}

/** A button that opens the browser's file picker for one file (uploads across the app use it). */
export function FileButton({ accept, inputLabel, onFile, children, ...button }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        aria-label={inputLabel}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onFile(file)
        }}
      />
    </>
  )
}

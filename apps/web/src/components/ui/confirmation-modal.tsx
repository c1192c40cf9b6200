import type { ReactNode } from 'react'
import { Button } from './button'
import { Modal } from './modal'

export interface ConfirmationModalProps {
  open: boolean
  /** Called after either button (and on Escape): the modal is closed by its owner. */
  onClose: () => void
  onConfirm: () => void
  onCancel?: () => void
  title?: string
  message?: ReactNode
  confirmText?: string
  cancelText?: string
  destructive?: boolean
}

/** SPEC §2: defaults Confirmation / Yes / No; confirm runs the confirm action and closes, cancel likewise. */
export function ConfirmationModal({
  open,
  onClose,
  onConfirm,
  onCancel,
  title = 'Confirmation',
  message,
  confirmText = 'Yes',
  cancelText = 'No',
  destructive,
}: ConfirmationModalProps) {
  const cancel = () => {
    onCancel?.()
    onClose()
  }
  const confirm = () => {
    onConfirm()
    onClose()
  }
  return (
    <Modal
      open={open}
      onClose={cancel}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="tertiary" onClick={cancel}>
            {cancelText}
          </Button>
          <Button destructive={destructive} onClick={confirm} data-autofocus>
            {confirmText}
          </Button>
        </>
      }
    >
      {message ? <div className="text-sm leading-relaxed text-[#c9cedb]">{message}</div> : null}
    </Modal>
  )
}

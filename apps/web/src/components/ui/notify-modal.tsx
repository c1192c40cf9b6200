import type { ReactNode } from 'react'
import { Button } from './button'
import { Modal } from './modal'

export interface NotifyModalProps {
  open: boolean
  onClose: () => void
  title?: string
  message?: ReactNode
}

/** SPEC §2: a notice with defaults title Notify, empty message and a Cancel button. */
export function NotifyModal({ open, onClose, title = 'Notify', message = '' }: NotifyModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <Button variant="tertiary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div className="min-h-6 text-sm leading-relaxed text-[#c9cedb]">{message}</div>
    </Modal>
  )
}

import { useState } from 'react'
import type { ConferenceEvent } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { Button } from '../../../components/ui/button'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { useDeleteEvent, useDeleteSubmissions } from '../api'

/** What goes with an attendee (decision 0076), said in every confirmation. */
const THEIR_FILES = 'their kiosk photos, their personal clips and their consent entries'
const attendees = (n: number) => `${n} attendee${n === 1 ? '' : 's'}`

/**
 * "Delete selected" (the ticked attendees) and "Delete all attendees" above an event's attendee list,
 * each confirmed first. After a deletion the ticks clear and focus goes to `afterDelete`, since the
 * button that opened the dialog may be gone with the selection.
 */
export function DeleteAttendees({
  event,
  ids,
  names,
  onDeleted,
}: {
  event: ConferenceEvent
  /** The ticked attendees (on any page visited). */
  ids: string[]
  /** The names of those on the page on screen, for the dialog. */
  names: string[]
  onDeleted: () => void
}) {
  const remove = useDeleteSubmissions(event.id)
  const toast = useToast()
  const [asking, setAsking] = useState<'selected' | 'all'>()
  const run = async (ids?: string[]) => {
    try {
      const deleted = await remove.mutateAsync(ids)
      toast.success(`Deleted ${attendees(deleted)} of ${event.name}`)
      onDeleted()
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }
  const named = names.slice(0, 5)
  const more = ids.length - named.length
  const shown = named.length
    ? named.join(', ') + (more > 0 ? ` and ${attendees(more).replace('attendee', 'other')}` : '')
    : `The ${attendees(ids.length)}`
  return (
    <>
      {ids.length ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={remove.isPending}
          onClick={() => setAsking('selected')}
        >
          {`Delete selected (${ids.length})`}
        </Button>
      ) : null}
      {event.submissions > 0 ? (
        <Button variant="secondary" size="sm" disabled={remove.isPending} onClick={() => setAsking('all')}>
          Delete all attendees
        </Button>
      ) : null}
      <ConfirmationModal
        open={asking === 'selected'}
        onClose={() => setAsking(undefined)}
        title={`Delete ${attendees(ids.length)}?`}
        message={`${shown}: deleted for good with ${THEIR_FILES}. Their clip links stop working. The event and its generic clip stay.`}
        confirmText="Delete attendees"
        cancelText="Cancel"
        destructive
        onConfirm={() => void run(ids)}
      />
      <ConfirmationModal
        open={asking === 'all'}
        onClose={() => setAsking(undefined)}
        title={`Delete every attendee of ${event.name}?`}
        message={`All ${attendees(event.submissions)} are deleted for good with ${THEIR_FILES}. Their clip links stop working. The event and its generic clip stay.`}
        confirmText="Delete all attendees"
        cancelText="Cancel"
        destructive
        onConfirm={() => void run()}
      />
    </>
  )
}

/** "Delete event" on the event card: the event with every attendee, photo and clip it made. */
export function DeleteEventButton({ event, onDeleted }: { event: ConferenceEvent; onDeleted: () => void }) {
  const remove = useDeleteEvent()
  const toast = useToast()
  const [asking, setAsking] = useState(false)
  const run = async () => {
    try {
      await remove.mutateAsync(event.id)
      toast.success(`Deleted ${event.name}`)
      onDeleted()
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }
  return (
    <>
      <Button variant="secondary" size="sm" disabled={remove.isPending} onClick={() => setAsking(true)}>
        Delete event
      </Button>
      <ConfirmationModal
        open={asking}
        onClose={() => setAsking(false)}
        title={`Delete ${event.name}?`}
        message={`The event is deleted for good with its ${attendees(event.submissions)}, ${THEIR_FILES}, and its generic clip. Its kiosk stops working.`}
        confirmText="Delete event"
        cancelText="Cancel"
        destructive
        onConfirm={() => void run()}
      />
    </>
  )
}

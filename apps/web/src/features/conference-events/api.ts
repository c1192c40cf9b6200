import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  adminCreateConferenceEvent,
  adminDeleteConferenceEvent,
  adminDeleteSubmissions,
  adminListConferenceEvents,
  adminListSubmissions,
  adminUpdateConferenceEvent,
  conferenceEventSendMail,
  conferenceEventSettings,
  conferenceEventShortVideo,
} from '@mouthpiece/contracts/conference-events/conference-events.contract'
import type { ConferenceEventBody } from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export const conferenceEventsKeys = {
  events: ['admin', 'conference-events'] as const,
  submissions: (eventId: number, query: object) =>
    ['admin', 'conference-events', eventId, 'submissions', query] as const,
  kiosk: (eventId: number) => ['conference-event', eventId] as const,
  video: (code: string) => ['conference-event', 'video', code] as const,
}

export const eventsQuery = () =>
  queryOptions({
    queryKey: conferenceEventsKeys.events,
    queryFn: ({ signal }) => request(adminListConferenceEvents, { signal }).then((r) => r.events),
  })

export const submissionsQuery = (
  eventId: number,
  query: Omit<RouteInput<typeof adminListSubmissions>['query'], never>,
) =>
  queryOptions({
    queryKey: conferenceEventsKeys.submissions(eventId, query),
    queryFn: ({ signal }) => request(adminListSubmissions, { params: { eventId }, query, signal }),
    placeholderData: keepPreviousData,
    // The staff watch deliveries land.
    refetchInterval: 3000,
  })

export function useSaveEvent(eventId: number | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: ConferenceEventBody) =>
      (eventId
        ? request(adminUpdateConferenceEvent, { params: { eventId }, body })
        : request(adminCreateConferenceEvent, { body })
      ).then((r) => r.event),
    onSuccess: () => client.invalidateQueries({ queryKey: conferenceEventsKeys.events }),
  })
}

/** Deletes the named attendees of an event, or all of them without ids (with their photos and clips). */
export function useDeleteSubmissions(eventId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (ids?: string[]) =>
      request(adminDeleteSubmissions, { params: { eventId }, body: ids ? { ids } : {} }).then(
        (r) => r.deleted,
      ),
    // The attendee list and the events' attendee counts both change.
    onSuccess: () => client.invalidateQueries({ queryKey: conferenceEventsKeys.events }),
  })
}

/** Deletes an event with everything it made. */
export function useDeleteEvent() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (eventId: number) =>
      request(adminDeleteConferenceEvent, { params: { eventId } }).then((r) => r.deleted),
    onSuccess: () => client.invalidateQueries({ queryKey: conferenceEventsKeys.events }),
  })
}

export const kioskSettingsQuery = (eventId: number) =>
  queryOptions({
    queryKey: conferenceEventsKeys.kiosk(eventId),
    queryFn: ({ signal }) =>
      request(conferenceEventSettings, { params: { eventId }, signal }).then((r) => r.event),
    // Offline at the venue: the last settings keep the kiosk working.
    staleTime: 60_000,
    networkMode: 'offlineFirst',
  })

/** The attendee's clip, polled until it is playable. */
export const shortVideoQuery = (code: string) =>
  queryOptions({
    queryKey: conferenceEventsKeys.video(code),
    queryFn: ({ signal }) =>
      request(conferenceEventShortVideo, { params: { code }, signal }).then((r) => r.video),
    refetchInterval: (q) => (q.state.data && q.state.data.delivery !== 'rendering' ? false : 400),
  })

export function useSendMail() {
  return useMutation({
    mutationFn: (code: string) => request(conferenceEventSendMail, { body: { code } }).then((r) => r.video),
  })
}

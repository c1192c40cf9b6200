import { useMutation } from '@tanstack/react-query'
import { supportMail } from '@mouthpiece/contracts/users/users.contract'
import type { RouteBody } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'

export function useSupportMail() {
  return useMutation({ mutationFn: (body: RouteBody<typeof supportMail>) => request(supportMail, { body }) })
}

import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import {
  adminExportEarlyRegisters,
  adminExportTtsEarlyAccess,
  adminListEarlyRegisters,
  adminListTtsEarlyAccess,
  adminSendEarlyRegistersCsv,
  earlyRegister,
} from '@mouthpiece/contracts/early-registers/early-registers.contract'
import type { EarlyRegisterList } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import type { RouteBody, RouteInput } from '@mouthpiece/contracts/define-route'
import { request } from '../../lib/api'
import { downloadFile } from '../../lib/download'

export const earlyRegistersKeys = {
  list: (list: EarlyRegisterList, page: number) => ['early-registers', list, page] as const,
}

export const earlyRegistersQuery = (list: EarlyRegisterList, page: number) =>
  queryOptions({
    queryKey: earlyRegistersKeys.list(list, page),
    queryFn: ({ signal }) =>
      request(list === 'tts' ? adminListTtsEarlyAccess : adminListEarlyRegisters, {
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export function useEarlyRegister() {
  return useMutation({
    mutationFn: (body: RouteInput<typeof earlyRegister>['body']) => request(earlyRegister, { body }),
  })
}

export function useSendEarlyRegistersCsv() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof adminSendEarlyRegistersCsv>) =>
      request(adminSendEarlyRegistersCsv, { body }),
  })
}

export const downloadEarlyRegistersCsv = (list: EarlyRegisterList) =>
  list === 'tts'
    ? downloadFile(adminExportTtsEarlyAccess, 'tts-early-access.csv')
    : downloadFile(adminExportEarlyRegisters, 'early-registers.csv')

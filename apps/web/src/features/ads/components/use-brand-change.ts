import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Brand } from '@mouthpiece/contracts/ads/brands.schemas'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { adsKeys } from '../api'

/** Runs one change of a brand part; the answer (the whole brand) replaces the cached one. */
export function useBrandChange(brandId: number) {
  const client = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: (change: () => Promise<{ brand: Brand }>) => change(),
    onSuccess: (r) => {
      client.setQueryData(adsKeys.brand(brandId), { status: 1 as const, brand: r.brand })
      void client.invalidateQueries({ queryKey: adsKeys.brands, exact: true })
    },
    onError: (e) => toast.error(e instanceof ApiError ? e.failure.message : undefined),
  })
}

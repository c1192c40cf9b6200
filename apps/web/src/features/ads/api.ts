import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { getBrand, listBrands } from '@mouthpiece/contracts/ads/brands.contract'
import { adProjectStats, getAdProject, listAdProjects } from '@mouthpiece/contracts/ads/projects.contract'
import { getScrapeTask } from '@mouthpiece/contracts/ads/scraper.contract'
import { request } from '../../lib/api'

export const adsKeys = {
  brands: ['ads', 'brands'] as const,
  brand: (id: number) => ['ads', 'brands', id] as const,
  task: (id: string) => ['ads', 'scrape', id] as const,
  projects: (page: number, keyword: string) => ['ads', 'projects', page, keyword] as const,
  project: (id: number) => ['ads', 'project', id] as const,
  stats: (id: number) => ['ads', 'project', id, 'stats'] as const,
}

export const brandsQuery = queryOptions({
  queryKey: adsKeys.brands,
  queryFn: ({ signal }) => request(listBrands, { signal }),
})
export const brandQuery = (id: number) =>
  queryOptions({
    queryKey: adsKeys.brand(id),
    queryFn: ({ signal }) => request(getBrand, { params: { brandId: id }, signal }),
  })
export const scrapeTaskQuery = (id: string) =>
  queryOptions({
    queryKey: adsKeys.task(id),
    queryFn: ({ signal }) => request(getScrapeTask, { params: { id }, signal }),
  })
export const adProjectsQuery = (page: number, keyword: string) =>
  queryOptions({
    queryKey: adsKeys.projects(page, keyword),
    queryFn: ({ signal }) =>
      request(listAdProjects, { query: { page, keyword: keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  })
export const adProjectQuery = (id: number) =>
  queryOptions({
    queryKey: adsKeys.project(id),
    queryFn: ({ signal }) => request(getAdProject, { params: { id }, signal }),
  })
export const adProjectStatsQuery = (id: number) =>
  queryOptions({
    queryKey: adsKeys.stats(id),
    queryFn: ({ signal }) => request(adProjectStats, { params: { id }, signal }),
  })

/** A human line for a failed call. */
export const failureText = (e: unknown) =>
  e instanceof Error ? e.message : e ? 'Something went wrong. Try again!' : null

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  getBulkAction,
  previewBulkAction,
  startBulkAction,
} from '@mouthpiece/contracts/operations/bulk-actions.contract'
import type { BulkActionInput } from '@mouthpiece/contracts/operations/bulk-actions.contract'
import {
  adminInstanceCount,
  adminListInstances,
  adminPerformanceJobs,
  adminSetDesiredCapacity,
} from '@mouthpiece/contracts/operations/instances.contract'
import { adminDashboard } from '@mouthpiece/contracts/operations/dashboard.contract'
import { healthCheck } from '@mouthpiece/contracts/system/system.contract'
import {
  getStressTest,
  listStressTests,
  startRenderStressTest,
  startVoiceStressTest,
  stopStressTest,
} from '@mouthpiece/contracts/operations/stress-tests.contract'
import type {
  StressTarget,
  StressTest,
  StressTestInput,
} from '@mouthpiece/contracts/operations/stress-tests.contract'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { request } from '../../lib/api'
import type { ResponseOf } from '../../lib/api'
import { SOCKET_FALLBACK_POLL_MS, useSocketRefresh } from '../../lib/use-socket-refresh'

export const operationsKeys = {
  instances: ['admin', 'instances'] as const,
  performance: (hours: number) => ['admin', 'instances', 'performance', hours] as const,
  bulk: (id: string) => ['admin', 'bulk-actions', id] as const,
  dashboard: ['admin', 'dashboard'] as const,
  health: ['health-check'] as const,
  stressTests: ['admin', 'stress-tests'] as const,
  stressTestPages: ['admin', 'stress-tests', 'page'] as const,
  stressTest: (sessionId: string) => ['admin', 'stress-tests', sessionId] as const,
}

export const instancesQuery = queryOptions({
  queryKey: operationsKeys.instances,
  queryFn: ({ signal }) => request(adminListInstances, { signal }).then((r) => r.list),
  refetchInterval: 5_000,
})

export const poolCountQuery = (id: string) =>
  queryOptions({
    queryKey: [...operationsKeys.instances, id],
    queryFn: ({ signal }) => request(adminInstanceCount, { params: { id }, signal }),
  })

export const performanceJobsQuery = (hours: number) =>
  queryOptions({
    queryKey: operationsKeys.performance(hours),
    queryFn: ({ signal }) => request(adminPerformanceJobs, { query: { hours, limit: 100 }, signal }),
    refetchInterval: 10_000,
  })

export function useSetDesiredCapacity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, DesiredCapacity }: { id: string; DesiredCapacity: number }) =>
      request(adminSetDesiredCapacity, { params: { id }, body: { DesiredCapacity } }),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.instances }),
  })
}

export const bulkActionQuery = (id: string) =>
  queryOptions({
    queryKey: operationsKeys.bulk(id),
    queryFn: ({ signal }) => request(getBulkAction, { params: { id }, signal }).then((r) => r.bulk_action),
    // Poll while the job works; stop once it has finished.
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'completed' || q.state.data.status === 'failed') ? false : 700,
  })

export const previewBulk = (body: BulkActionInput) =>
  request(previewBulkAction, { body }).then((r) => r.count)
export const startBulk = (body: BulkActionInput & { confirm_count: number }) =>
  request(startBulkAction, { body }).then((r) => r.bulk_action)

export const dashboardQuery = queryOptions({
  queryKey: operationsKeys.dashboard,
  queryFn: ({ signal }) => request(adminDashboard, { signal }),
  refetchInterval: 10_000,
})

export const healthCheckQuery = queryOptions({
  queryKey: operationsKeys.health,
  queryFn: ({ signal }) => request(healthCheck, { signal }),
  refetchInterval: 15_000,
})

const runActive = (run: StressTest | undefined) => run?.status === 'queued' || run?.status === 'running'
// A running test's figures arrive on the admins' socket (useStressTestPush); the slow poll only
// covers a lost socket while a run is open.
export const stressTestsQuery = (page: number) =>
  queryOptions({
    queryKey: [...operationsKeys.stressTestPages, page],
    queryFn: ({ signal }) => request(listStressTests, { query: { page }, signal }),
    refetchInterval: (q) => (q.state.data?.list.some(runActive) ? SOCKET_FALLBACK_POLL_MS : false),
  })

export const stressTestQuery = (sessionId: string) =>
  queryOptions({
    queryKey: operationsKeys.stressTest(sessionId),
    queryFn: ({ signal }) =>
      request(getStressTest, { query: { session_id: sessionId }, signal }).then((r) => r.stress_test),
    refetchInterval: (q) =>
      q.state.data === undefined || runActive(q.state.data) ? SOCKET_FALLBACK_POLL_MS : false,
  })

type StressTestsPage = ResponseOf<typeof listStressTests>

/**
 * Follows stress tests live on the admins' socket (`stress-test-event`, the whole run each time):
 * the run on screen and its row in the results pages take each push as it comes. A run no page
 * lists yet (just started, maybe by another admin) refreshes the lists; after a reconnect
 * everything is read again, as pushes may have been missed.
 */
export function useStressTestPush() {
  useSocketRefresh(RealtimeEvent.stressTest, operationsKeys.stressTests, ({ stress_test: run }, client) => {
    client.setQueryData(operationsKeys.stressTest(run.session_id), (old: StressTest | undefined) =>
      old ? run : old,
    )
    let listed = false
    client.setQueriesData<StressTestsPage>({ queryKey: operationsKeys.stressTestPages }, (page) => {
      if (!page?.list.some((r) => r.session_id === run.session_id)) return page
      listed = true
      return { ...page, list: page.list.map((r) => (r.session_id === run.session_id ? run : r)) }
    })
    if (!listed && run.status === 'queued')
      void client.invalidateQueries({ queryKey: operationsKeys.stressTestPages })
  })
}

export function useStartStressTest() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ target, body }: { target: StressTarget; body: StressTestInput }) =>
      request(target === 'voice' ? startVoiceStressTest : startRenderStressTest, { body }).then(
        (r) => r.stress_test,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.stressTests }),
  })
}

export function useStopStressTest() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (sessionId: string) =>
      request(stopStressTest, { body: { session_id: sessionId } }).then((r) => r.stress_test),
    onSuccess: () => client.invalidateQueries({ queryKey: operationsKeys.stressTests }),
  })
}

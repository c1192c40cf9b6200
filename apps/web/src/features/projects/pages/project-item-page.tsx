import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { LoadingBlock } from '../../../components/ui/spinner'
import { DashboardProjectItemPage } from './dashboard-project-page'
import { loadAdProjectPage } from '../../ads'

// The ad project page belongs to the ads feature; it is loaded only when a #ad link is opened.
const AdProjectPage = lazy(() => loadAdProjectPage().then((m) => ({ default: m.AdProjectPage })))

/**
 * /dashboard/project/{id}: SPEC names one path for both kinds of project and tells them apart by
 * the view (#video, #ad) as on /dashboard/project. Video and ad projects have their own ids.
 */
export function ProjectItemPage() {
  const { hash } = useLocation()
  if (hash !== '#ad') return <DashboardProjectItemPage />
  return (
    <Suspense fallback={<LoadingBlock />}>
      <AdProjectPage />
    </Suspense>
  )
}

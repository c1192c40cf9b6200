import { Outlet } from 'react-router'
import { Header } from '../shell/header'
import { MobileEditorAlert } from './mobile-editor-alert'
import { MAIN_ID, SkipLink } from '../shell/skip-link'

/** The editor takes the whole width under the header; on mobile widths it opens with the Editor alert. */
export function VideoEditorLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none flex min-h-0 flex-1 flex-col">
        <Outlet />
      </main>
      <MobileEditorAlert />
    </div>
  )
}

import { Outlet } from 'react-router'

/** No chrome at all: overlays (OBS browser sources), callbacks and test pages. */
export function EmptyLayout() {
  return <Outlet />
}

/** The public face of modules/renders: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { backgroundKey } from './backgrounds/backgrounds.service'
export { RENDER_QUEUES, rendersDeps } from './renders.deps'
export type { RendersDeps } from './renders.deps'
export { startRendersWorkers } from './renders.jobs'
export { presentFiles, presentLog, presentRender } from './renders.present'
export { findRender, listLogs } from './renders.repo'
export { registerRendersRoutes } from './renders.routes'
export type { RenderRow } from './renders.table'
export {
  cancel,
  findEventVideo,
  influencerVideosFor,
  latestInfluencerVideos,
  onEventVideoChange,
  refreshInfluencerVideo,
  remove,
  renderBacklog,
  startEventVideo,
  startModuleAudio,
  startModuleVideo,
  startProjectVideo,
} from './renders.service'
export { removeRenderFiles, renderFileUrl } from './stages/render-files'
export { onRenderChange } from './stages/render-listeners'
export { renderPoolOf } from './stages/render-pool'

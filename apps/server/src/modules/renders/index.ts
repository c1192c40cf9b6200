/** The public face of modules/renders: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { backgroundKey } from './backgrounds/backgrounds.service'
export { rendersDeps } from './renders.deps'
export type { RendersDeps } from './renders.deps'
export { startRendersWorkers } from './renders.jobs'
export { RENDER_QUEUES } from './renders.queues'
export { presentFiles, presentLog, presentRender } from './renders.present'
export {
  findRender,
  findRenders,
  listLogs,
  renderStatusOf,
  renderFiles,
  rendersBeyond,
  searchUserVideos,
  userRenders,
  userVideosByIds,
} from './render-lookups'
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
  removeEventVideo,
  renderBacklog,
  startEventVideo,
  startModuleAudio,
  startModuleVideo,
  startProjectVideo,
} from './renders.service'
export { removeRenderFiles, renderFileUrl } from './stages/render-files'
export { onRenderChange } from './stages/render-listeners'
export type { StoredPicture, VideoDressing } from './stages/render-dressing'
export { renderPoolOf } from './stages/render-pool'
export { referencesRender } from './renders.table'
export {
  FINAL_VIDEO_CSV_HEADER,
  countFinalVideos,
  deleteRenderRow,
  finalVideosPage,
  lockFinalVideo,
  nextFinalVideoIds,
  scanFinalVideosCsv,
} from './final-videos/final-videos'
export type { FinalVideoRow } from './final-videos/final-videos'

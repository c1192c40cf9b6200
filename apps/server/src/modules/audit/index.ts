/** The public face of modules/audit: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerAuditRoutes } from './audit.routes'
export { auditActorOf, audited, auditedChange, recordAudit } from './audit.service'
export type { AdminAuditActor, AuditActor } from './audit.service'

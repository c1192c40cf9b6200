/**
 * A job worker in its own process, for the queue durability tests: it works one queue on
 * DATABASE_URL and reports on stdout. BEHAVIOUR=hang takes a job and never finishes it (the test
 * then kills the process); BEHAVIOUR=complete records each job in queue_test_done.
 */
import { openDatabase } from '../db/client'
import { startQueue } from './queue'

const { DATABASE_URL, QUEUE, BEHAVIOUR } = process.env
if (!DATABASE_URL || !QUEUE) throw new Error('DATABASE_URL and QUEUE are required')

const database = await openDatabase({ databaseUrl: DATABASE_URL })
const queue = await startQueue(database, { supervise: true, monitorIntervalSeconds: 1 })
await queue.work<{ n: number }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
  if (!job) return
  console.log(`started ${job.id}`)
  if (BEHAVIOUR === 'hang') await new Promise(() => {})
  await database.raw.query('insert into queue_test_done (job_id, pid, n) values ($1, $2, $3)', [
    job.id,
    process.pid,
    job.data.n,
  ])
  console.log(`done ${job.id}`)
})
console.log('ready')
process.on('SIGTERM', () => {
  void queue
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0))
})

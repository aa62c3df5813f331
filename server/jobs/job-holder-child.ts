import { pgJobLocks } from './locks'
import { JobRunner } from './runner'

/**
 * For runner.test.ts: an "instance" in a process of its own, so the test can kill it with SIGKILL.
 * Args: connection string, schema, job name, interval in ms. Prints HOLDING once it holds the
 * job's lock and RUN on every run.
 */
const [url, schema, job, everyMs] = process.argv.slice(2)
if (!url || !schema || !job || !everyMs) throw new Error('usage: job-holder-child.ts <url> <schema> <job> <everyMs>')
const quiet = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) }
const runner = new JobRunner(pgJobLocks({ connectionString: url, schema }), quiet, `child:${process.pid}`)
let announced = false
runner.register({
  name: job,
  everyMs: Number(everyMs),
  run: async () => {
    if (!announced) process.stdout.write('HOLDING\n')
    announced = true
    process.stdout.write('RUN\n')
  },
})
runner.start()
// Keeps the process alive: the runner's timers are unref'd, as a server's are.
setInterval(() => {}, 60_000)

import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * One server process as server/main.ts starts it (API only, no client build needed), for the tests
 * that run several instances or take their database or Redis away: its JSON log lines parsed, and
 * helpers that wait on what it answers.
 */

const child = fileURLToPath(new URL('./instance-child.ts', import.meta.url))

export interface Instance {
  port: number
  proc: ChildProcess
  /** Its JSON log lines, parsed. */
  logs: Record<string, unknown>[]
  exited: Promise<NodeJS.Signals | number | null>
}

/** `env` is the whole environment besides PATH, HOST and PORT. */
export function startInstance(port: number, env: Record<string, string>): Instance {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
  })
  const logs: Record<string, unknown>[] = []
  let pending = ''
  proc.stdout!.on('data', (d: Buffer) => {
    pending += d.toString()
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        logs.push({ msg: line })
      }
    }
  })
  let stderr = ''
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)))
  void exited.then(() => {
    if (stderr) logs.push({ msg: `stderr: ${stderr}` })
  })
  return { port, proc, logs, exited }
}

export interface Readiness {
  status: number
  body: { status: string; checks: Record<string, string> }
}

export async function readyz(instance: Instance): Promise<Readiness | null> {
  const res = await fetch(`http://127.0.0.1:${instance.port}/readyz`).catch(() => null)
  return res ? { status: res.status, body: (await res.json()) as Readiness['body'] } : null
}

/** Polls `condition` until it holds; fails with the instance's log when it exits or time runs out. */
export async function until(what: string, instance: Instance, condition: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms
  for (;;) {
    if (await condition()) return
    if (instance.proc.exitCode !== null || Date.now() > end) {
      throw new Error(`${what} (instance on ${instance.port}): ${instance.logs.map((l) => JSON.stringify(l)).join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Fully ready: with Redis, until the live-event link is up too (not merely degraded). */
export const ready = (instance: Instance) => until('never became ready', instance, async () => (await readyz(instance))?.body.status === 'ready')

export function stopAll(instances: readonly Instance[]): Promise<unknown> {
  for (const instance of instances) if (instance.proc.exitCode === null && instance.proc.signalCode === null) instance.proc.kill('SIGKILL')
  return Promise.all(instances.map((i) => i.exited))
}

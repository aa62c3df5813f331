import { spawn } from 'node:child_process'
import { expect } from 'vitest'

/**
 * For the crash tests: runs `script` (TypeScript, through tsx) in a child process, waits until it
 * prints PAUSED (it stops in the middle of the write under test), kills it with SIGKILL, and waits
 * until it is gone. A child that exits before pausing, or never pauses, fails with its stderr.
 */
export async function killChildWhenPaused(script: string, args: readonly string[]): Promise<void> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child never paused: ${stderr}`)), 30_000)
    proc.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('PAUSED')) {
        clearTimeout(timer)
        resolve()
      }
    })
    proc.once('exit', () => reject(new Error(`child exited before pausing: ${stderr}`)))
  })
  proc.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')
}

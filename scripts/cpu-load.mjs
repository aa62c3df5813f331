// A CPU load for trying the test suite on a busy machine: one busy thread per core (or CPU_LOAD_THREADS),
// for at most CPU_LOAD_SECONDS (default an hour), stopped early by SIGTERM or SIGINT. Debian's
// stress-ng would do the same; this needs nothing installed.
//
// Chromium, run as root here, raises its own renderers to nice -8: a load at nice 0 barely slows
// the browsers. The threads take CPU_LOAD_NICE (default -8, the browsers' own) where allowed, so
// the load competes with the browsers as another browser on the machine would.
import { availableParallelism, setPriority } from 'node:os'
import { Worker, isMainThread } from 'node:worker_threads'

if (isMainThread) {
  const threads = Number(process.env.CPU_LOAD_THREADS ?? availableParallelism())
  const seconds = Number(process.env.CPU_LOAD_SECONDS ?? 3600)
  if (!(threads >= 1 && threads <= 64) || !(seconds > 0)) {
    console.error('cpu-load: CPU_LOAD_THREADS must be 1..64 and CPU_LOAD_SECONDS above 0')
    process.exit(2)
  }
  const workers = Array.from({ length: threads }, () => new Worker(new URL(import.meta.url)))
  const stop = () => {
    for (const worker of workers) void worker.terminate()
  }
  const timer = setTimeout(stop, seconds * 1000)
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  Promise.all(workers.map((worker) => new Promise((resolve) => worker.on('exit', resolve)))).then(() => clearTimeout(timer))
  console.log(`cpu-load: ${threads} busy thread(s) for at most ${seconds} s`)
} else {
  // 0 is the calling thread on Linux: each worker sets its own.
  try {
    setPriority(0, Number(process.env.CPU_LOAD_NICE ?? -8))
  } catch {
    // Not allowed (not root): the load runs at the default priority.
  }
  // Busy, not idle: arithmetic the optimiser cannot drop, checked now and then so terminate() lands.
  let x = 0
  for (;;) {
    for (let i = 0; i < 1e7; i++) x = (x * 1103515245 + 12345) % 2147483648
    if (x === -1) console.log(x)
  }
}

import { connect as tcpConnect, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'

/**
 * Whether the Redis at REDIS_URL answers PING, for /readyz. Two RESP commands over one short-lived
 * connection (AUTH when the URL carries credentials, then PING), apart from the live bus's own
 * connections (server/realtime/bus.ts): so the check tells Redis down from the bus's link down.
 * Resolves with null when Redis answered PONG, else with why not.
 */
export function pingRedis(redisUrl: string, timeoutMs = 2_000): Promise<string | null> {
  let url: URL
  try {
    url = new URL(redisUrl)
  } catch {
    return Promise.resolve('REDIS_URL cannot be parsed')
  }
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1'
  const port = Number(url.port || 6379)
  const user = decodeURIComponent(url.username)
  const password = decodeURIComponent(url.password)
  const command = (...args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`
  const auth = password ? command('AUTH', ...(user ? [user, password] : [password])) : ''

  return new Promise((resolve) => {
    let socket: Socket
    let answered = ''
    let settled = false
    const done = (why: string | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(why)
    }
    const timer = setTimeout(() => done(`no answer within ${timeoutMs} ms`), timeoutMs)
    const onConnect = () => socket.write(auth + command('PING'))
    socket = url.protocol === 'rediss:' ? tlsConnect({ host, port, servername: host }, onConnect) : tcpConnect({ host, port }, onConnect)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answered += chunk
      const lines = answered.split('\r\n')
      for (const line of lines.slice(0, -1)) {
        if (line.startsWith('-')) return done(`refused: ${line.slice(1).split(' ')[0]}`)
        if (line === '+PONG') return done(null)
      }
    })
    socket.on('error', (err: NodeJS.ErrnoException) => done(`unreachable (${err.code ?? err.message})`))
    socket.on('close', () => done('closed the connection without answering'))
  })
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Request headers worth passing on; hop-by-hop and host headers stay here. */
const FORWARD_REQUEST = ['accept', 'accept-language', 'content-type', 'cookie', 'user-agent', 'x-requested-with'] as const
/** Response headers the browser needs back, Set-Cookie above all so sessions keep working. */
const FORWARD_RESPONSE = ['content-type', 'cache-control', 'retry-after', 'set-cookie', 'x-request-id'] as const
const TIMEOUT_MS = 15_000

/**
 * With API_BASE_URL set, our /api is a forwarder to another platform API (ARCHITECTURE §4): the
 * browser stays same-origin, so cookies and the CSP's connect-src keep working, and SSR's
 * in-process client reaches the platform through the same route. An unreachable platform answers
 * ApplicationUnavailableException, which shows the maintenance page rather than a broken one.
 */
export async function registerUpstreamApi(app: FastifyInstance, baseUrl: string): Promise<void> {
  const base = baseUrl.replace(/\/$/, '')
  // Its own scope: bodies pass through untouched here without changing parsing elsewhere.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    scope.all('/api/*', (request, reply) => forward(base, request, reply))
  })
}

async function forward(base: string, request: FastifyRequest, reply: FastifyReply) {
  const target = base + request.url
  const headers = new Headers()
  for (const name of FORWARD_REQUEST) {
    const value = request.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  headers.set('x-forwarded-for', forwardedFor(request))
  headers.set('x-forwarded-proto', request.protocol)
  headers.set('x-forwarded-host', request.hostname)
  let res: Response
  try {
    res = await fetch(target, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' || !request.body ? undefined : new Uint8Array(request.body as Buffer),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (err) {
    request.log.error({ err, target: base }, 'platform API unreachable')
    return reply.code(503).header('cache-control', 'no-store').send({
      error: { type: 'ApplicationUnavailableException', message: 'The platform is not reachable. Please try again shortly.', code: 'upstream_unreachable' },
    })
  }
  reply.code(res.status)
  for (const name of FORWARD_RESPONSE) {
    if (name === 'set-cookie') {
      const cookies = res.headers.getSetCookie()
      if (cookies.length) reply.header('set-cookie', cookies)
      continue
    }
    const value = res.headers.get(name)
    if (value !== null) reply.header(name, value)
  }
  return reply.send(Buffer.from(await res.arrayBuffer()))
}

function forwardedFor(request: FastifyRequest): string {
  const prior = request.headers['x-forwarded-for']
  return typeof prior === 'string' && prior ? `${prior}, ${request.ip}` : request.ip
}

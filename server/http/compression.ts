import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance, FastifyReply } from 'fastify'

/** Below this a compressed body saves less than the bytes of its headers and the CPU it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024
/**
 * Brotli for bodies made per request. On the home page (78 KB) quality 4 took 5 ms and came out
 * the size of gzip -6; quality 5 took 10 ms and was 8% smaller; 11 would take far longer.
 */
export const DYNAMIC_BROTLI_QUALITY = 5

/**
 * Text types worth compressing, on top of what mime-db marks compressible. Unlike the plugin's
 * default this leaves out application/octet-stream, which is usually an archive or an image.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript(?:;|$)/

function isCompressible(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false
  return COMPRESSIBLE.test(contentType) || /^image\/svg\+xml/.test(contentType)
}

/** Adds accept-encoding to Vary, keeping what is there. */
export function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary')
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim().toLowerCase())
  if (values.includes('accept-encoding') || values.includes('*')) return
  reply.header('vary', current ? `${Array.isArray(current) ? current.join(', ') : String(current)}, accept-encoding` : 'accept-encoding')
}

/**
 * HTML and JSON answers compressed as they leave (br preferred, then gzip, by Accept-Encoding
 * with its q-values). Built assets come precompressed from disk (server/http/static.ts); a body
 * that already carries a Content-Encoding is left alone. Registered before any route, because the
 * plugin hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // HEAD has no body to compress: answer it with the identity headers instead of compressing a
  // page only to throw the result away.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'HEAD') delete request.headers['accept-encoding']
  })
  // The plugin says Vary only on what it compressed; the plain answer to a request without
  // Accept-Encoding varies just as much, and a shared cache must not hand it to everyone.
  app.addHook('onSend', async (_request, reply, payload) => {
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0
    if (size >= COMPRESS_THRESHOLD_BYTES && isCompressible(reply.getHeader('content-type'))) addVary(reply)
    return payload
  })
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY },
    },
    zlibOptions: { level: 6 },
    // Request bodies are small forms that nobody sends compressed: no inflating (and no zip bombs).
    globalDecompression: false,
  })
}

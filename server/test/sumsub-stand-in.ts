import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { signSumsubRequest } from '../domain/kyc/sumsub/provider'

/**
 * A local stand-in for a Sumsub-shaped KYC vendor's REST API (these machines have no internet): it
 * checks every request's app token and signature as the vendor does, answers the calls our adapter
 * makes from its own records, and keeps every request it saw for the test to read.
 */

export interface StandInApplicant {
  id: string
  externalUserId: string
  levelName: string
  inspectionId: string
  reviewStatus: 'init' | 'pending' | 'completed'
  reviewResult: Record<string, unknown> | null
  images: { id: string; idDocType: string; bytes: Buffer; fileType: string; addedDate: string }[]
}

export interface SumsubStandIn {
  baseUrl: string
  appToken: string
  secretKey: string
  applicants: Map<string, StandInApplicant>
  requests: { method: string; path: string; signed: boolean }[]
  close(): Promise<void>
}

const hex = (n: number) => randomBytes(n).toString('hex')

export async function startSumsubStandIn(): Promise<SumsubStandIn> {
  const appToken = `sbx:${hex(12)}`
  const secretKey = hex(16)
  const applicants = new Map<string, StandInApplicant>()
  const requests: SumsubStandIn['requests'] = []

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    })

  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? '/'
    const body = await read(req)
    const ts = Number(req.headers['x-app-access-ts'])
    const signed =
      req.headers['x-app-token'] === appToken &&
      Number.isInteger(ts) &&
      Math.abs(ts - Date.now() / 1000) < 60 &&
      req.headers['x-app-access-sig'] === signSumsubRequest(secretKey, ts, req.method ?? 'GET', path, body)
    requests.push({ method: req.method ?? 'GET', path, signed })
    const send = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type })
      res.end(Buffer.isBuffer(value) ? value : JSON.stringify(value))
    }
    if (!signed) return send(401, { code: 401, description: 'Request signature mismatch' })

    const url = new URL(path, 'http://stand-in')
    let m: RegExpExecArray | null
    if (req.method === 'POST' && url.pathname === '/resources/applicants') {
      const { externalUserId } = JSON.parse(body) as { externalUserId: string }
      const existing = [...applicants.values()].find((a) => a.externalUserId === externalUserId)
      if (existing) return send(409, { code: 409, description: `Applicant with external user id '${externalUserId}' already exists: ${existing.id}` })
      const made: StandInApplicant = {
        id: hex(12),
        externalUserId,
        levelName: url.searchParams.get('levelName') ?? '',
        inspectionId: hex(12),
        reviewStatus: 'init',
        reviewResult: null,
        images: [],
      }
      applicants.set(made.id, made)
      return send(201, { id: made.id, externalUserId, inspectionId: made.inspectionId, review: { reviewStatus: 'init' } })
    }
    if (req.method === 'GET' && (m = /^\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/.exec(url.pathname))) {
      const found = [...applicants.values()].find((a) => a.externalUserId === decodeURIComponent(m![1]!))
      return found ? send(200, { id: found.id, externalUserId: found.externalUserId }) : send(404, { code: 404 })
    }
    if (req.method === 'POST' && url.pathname === '/resources/accessTokens') {
      return send(200, { token: `_act-sbx-${hex(16)}`, userId: url.searchParams.get('userId') })
    }
    if (req.method === 'GET' && (m = /^\/resources\/applicants\/([^/]+)\/one$/.exec(url.pathname))) {
      const a = applicants.get(m[1]!)
      if (!a) return send(404, { code: 404 })
      return send(200, { id: a.id, externalUserId: a.externalUserId, inspectionId: a.inspectionId, review: { reviewStatus: a.reviewStatus, ...(a.reviewResult ? { reviewResult: a.reviewResult } : {}) } })
    }
    if (req.method === 'GET' && (m = /^\/resources\/applicants\/([^/]+)\/metadata\/resources$/.exec(url.pathname))) {
      const a = applicants.get(m[1]!)
      if (!a) return send(404, { code: 404 })
      return send(200, {
        items: a.images.map((i) => ({ id: i.id, idDocDef: { idDocType: i.idDocType }, addedDate: i.addedDate, fileMetadata: { fileType: i.fileType, fileSize: i.bytes.length } })),
      })
    }
    if (req.method === 'GET' && (m = /^\/resources\/inspections\/([^/]+)\/resources\/([^/]+)$/.exec(url.pathname))) {
      const a = [...applicants.values()].find((x) => x.inspectionId === m![1])
      const image = a?.images.find((i) => i.id === m![2])
      return image ? send(200, image.bytes, `image/${image.fileType === 'jpg' ? 'jpeg' : image.fileType}`) : send(404, { code: 404 })
    }
    return send(404, { code: 404, description: 'No such call' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    appToken,
    secretKey,
    applicants,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

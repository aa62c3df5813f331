import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import { clock, type Config } from '../config'
import { returnPath, settle, settleLocked } from '../domain/payments/cashier'
import { WebhookRejected } from '../domain/payments/provider'
import {
  chargeCard,
  luhnValid,
  SANDBOX,
  SANDBOX_PAY_PATH,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_WEBHOOK_PATH,
  SandboxProvider,
  sandboxSecret,
  signSandboxWebhook,
} from '../domain/payments/sandbox/provider'
import { assertSameOrigin, sendError } from '../api/registrar'

/**
 * The sandbox payment provider's HTTP face (server/domain/payments/sandbox/provider.ts), mounted
 * only while PAYMENT_PROVIDER is sandbox and never in production:
 *
 * - GET  /sandbox/pay/{id}: the hosted payment page of a pending deposit (the player's own): pick
 *   an outcome, or pay with a test card (4242 4242 4242 4242 is charged, 4000 0000 0000 0002 is
 *   declined). The number is checked (Luhn, holder) here and never reaches the cashier tables:
 *   only a token and the mask are kept.
 * - POST /sandbox/pay/{id}: that form; success and fail settle at once, cancel cancels, pending
 *   leaves it to a webhook. Then back to {return_url}/{paysuccess|payfail|paycancel|paypending}/{id}.
 * - POST /sandbox/pay/{id}/notify: the page's 'provider confirms later' buttons send the signed
 *   webhook below, as the provider would.
 * - POST /sandbox/webhook: signed notices (X-Sandbox-Signature) that settle a pending transaction.
 */

export function isSandboxPayEnabled(config: Pick<Config, 'appEnv' | 'providers'>): boolean {
  return config.appEnv !== 'production' && config.providers.payment === SANDBOX
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

interface TxView {
  id: string
  status: string
  amount: string
  currency: string
  methodName: string
  kind: string
}

interface CardProblems {
  card_number?: string
  card_holder?: string
  card_expiry?: string
}

export function renderSandboxPage(nonce: string, tx: TxView, values: { card_number?: string; card_holder?: string; card_expiry?: string }, problems: CardProblems | null): string {
  const pending = tx.status === 'pending'
  const err = (k: keyof CardProblems) => (problems?.[k] ? `<p class="error" id="${k}-error">${escapeHtml(problems[k]!)}</p>` : '')
  const inv = (k: keyof CardProblems) => (problems?.[k] ? ` aria-invalid="true" aria-describedby="${k}-error"` : '')
  const card =
    tx.kind === 'card'
      ? `<form method="post" class="card" novalidate>
  <h2>Pay by card</h2>
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" value="${escapeHtml(values.card_number ?? '')}"${inv('card_number')}>
  ${err('card_number')}
  <label for="card_holder">Cardholder name</label>
  <input id="card_holder" name="card_holder" autocomplete="cc-name" maxlength="80" value="${escapeHtml(values.card_holder ?? '')}"${inv('card_holder')}>
  ${err('card_holder')}
  <label for="card_expiry">Expiry (MM/YY)</label>
  <input id="card_expiry" name="card_expiry" autocomplete="cc-exp" maxlength="5" placeholder="12/30" value="${escapeHtml(values.card_expiry ?? '')}"${inv('card_expiry')}>
  ${err('card_expiry')}
  <button type="submit" name="outcome" value="card" class="primary">Pay ${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</button>
  <p class="note">Test cards: 4242 4242 4242 4242 is charged, 4000 0000 0000 0002 is declined.</p>
</form>`
      : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Sandbox payment</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#eef0f6;color:#1b1d26;min-height:100vh;display:flex;justify-content:center;padding:16px}
main{width:100%;max-width:420px;background:#fff;border-radius:14px;box-shadow:0 6px 28px rgba(20,24,40,.12);padding:24px;align-self:flex-start}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:20px 0 4px}
.amount{font-size:28px;font-weight:700;margin:8px 0}
.note{color:#545a6d;font-size:13px;margin:6px 0}
label{display:block;font-weight:600;margin:10px 0 4px}
input{width:100%;padding:10px 12px;border:1px solid #c5cad8;border-radius:8px;font:inherit}
input[aria-invalid=true]{border-color:#c92a2a}
.error{color:#c92a2a;margin:4px 0 0;font-size:13px}
button{font:inherit;padding:10px 14px;border-radius:8px;border:1px solid #c5cad8;background:#fff;cursor:pointer;min-height:44px}
button.primary{background:#3b5bdb;border-color:#3b5bdb;color:#fff;width:100%;margin-top:14px}
.outcomes{display:grid;grid-template-columns:1fr 1fr;gap:8px}
button:focus-visible,input:focus-visible{outline:3px solid #8fa8ff;outline-offset:1px}
</style>
</head>
<body>
<main>
<h1>Sandbox payment page</h1>
<p class="note">A test provider: no real money moves. ${escapeHtml(tx.methodName)}.</p>
<p class="amount">${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</p>
${
  pending
    ? `${card}
<form method="post">
  <h2>Choose the outcome</h2>
  <div class="outcomes">
    <button type="submit" name="outcome" value="success">Success</button>
    <button type="submit" name="outcome" value="pending">Pending</button>
    <button type="submit" name="outcome" value="fail">Fail</button>
    <button type="submit" name="outcome" value="cancel">Cancel</button>
  </div>
</form>
<form method="post" action="${SANDBOX_PAY_PATH}/${encodeURIComponent(tx.id)}/notify">
  <h2>Provider notice (webhook)</h2>
  <p class="note">For a payment left pending: send the provider's signed notice now.</p>
  <div class="outcomes">
    <button type="submit" name="status" value="success">Confirm</button>
    <button type="submit" name="status" value="failed">Decline</button>
  </div>
</form>`
    : `<p>This payment has ended: ${escapeHtml(tx.status)}.</p>`
}
</main>
<script nonce="${escapeHtml(nonce)}">
(function(){var n=document.getElementById('card_number');if(!n)return;n.addEventListener('input',function(){var d=n.value.replace(/\\D/g,'').slice(0,19);n.value=d.replace(/(\\d{4})(?=\\d)/g,'$1 ');});})();
</script>
</body>
</html>`
}

async function loadTx(app: FastifyInstance, request: FastifyRequest, id: string) {
  const playerId = (request as FastifyRequest & { playerId: bigint | null }).playerId
  if (playerId === null || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null
  const row = await app.db
    .selectFrom('payment_transactions as t')
    .innerJoin('payment_methods as m', 'm.id', 't.method_id')
    .innerJoin('currencies as c', 'c.code', 't.currency')
    .select(['t.id', 't.status', 't.type', 't.amount', 't.currency', 't.return_url', 't.player_id', 't.provider', 'c.exponent', 'm.name', 'm.kind'])
    .where('t.id', '=', id)
    .executeTakeFirst()
  if (!row || row.player_id !== playerId || row.type !== 'deposit' || row.provider !== SANDBOX) return null
  const { minorToMajor } = await import('../../src/shared/money')
  const view: TxView = { id: row.id, status: row.status, amount: minorToMajor(row.amount, Number(row.exponent)), currency: row.currency, methodName: row.name, kind: row.kind }
  return { row, view }
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>Not found</title><p>No such payment.</p>')
}

export function registerSandboxPay(app: FastifyInstance): void {
  if (!isSandboxPayEnabled(app.config)) return
  const now = clock(app.config)
  const provider = new SandboxProvider(app.config)

  app.get<{ Params: { id: string } }>(`${SANDBOX_PAY_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const found = await loadTx(app, request, request.params.id)
    if (!found) return notFound(reply)
    return reply.type('text/html; charset=utf-8').send(renderSandboxPage(request.cspNonce, found.view, {}, null))
  })

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(`${SANDBOX_PAY_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    assertSameOrigin(request, app.config)
    const found = await loadTx(app, request, request.params.id)
    if (!found) return notFound(reply)
    const { row } = found
    if (row.status !== 'pending') return reply.redirect(returnPath(row), 303)
    const body = (request.body ?? {}) as Record<string, unknown>
    const outcome = typeof body.outcome === 'string' ? body.outcome : ''
    const at = now()
    if (outcome === 'success') {
      const done = await settle(app.db, row.id, { status: 'success' }, at)
      return reply.redirect(returnPath({ ...row, status: done.status }), 303)
    }
    if (outcome === 'fail') {
      const done = await settle(app.db, row.id, { status: 'failed', failureCode: 'declined' }, at)
      return reply.redirect(returnPath({ ...row, status: done.status }), 303)
    }
    if (outcome === 'cancel') {
      const done = await settle(app.db, row.id, { status: 'cancelled', failureCode: 'cancelled_by_player' }, at)
      return reply.redirect(returnPath({ ...row, status: done.status }), 303)
    }
    if (outcome === 'pending') return reply.redirect(returnPath(row), 303)
    if (outcome === 'card' && row.kind === 'card') {
      const values = {
        card_number: typeof body.card_number === 'string' ? body.card_number.slice(0, 30) : '',
        card_holder: typeof body.card_holder === 'string' ? body.card_holder.slice(0, 80) : '',
        card_expiry: typeof body.card_expiry === 'string' ? body.card_expiry.slice(0, 5) : '',
      }
      const digits = values.card_number.replace(/[\s-]/g, '')
      const problems: CardProblems = {}
      if (!digits) problems.card_number = 'Enter the card number.'
      else if (!/^\d+$/.test(digits) || !luhnValid(digits)) problems.card_number = 'This card number is not valid.'
      if (!/^[A-Za-z][A-Za-z .'-]{1,79}$/.test(values.card_holder.trim()) || !values.card_holder.trim().includes(' ')) {
        problems.card_holder = 'Enter the name as on the card (first and last name).'
      }
      const exp = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(values.card_expiry)
      if (!exp) problems.card_expiry = 'Enter the expiry as MM/YY.'
      else {
        const end = Date.UTC(2000 + Number(exp[2]), Number(exp[1]), 1)
        if (end <= at.getTime()) problems.card_expiry = 'This card has expired.'
      }
      if (Object.keys(problems).length) {
        // The number is echoed back only to the page it came from, never stored.
        return reply.code(422).type('text/html; charset=utf-8').send(renderSandboxPage(request.cspNonce, found.view, values, problems))
      }
      const charged = chargeCard(digits)
      if (charged.status === 'failed') {
        const done = await settle(app.db, row.id, { status: 'failed', failureCode: charged.failureCode }, at)
        return reply.redirect(returnPath({ ...row, status: done.status }), 303)
      }
      // Only the token and the mask are kept; the number ends here.
      await app.db
        .insertInto('saved_cards')
        .values({ player_id: row.player_id, provider: SANDBOX, token: charged.token, masked: charged.masked, brand: charged.brand, expires: values.card_expiry })
        .onConflict((oc) => oc.columns(['player_id', 'provider', 'masked']).doUpdateSet({ token: charged.token, expires: values.card_expiry }))
        .execute()
      const done = await settle(app.db, row.id, { status: 'success' }, at)
      return reply.redirect(returnPath({ ...row, status: done.status }), 303)
    }
    return reply.code(400).type('text/html; charset=utf-8').send(renderSandboxPage(request.cspNonce, found.view, {}, null))
  })

  app.post<{ Params: { id: string } }>(`${SANDBOX_PAY_PATH}/:id/notify`, async (request, reply) => {
    assertSameOrigin(request, app.config)
    const found = await loadTx(app, request, request.params.id)
    if (!found) return notFound(reply)
    const status = (request.body as Record<string, unknown> | undefined)?.status === 'success' ? 'success' : 'failed'
    const body = JSON.stringify({ event_id: `evt_${randomBytes(12).toString('base64url')}`, transaction_id: found.row.id, status })
    const at = now()
    const res = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(sandboxSecret(app.config), body, at) },
      payload: body,
    })
    if (res.statusCode !== 200) return reply.code(502).type('text/plain').send('The webhook was refused.')
    const after = await loadTx(app, request, request.params.id)
    return reply.redirect(returnPath({ ...found.row, status: (after?.row.status ?? found.row.status) as typeof found.row.status }), 303)
  })

  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body))
    scope.post(SANDBOX_WEBHOOK_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        const raw = typeof request.body === 'string' ? request.body : ''
        let event
        try {
          event = provider.verifyWebhook(raw, request.headers, now())
        } catch (err) {
          if (err instanceof WebhookRejected) {
            throw new ApiError({
              type: err.reason === 'malformed' ? 'InvalidRequestException' : 'AuthorizationException',
              code: err.reason,
              message: err.reason === 'stale' ? 'The webhook timestamp is outside the tolerance' : err.reason === 'malformed' ? 'Malformed webhook' : 'Missing or wrong signature',
            })
          }
          throw err
        }
        // Replay guard: an event id is handled once, in the same transaction as the settlement it
        // causes (a crash leaves neither); a replay answers 200 and changes nothing.
        const done = await app.db.transaction().execute(async (trx) => {
          const tx = await trx.selectFrom('payment_transactions').select(['provider', 'type', 'status']).where('id', '=', event.transactionId).executeTakeFirst()
          if (!tx || tx.provider !== SANDBOX) {
            throw new ApiError({ type: 'InvalidParameterException', code: 'transaction_not_found', message: 'Unknown transaction' })
          }
          // A provider only reports on payouts it was asked for: a withdrawal not yet approved is not its to settle.
          if (tx.type === 'withdrawal' && tx.status === 'pending') {
            throw new ApiError({ type: 'InvalidParameterException', code: 'transaction_not_found', message: 'No payout was requested for this transaction' })
          }
          const fresh = await trx
            .insertInto('payment_webhook_events')
            .values({ provider: SANDBOX, event_id: event.eventId, transaction_id: event.transactionId })
            .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
            .returning('event_id')
            .executeTakeFirst()
          if (!fresh) return null
          return settleLocked(trx, event.transactionId, { status: event.status, reference: event.reference, failureCode: event.failureCode }, now())
        })
        if (!done) return { data: { received: true, duplicate: true, changed: false } }
        return { data: { received: true, duplicate: false, changed: done.changed, status: done.status } }
      } catch (err) {
        return sendError(err, request, reply)
      }
    })
  })
}

import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import { minorToMajor } from '../../src/shared/money'
import { clock, type Config } from '../config'
import { runTransaction } from '../db/transaction'
import { hashHandOffSecret, returnPath, settle, settleLocked, storeHandOff } from '../domain/payments/cashier'
import type { HandOff } from '../domain/payments/provider'
import { acceptPendingDeposit, asSeenAt, EXPIRED_FAILURE_CODE, expireDepositSessions, sessionExpired } from '../domain/payments/sessions'
import {
  chargeCard,
  luhnValid,
  SANDBOX,
  SANDBOX_PAY_PATH,
  SANDBOX_PHONE_PATH,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_WEBHOOK_PATH,
  SandboxProvider,
  sandboxSecret,
  signSandboxWebhook,
} from '../domain/payments/sandbox/provider'
import { assertSameOrigin, sendError } from '../api/registrar'

/**
 * The sandbox payment provider's HTTP face, mounted only while PAYMENT_PROVIDER is sandbox and never in
 * production; its routes are listed in docs/payments.md#its-http-face.
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
  /** The method's fee, taken from what arrives; '0.00' when none. */
  fee: string
  /** What reaches the account: amount - fee. */
  net: string
  methodName: string
  kind: string
  /** The masked requisite (wallet e-mail, IBAN). */
  requisite: string | null
  handOff: HandOff | null
  /** Why it ended when it did not succeed ('expired': the checkout session expired). */
  failureCode: string | null
  /** The cashier's result page of the transaction ({return_url}/{paysuccess|...}/{id}). */
  returnHref: string
}

interface CardProblems {
  card_number?: string
  card_holder?: string
  card_expiry?: string
}

const PAGE_STYLE = `*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#eef0f6;color:#1b1d26;min-height:100vh;display:flex;justify-content:center;padding:16px}
main{width:100%;max-width:420px;background:#fff;border-radius:14px;box-shadow:0 6px 28px rgba(20,24,40,.12);padding:24px;align-self:flex-start}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:20px 0 4px}
.amount{font-size:28px;font-weight:700;margin:8px 0}
.note{color:#545a6d;font-size:13px;margin:6px 0}
.facts{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:8px 0;font-size:14px}.facts dt{color:#545a6d}.facts dd{margin:0;font-variant-numeric:tabular-nums;word-break:break-all}
label{display:block;font-weight:600;margin:10px 0 4px}
input{width:100%;padding:10px 12px;border:1px solid #c5cad8;border-radius:8px;font:inherit}
input[aria-invalid=true]{border-color:#c92a2a}
.error{color:#c92a2a;margin:4px 0 0;font-size:13px}
button{font:inherit;padding:10px 14px;border-radius:8px;border:1px solid #c5cad8;background:#fff;color:#1b1d26;cursor:pointer;min-height:44px}
button.primary{background:#3b5bdb;border-color:#3b5bdb;color:#fff;width:100%;margin-top:14px}
a.button{display:flex;align-items:center;justify-content:center;min-height:44px;padding:10px 14px;border-radius:8px;background:#3b5bdb;color:#fff;font-weight:600;text-decoration:none;margin-top:14px}
a.button:focus-visible{outline:3px solid #8fa8ff;outline-offset:1px}
button.danger{color:#b02525}
.outcomes{display:grid;grid-template-columns:1fr 1fr;gap:8px}
button:focus-visible,input:focus-visible{outline:3px solid #8fa8ff;outline-offset:1px}`

function page(nonce: string, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>
${PAGE_STYLE}
</style>
</head>
<body>
<main>
${body}
</main>
${script ? `<script nonce="${escapeHtml(nonce)}">\n${script}\n</script>` : ''}
</body>
</html>`
}

/** Amount, fee and what arrives, as the provider's pages show them. */
function facts(tx: TxView): string {
  const hasFee = !/^0(\.0+)?$/.test(tx.fee)
  return `<dl class="facts">
  <dt>Method</dt><dd>${escapeHtml(tx.methodName)}${tx.requisite ? ` · ${escapeHtml(tx.requisite)}` : ''}</dd>
  ${hasFee ? `<dt>Fee</dt><dd data-testid="sandbox-fee">${escapeHtml(tx.fee)} ${escapeHtml(tx.currency)}</dd><dt>Credited</dt><dd data-testid="sandbox-net">${escapeHtml(tx.net)} ${escapeHtml(tx.currency)}</dd>` : ''}
  ${tx.handOff?.address ? `<dt>Address</dt><dd>${escapeHtml(tx.handOff.address)}</dd>` : ''}
  ${tx.handOff?.pay_amount ? `<dt>Send</dt><dd>${escapeHtml(tx.handOff.pay_amount.amount)} ${escapeHtml(tx.handOff.pay_amount.currency)}</dd>` : ''}
</dl>`
}

/** After an outcome chosen in a window of its own: the cashier's window follows the transaction. */
export function renderWindowDone(nonce: string, tx: TxView): string {
  const expired = tx.failureCode === EXPIRED_FAILURE_CODE
  const said = tx.status === 'success' ? 'Payment complete' : tx.status === 'pending' ? 'Payment submitted' : expired ? 'Payment session expired' : tx.status === 'cancelled' ? 'Payment cancelled' : 'Payment failed'
  return page(
    nonce,
    said,
    `<h1 data-testid="sandbox-window-done" data-status="${escapeHtml(tx.status)}"${expired ? ' data-failure="expired"' : ''}>${said}</h1>
<p class="amount">${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</p>
${expired ? '<p class="note">This payment was not completed in time. No money was taken.</p>\n' : ''}<p class="note">You can close this window; the site's page shows the result.</p>
<button type="button" id="close" class="primary">Close this window</button>`,
    `document.getElementById('close').addEventListener('click',function(){window.close();});`,
  )
}

export function renderSandboxPage(
  nonce: string,
  tx: TxView,
  values: { card_number?: string; card_holder?: string; card_expiry?: string },
  problems: CardProblems | null,
  inWindow = false,
): string {
  const pending = tx.status === 'pending'
  const windowField = inWindow ? '<input type="hidden" name="window" value="1">' : ''
  const windowUrl = `${SANDBOX_PAY_PATH}/${encodeURIComponent(tx.id)}?window=1`
  const err = (k: keyof CardProblems) => (problems?.[k] ? `<p class="error" id="${k}-error">${escapeHtml(problems[k]!)}</p>` : '')
  const inv = (k: keyof CardProblems) => (problems?.[k] ? ` aria-invalid="true" aria-describedby="${k}-error"` : '')
  const card =
    tx.kind === 'card'
      ? `<form method="post" class="card" novalidate>
  ${windowField}
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
  const intro =
    tx.kind === 'ewallet'
      ? 'Sandbox Wallet: log in and approve the payment.'
      : tx.kind === 'bank'
        ? 'Sandbox Bank: approve the transfer from your account.'
        : tx.kind === 'crypto'
          ? 'Sandbox Crypto: send the coins to the address below.'
          : 'A test provider: no real money moves.'
  const outcomes = `<form method="post" id="outcomes">
  ${windowField}
  <h2>Choose the outcome</h2>
  <div class="outcomes">
    <button type="submit" name="outcome" value="success">Success</button>
    <button type="submit" name="outcome" value="pending">Pending</button>
    <button type="submit" name="outcome" value="fail">Fail</button>
    <button type="submit" name="outcome" value="cancel">Cancel</button>
    ${
      inWindow
        ? ''
        : `<button type="submit" name="outcome" value="newwindow" data-window="${escapeHtml(windowUrl)}">New window</button>
    <button type="submit" name="outcome" value="mobile">Mobile</button>`
    }
  </div>
  ${inWindow ? '' : '<p class="note">New window: the payment continues in a window of its own while the site waits. Mobile: it is handed off to your phone.</p>'}
</form>`
  const notice = `<form method="post" action="${SANDBOX_PAY_PATH}/${encodeURIComponent(tx.id)}/notify">
  ${windowField}
  <h2>Provider notice (webhook)</h2>
  <p class="note">For a payment left pending: send the provider's signed notice now.</p>
  <div class="outcomes">
    <button type="submit" name="status" value="success">Confirm</button>
    <button type="submit" name="status" value="failed">Decline</button>
  </div>
</form>`
  // The 'New window' choice opens the provider's window on the click itself (a window opened
  // later is blocked), then this one goes back to the site's paynewwindow page.
  const script = `(function(){
var n=document.getElementById('card_number');if(n){n.addEventListener('input',function(){var d=n.value.replace(/\\D/g,'').slice(0,19);n.value=d.replace(/(\\d{4})(?=\\d)/g,'$1 ');});}
var w=document.querySelector('button[data-window]');if(w){w.addEventListener('click',function(){window.open(w.getAttribute('data-window'),'_blank');});}
})();`
  return page(
    nonce,
    'Sandbox payment',
    `<h1>Sandbox payment page</h1>
<p class="note">${escapeHtml(intro)}</p>
<p class="amount">${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</p>
${facts(tx)}
${pending ? `${card}\n${outcomes}\n${notice}` : ended(tx, inWindow)}`,
    script,
  )
}

/** The page of a transaction that ended: an expired session says so; both lead back to the site (or close, in a window of its own). */
function ended(tx: TxView, inWindow: boolean): string {
  const back = inWindow
    ? '<p class="note">You can close this window.</p>'
    : `<p><a class="button primary" href="${escapeHtml(tx.returnHref)}" data-testid="sandbox-return">Return to the site</a></p>`
  if (tx.failureCode === EXPIRED_FAILURE_CODE) {
    return `<h2 data-testid="sandbox-ended" data-status="${escapeHtml(tx.status)}" data-failure="expired">Payment session expired</h2>
<p>This payment was not completed in time, so it was cancelled. No money was taken; start a new deposit on the site.</p>
${back}`
  }
  return `<p data-testid="sandbox-ended" data-status="${escapeHtml(tx.status)}">This payment has ended: ${escapeHtml(tx.status)}.</p>
${back}`
}

/** The sandbox's 'phone': its app on the player's phone, where the hand-off is confirmed or declined. */
export function renderPhonePage(nonce: string, tx: TxView, code: string, done: 'success' | 'failed' | null): string {
  const endedAs = done ?? tx.status
  const title =
    endedAs === 'success' ? 'Payment confirmed' : endedAs === 'pending' ? 'Payment submitted' : tx.failureCode === EXPIRED_FAILURE_CODE ? 'Payment session expired' : 'Payment declined'
  const body =
    done !== null || tx.status !== 'pending'
      ? `<h1 data-testid="sandbox-phone-done" data-status="${escapeHtml(endedAs)}">${title}</h1>
<p class="amount">${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</p>
<p class="note">You can go back to the site; it shows the result.</p>`
      : `<h1>Sandbox Pay</h1>
<p class="note">A test phone app: no real money moves. Confirm this payment to Royal Ace?</p>
<p class="amount">${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</p>
${facts(tx)}
<form method="post">
  <input type="hidden" name="code" value="${escapeHtml(code)}">
  <div class="outcomes">
    <button type="submit" name="decision" value="confirm" class="primary" style="margin-top:0">Confirm</button>
    <button type="submit" name="decision" value="decline" class="danger">Decline</button>
  </div>
</form>`
  return page(nonce, 'Sandbox Pay', body)
}

const TX_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * A sandbox deposit as its pages show it at `now`: a checkout session the player left reads as
 * expired (asSeenAt, sessions.ts) without writing anything; `unwritten` says the expiry is derived
 * so far, for an action to record it (recordExpiry).
 */
async function readTx(app: FastifyInstance, id: string, now: Date) {
  if (!TX_ID.test(id)) return null
  const stored = await app.db
    .selectFrom('payment_transactions as t')
    .innerJoin('payment_methods as m', 'm.id', 't.method_id')
    .innerJoin('currencies as c', 'c.code', 't.currency')
    .select(['t.id', 't.status', 't.type', 't.amount', 't.fee', 't.currency', 't.return_url', 't.player_id', 't.provider', 't.requisite', 't.handoff', 't.handoff_secret_hash', 't.failure_code', 't.completed_at', 't.updated_at', 't.session_expires_at', 'c.exponent', 'm.name', 'm.kind'])
    .where('t.id', '=', id)
    .executeTakeFirst()
  if (!stored) return null
  const unwritten = sessionExpired(stored, now)
  const row = asSeenAt(stored, now)
  if (row.type !== 'deposit' || row.provider !== SANDBOX) return null
  const exponent = Number(row.exponent)
  const handOff = row.handoff ? ((typeof row.handoff === 'string' ? JSON.parse(row.handoff) : row.handoff) as HandOff) : null
  const view: TxView = {
    id: row.id,
    status: row.status,
    amount: minorToMajor(row.amount, exponent),
    currency: row.currency,
    fee: minorToMajor(row.fee, exponent),
    net: minorToMajor(row.amount - row.fee, exponent),
    methodName: row.name,
    kind: row.kind,
    requisite: row.requisite,
    handOff,
    failureCode: row.failure_code,
    returnHref: returnPath(row),
  }
  return { row, view, unwritten }
}

/**
 * An action on the page of an expired session (the player's choice, the phone's decision) records
 * the expiry the page already shows: the action is refused, and the row says why. Reads never write.
 */
async function recordExpiry(app: FastifyInstance, found: { row: { id: string }; unwritten: boolean }, now: Date): Promise<void> {
  if (found.unwritten) await expireDepositSessions(app.db, { id: found.row.id }, now)
}

/** The player's own sandbox deposit (the hosted page runs in the player's browser, with the session). */
async function loadTx(app: FastifyInstance, request: FastifyRequest, id: string, now: Date) {
  const playerId = (request as FastifyRequest & { playerId: bigint | null }).playerId
  if (playerId === null) return null
  const found = await readTx(app, id, now)
  return found && found.row.player_id === playerId ? found : null
}

/** A handed-off deposit opened on the phone: no session there, the hand-off's one-time code proves it. */
async function loadTxByCode(app: FastifyInstance, id: string, code: unknown, now: Date) {
  if (typeof code !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(code)) return null
  const found = await readTx(app, id, now)
  if (!found?.row.handoff_secret_hash) return null
  const expected = Buffer.from(found.row.handoff_secret_hash, 'hex')
  const given = Buffer.from(hashHandOffSecret(code), 'hex')
  return timingSafeEqual(expected, given) ? found : null
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>Not found</title><p>No such payment.</p>')
}

const html = (reply: FastifyReply, body: string, code = 200) => reply.code(code).type('text/html; charset=utf-8').send(body)

export function registerSandboxPay(app: FastifyInstance): void {
  if (!isSandboxPayEnabled(app.config)) return
  const now = clock(app.config)
  const provider = new SandboxProvider(app.config)

  /** The provider's signed notice about a transaction, sent to our own webhook as the provider would. */
  async function sendWebhook(transactionId: string, status: 'success' | 'failed'): Promise<boolean> {
    const body = JSON.stringify({ event_id: `evt_${randomBytes(12).toString('base64url')}`, transaction_id: transactionId, status })
    const res = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(sandboxSecret(app.config), body, now()) },
      payload: body,
    })
    return res.statusCode === 200
  }

  app.get<{ Params: { id: string }; Querystring: { window?: string } }>(`${SANDBOX_PAY_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const found = await loadTx(app, request, request.params.id, now())
    if (!found) return notFound(reply)
    return html(reply, renderSandboxPage(request.cspNonce, found.view, {}, null, request.query.window === '1'))
  })

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(`${SANDBOX_PAY_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    assertSameOrigin(request, app.config)
    const at = now()
    const found = await loadTx(app, request, request.params.id, at)
    if (!found) return notFound(reply)
    await recordExpiry(app, found, at)
    const { row } = found
    const body = (request.body ?? {}) as Record<string, unknown>
    const inWindow = body.window === '1'
    // In a window of its own the page says how it ended; the cashier's window follows the transaction.
    const finish = async (status: typeof row.status) => {
      if (!inWindow) return reply.redirect(returnPath({ ...row, status }), 303)
      const after = await readTx(app, row.id, now())
      return html(reply, renderWindowDone(request.cspNonce, after?.view ?? { ...found.view, status }))
    }
    if (row.status !== 'pending') return finish(row.status)
    const outcome = typeof body.outcome === 'string' ? body.outcome : ''
    if (outcome === 'success') return finish((await settle(app.db, row.id, { status: 'success' }, at)).status)
    if (outcome === 'fail') return finish((await settle(app.db, row.id, { status: 'failed', failureCode: 'declined' }, at)).status)
    if (outcome === 'cancel') return finish((await settle(app.db, row.id, { status: 'cancelled', failureCode: 'cancelled_by_player' }, at)).status)
    if (outcome === 'pending') {
      // The provider accepts the payment; the webhook settles it later, and its session no longer
      // expires. Refused when the session expired meanwhile: then the page follows that.
      if (await acceptPendingDeposit(app.db, row.id, at)) return finish(row.status)
      return finish((await readTx(app, row.id, at))?.row.status ?? row.status)
    }
    if (outcome === 'newwindow' && !inWindow) return reply.redirect(returnPath(row, 'paynewwindow'), 303)
    if (outcome === 'mobile' && !inWindow) {
      const { handOff, secret } = provider.handOff(row.id, null)
      await storeHandOff(app.db, row.id, handOff, secret)
      return reply.redirect(returnPath(row, 'paymobile'), 303)
    }
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
        return html(reply, renderSandboxPage(request.cspNonce, found.view, values, problems, inWindow), 422)
      }
      const charged = chargeCard(digits)
      if (charged.status === 'failed') {
        return finish((await settle(app.db, row.id, { status: 'failed', failureCode: charged.failureCode }, at)).status)
      }
      // The card is saved with the payment it made, in one transaction: a payment refused under the
      // lock (its session expired meanwhile, or it ended already) saves no card, and a crash leaves neither.
      const settled = await runTransaction(app.db, async (trx) => {
        const done = await settleLocked(trx, row.id, { status: 'success' }, at)
        if (!done.changed) return done
        // Only the token and the mask are kept; the number ends here.
        await trx
          .insertInto('saved_cards')
          .values({ player_id: row.player_id, provider: SANDBOX, token: charged.token, masked: charged.masked, brand: charged.brand, expires: values.card_expiry })
          .onConflict((oc) => oc.columns(['player_id', 'provider', 'masked']).doUpdateSet({ token: charged.token, expires: values.card_expiry }))
          .execute()
        return done
      })
      return finish(settled.status)
    }
    return html(reply, renderSandboxPage(request.cspNonce, found.view, {}, null, inWindow), 400)
  })

  app.post<{ Params: { id: string } }>(`${SANDBOX_PAY_PATH}/:id/notify`, async (request, reply) => {
    assertSameOrigin(request, app.config)
    const found = await loadTx(app, request, request.params.id, now())
    if (!found) return notFound(reply)
    const form = (request.body as Record<string, unknown> | undefined) ?? {}
    if (!(await sendWebhook(found.row.id, form.status === 'success' ? 'success' : 'failed'))) {
      return reply.code(502).type('text/plain').send('The webhook was refused.')
    }
    const after = await readTx(app, found.row.id, now())
    if (form.window === '1' && after) return html(reply, renderWindowDone(request.cspNonce, after.view))
    return reply.redirect(returnPath({ ...found.row, status: after?.row.status ?? found.row.status }), 303)
  })

  app.get<{ Params: { id: string }; Querystring: { code?: string } }>(`${SANDBOX_PHONE_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    reply.header('referrer-policy', 'no-referrer')
    const found = await loadTxByCode(app, request.params.id, request.query.code, now())
    if (!found) return notFound(reply)
    return html(reply, renderPhonePage(request.cspNonce, found.view, request.query.code!, null))
  })

  app.post<{ Params: { id: string } }>(`${SANDBOX_PHONE_PATH}/:id`, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    reply.header('referrer-policy', 'no-referrer')
    assertSameOrigin(request, app.config)
    const form = (request.body as Record<string, unknown> | undefined) ?? {}
    const found = await loadTxByCode(app, request.params.id, form.code, now())
    if (!found) return notFound(reply)
    await recordExpiry(app, found, now())
    if (found.row.status === 'pending') {
      const status = form.decision === 'confirm' ? 'success' : 'failed'
      if (!(await sendWebhook(found.row.id, status))) return reply.code(502).type('text/plain').send('The webhook was refused.')
    }
    const after = await readTx(app, found.row.id, now())
    return html(reply, renderPhonePage(request.cspNonce, after?.view ?? found.view, form.code as string, (after?.view.status as 'success' | 'failed' | undefined) ?? null))
  })

  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body))
    scope.post(SANDBOX_WEBHOOK_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        const raw = typeof request.body === 'string' ? request.body : ''
        // A forged, stale or malformed one throws WebhookRejected, answered 401 or 400.
        const event = provider.verifyWebhook(raw, request.headers, now())
        // Replay guard: an event id is handled once, in the same transaction as the settlement it
        // causes (a crash leaves neither); a replay answers 200 and changes nothing.
        const done = await runTransaction(app.db, async (trx) => {
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

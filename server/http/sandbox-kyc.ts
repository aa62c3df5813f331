import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { KYC_SDK_SOURCE, VERIFICATION_UPLOAD } from '../../src/services/api/contract/verification'
import { clock, type Config } from '../config'
import type { KycWebhookEvent } from '../domain/kyc/provider'
import {
  SANDBOX_KYC,
  SANDBOX_KYC_API_PATH,
  SANDBOX_KYC_MAX_DOCUMENTS,
  SANDBOX_KYC_SDK_PATH,
  SANDBOX_KYC_SIGNATURE_HEADER,
  SandboxKycProvider,
  SandboxKycRefusal,
  type SandboxReviewAnswer,
  type SdkTokenClaims,
} from '../domain/kyc/sandbox/provider'
import { kycWebhookPath } from '../domain/kyc/verification'

/**
 * The sandbox KYC provider's HTTP face, mounted only while KYC_PROVIDER is sandbox and never in
 * production: the web SDK's page the site frames, and the API behind it, authenticated by the SDK
 * token alone (never a cookie). Its routes and test ids are listed in docs/verification.md.
 */

export function isSandboxKycEnabled(config: Pick<Config, 'appEnv' | 'providers'>): boolean {
  return config.appEnv !== 'production' && config.providers.kyc === SANDBOX_KYC
}

const PAGE_STYLE = `*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#eef0f6;color:#1b1d26;min-height:100vh;display:flex;justify-content:center;padding:12px}
main{width:100%;max-width:480px;background:#fff;border-radius:14px;box-shadow:0 6px 28px rgba(20,24,40,.12);padding:20px;align-self:flex-start}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:20px 0 4px}
.note{color:#545a6d;font-size:13px;margin:6px 0}
.status{font-weight:600;margin:10px 0;padding:10px 12px;border-radius:8px;background:#f1f3f9}
.status[data-status=approved]{background:#e6f6ea;color:#1d6b32}.status[data-status=rejected],.status[data-status=expired]{background:#fdecec;color:#a11d1d}.status[data-status=resubmit]{background:#fff4df;color:#7a4b00}
.comment{margin:6px 0;padding:8px 12px;border-left:3px solid #d08a00;background:#fffaf0}
label{display:block;font-weight:600;margin:12px 0 4px}
select,input[type=text],input[type=file]{width:100%;padding:10px 12px;border:1px solid #c5cad8;border-radius:8px;font:inherit;background:#fff;min-height:44px}
.error{color:#b02525;margin:8px 0 0;font-size:14px}
button{font:inherit;padding:10px 14px;border-radius:8px;border:1px solid #c5cad8;background:#fff;color:#1b1d26;cursor:pointer;min-height:44px}
button:disabled{opacity:.55;cursor:not-allowed}
button.primary{background:#3b5bdb;border-color:#3b5bdb;color:#fff;width:100%;margin-top:14px}
button.danger{color:#b02525}
.row{display:flex;gap:8px;margin-top:10px}.row button{flex:1}
.outcomes{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:8px;margin-top:10px}
ul.docs{list-style:none;margin:8px 0 0;padding:0}ul.docs li{padding:8px 10px;border:1px solid #e0e3ec;border-radius:8px;margin-top:6px;word-break:break-word}
.reviewer{margin-top:20px;padding-top:4px;border-top:1px dashed #c5cad8}
@media (max-width:420px){body{padding:0}main{border-radius:0;box-shadow:none;padding:16px}}
button:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #8fa8ff;outline-offset:1px}`

/** The SDK's page: everything after the load happens in its script, with the token from the fragment. */
export function renderSdkPage(nonce: string): string {
  const script = `(function(){
var SOURCE=${JSON.stringify(KYC_SDK_SOURCE)},API=${JSON.stringify(SANDBOX_KYC_API_PATH)},MAX=${VERIFICATION_UPLOAD.maxBytes};
var LABELS={passport:'Passport',id_card:'ID card',driving_licence:'Driving licence'};
var SAID={loading:'Loading…',init:'Upload a photo or scan of your identity document.',pending:'Your documents are being reviewed.',approved:'Your identity is verified.',resubmit:'Please upload your document again.',rejected:'Your documents could not be accepted.',expired:'This session has expired. Reopen identity verification to go on.'};
function $(id){return document.getElementById(id);}
function tell(type){if(window.parent&&window.parent!==window){window.parent.postMessage({source:SOURCE,type:type},location.origin);}}
var token=new URLSearchParams(location.hash.slice(1)).get('token');
var view=null,busy=false;
function showError(text){$('error').textContent=text||'';$('error').hidden=!text;}
function size(n){return n<1024*1024?Math.max(1,Math.round(n/1024))+' KB':(n/1048576).toFixed(1)+' MB';}
function render(){
  var status=view?view.status:(token?'loading':'expired');
  var line=$('status');line.setAttribute('data-status',status);line.textContent=SAID[status]||'';
  var open=status==='init'||status==='resubmit';
  $('upload').hidden=!open;
  $('reviewer').hidden=status!=='pending';
  var comment=view&&(status==='resubmit'||status==='rejected')?view.comment:null;
  $('comment').hidden=!comment;$('comment').textContent=comment?'Reviewer: '+comment:'';
  var list=$('uploaded');list.textContent='';
  var docs=view&&open?view.documents:[];
  for(var i=0;i<docs.length;i++){var li=document.createElement('li');li.setAttribute('data-testid','kyc-uploaded');li.textContent=(LABELS[docs[i].doc_type]||docs[i].doc_type)+' · '+size(docs[i].byte_size);list.appendChild(li);}
  $('uploaded-none').hidden=docs.length>0;
  $('upload-button').disabled=busy;
  $('submit').disabled=busy||docs.length===0;
  var buttons=document.querySelectorAll('#reviewer button');for(var j=0;j<buttons.length;j++){buttons[j].disabled=busy;}
}
function expired(){token=null;view=null;render();showError('');tell('tokenExpired');}
function call(method,path,body,type){
  var headers={authorization:'Bearer '+token};if(type){headers['content-type']=type;}
  return fetch(API+path,{method:method,headers:headers,body:body,credentials:'omit',cache:'no-store'}).then(function(res){
    return res.json().catch(function(){return {};}).then(function(json){
      if(res.status===401){expired();throw null;}
      if(!res.ok){var e=new Error((json.error&&json.error.message)||'Something went wrong. Please try again.');e.status=res.status;throw e;}
      return json;
    });
  });
}
function act(run,after){
  if(busy||!token){return;}
  busy=true;showError('');render();
  run().then(function(json){busy=false;view=json.applicant;render();if(after){after();}},function(err){busy=false;render();if(err){showError(err.message);if(!err.status||err.status>=500){tell('error');}}});
}
$('upload-button').addEventListener('click',function(){
  var file=$('file').files[0];
  if(!file){showError('Choose a photo or scan of the document first.');$('file').focus();return;}
  if(file.size>MAX){showError('The file is larger than 10 MB. Choose a smaller photo or scan.');return;}
  act(function(){return call('POST','/documents?type='+encodeURIComponent($('doc-type').value),file,file.type||'application/octet-stream');},function(){$('file').value='';});
});
$('submit').addEventListener('click',function(){act(function(){return call('POST','/submit');},function(){tell('submitted');});});
function review(answer){act(function(){return call('POST','/review',JSON.stringify({answer:answer,comment:$('review-comment').value}),'application/json');},function(){$('review-comment').value='';tell('reviewed');});}
$('review-approve').addEventListener('click',function(){review('approve');});
$('review-resubmit').addEventListener('click',function(){review('resubmit');});
$('review-reject').addEventListener('click',function(){review('reject');});
tell('ready');
if(!token){expired();return;}
render();
call('GET','/applicant').then(function(json){view=json.applicant;render();},function(err){if(err){showError(err.message);tell('error');}});
})();`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Sandbox identity check</title>
<style>
${PAGE_STYLE}
</style>
</head>
<body>
<main>
<h1>Sandbox identity check</h1>
<p class="note">A test provider: upload any photo, then play the reviewer below. Nothing leaves this site.</p>
<p id="status" class="status" role="status" data-testid="kyc-status" data-status="loading">Loading…</p>
<p id="comment" class="comment" data-testid="kyc-comment" hidden></p>
<p id="error" class="error" role="alert" data-testid="kyc-error" hidden></p>
<section id="upload" hidden aria-labelledby="upload-title">
  <h2 id="upload-title">Your document</h2>
  <label for="doc-type">Document type</label>
  <select id="doc-type" data-testid="kyc-doc-type">
    <option value="passport">Passport</option>
    <option value="id_card">ID card</option>
    <option value="driving_licence">Driving licence</option>
  </select>
  <label for="file">Photo or scan (JPEG, PNG or WebP, up to 10 MB)</label>
  <input id="file" type="file" data-testid="kyc-file" accept="${VERIFICATION_UPLOAD.contentTypes.join(',')}">
  <div class="row"><button type="button" id="upload-button" data-testid="kyc-upload">Upload</button></div>
  <h2 id="uploaded-title">Uploaded</h2>
  <p id="uploaded-none" class="note">Nothing yet. Up to ${SANDBOX_KYC_MAX_DOCUMENTS} documents, for example both sides of an ID card.</p>
  <ul id="uploaded" class="docs" aria-labelledby="uploaded-title"></ul>
  <button type="button" id="submit" class="primary" data-testid="kyc-submit" disabled>Send for review</button>
</section>
<section id="reviewer" class="reviewer" hidden aria-labelledby="reviewer-title" data-testid="kyc-reviewer">
  <h2 id="reviewer-title">Sandbox reviewer</h2>
  <p class="note">Plays the provider's reviewer: the decision reaches the site as a signed webhook.</p>
  <label for="review-comment">Comment to the player (optional)</label>
  <input id="review-comment" type="text" maxlength="500" autocomplete="off">
  <div class="outcomes">
    <button type="button" id="review-approve" data-testid="kyc-review-approve">Approve</button>
    <button type="button" id="review-resubmit" data-testid="kyc-review-resubmit">Ask again</button>
    <button type="button" id="review-reject" class="danger" data-testid="kyc-review-reject">Reject</button>
  </div>
</section>
</main>
<script nonce="${nonce.replace(/[^A-Za-z0-9+/=]/g, '')}">
${script}
</script>
</body>
</html>`
}

type Refusal = { status: number; code: string; message: string }

const refuse = (reply: FastifyReply, r: Refusal) => reply.code(r.status).header('cache-control', 'no-store').send({ error: { code: r.code, message: r.message } })

/** Fastify's own refusals of a body, in the sandbox API's words. */
function bodyRefusal(err: FastifyError, upload: boolean): Refusal | null {
  if (err.statusCode === 413) {
    return upload
      ? { status: 413, code: 'file_too_large', message: 'The file is larger than 10 MB. Choose a smaller photo or scan.' }
      : { status: 413, code: 'body_too_large', message: 'The request is too large.' }
  }
  if (err.statusCode === 415) {
    return upload
      ? { status: 415, code: 'not_an_image', message: 'This file is not a photo or scan we can read. Choose a JPEG, PNG or WebP image.' }
      : { status: 415, code: 'unsupported_media_type', message: 'Send JSON.' }
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) return { status: 400, code: 'bad_request', message: 'The request could not be read.' }
  return null
}

const REVIEW_ANSWERS: readonly SandboxReviewAnswer[] = ['approve', 'resubmit', 'reject']

export function registerSandboxKyc(app: FastifyInstance): void {
  if (!isSandboxKycEnabled(app.config)) return
  const now = clock(app.config)
  const provider = new SandboxKycProvider(app.config, app.db)
  const claimsOf = new WeakMap<FastifyRequest, SdkTokenClaims>()

  /** The provider's signed notice, sent to our own webhook as the provider would; false when refused. */
  async function sendWebhook(request: FastifyRequest, event: KycWebhookEvent | null): Promise<boolean | null> {
    if (!event) return null
    const body = provider.webhookBody(event)
    const res = await app.inject({
      method: 'POST',
      url: kycWebhookPath(SANDBOX_KYC),
      headers: { 'content-type': 'application/json', [SANDBOX_KYC_SIGNATURE_HEADER]: provider.signWebhook(body, now()) },
      payload: body,
    })
    // A real provider keeps the decision and retries; the sandbox says so in its log.
    if (res.statusCode !== 200) request.log.warn({ status: res.statusCode, type: event.type }, 'sandbox KYC webhook refused')
    return res.statusCode === 200
  }

  app.get(SANDBOX_KYC_SDK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    // The token travels in the fragment; nothing on this page may hand it to another site.
    reply.header('referrer-policy', 'no-referrer')
    return reply.type('text/html; charset=utf-8').send(renderSdkPage(request.cspNonce))
  })

  void app.register(async (scope) => {
    // Only what each route takes: images for uploads, JSON for the reviewer; anything else is a 415.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser([...VERIFICATION_UPLOAD.contentTypes], { parseAs: 'buffer', bodyLimit: VERIFICATION_UPLOAD.maxBytes }, (_req, body, done) => done(null, body))
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body))

    // The SDK token, before the body is read: an upload without one is refused unread. Never a cookie.
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const given = /^Bearer (\S{1,600})$/.exec(request.headers.authorization ?? '')?.[1]
      const claims = given ? provider.readToken(given, now()) : null
      if (claims === 'expired') return refuse(reply, { status: 401, code: 'token_expired', message: 'This session has expired. Reopen identity verification to go on.' })
      if (!claims) return refuse(reply, { status: 401, code: 'invalid_token', message: 'A valid access token is required.' })
      claimsOf.set(request, claims)
    })

    scope.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof SandboxKycRefusal) return refuse(reply, err)
      const upload = request.url.startsWith(`${SANDBOX_KYC_API_PATH}/documents`)
      const known = bodyRefusal(err, upload)
      if (known) return refuse(reply, known)
      request.log.error({ err }, 'sandbox KYC API failed')
      return refuse(reply, { status: 500, code: 'internal', message: 'Something went wrong. Please try again.' })
    })

    const applicantOf = (request: FastifyRequest) => claimsOf.get(request)!.applicantId

    scope.get(`${SANDBOX_KYC_API_PATH}/applicant`, async (request) => {
      const view = await provider.applicant(applicantOf(request))
      if (!view) throw new SandboxKycRefusal(404, 'applicant_not_found', 'No such applicant.')
      return { applicant: view }
    })

    scope.post<{ Querystring: { type?: string } }>(`${SANDBOX_KYC_API_PATH}/documents`, { bodyLimit: VERIFICATION_UPLOAD.maxBytes }, async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new SandboxKycRefusal(400, 'no_file', 'Choose a photo or scan of the document first.')
      return { applicant: await provider.addDocument(applicantOf(request), { docType: String(request.query.type ?? ''), content: request.body, now: now() }) }
    })

    scope.post(`${SANDBOX_KYC_API_PATH}/submit`, { bodyLimit: 4096 }, async (request) => {
      const { view, event } = await provider.submit(applicantOf(request), now())
      return { applicant: view, webhook_delivered: await sendWebhook(request, event) }
    })

    scope.post(`${SANDBOX_KYC_API_PATH}/review`, { bodyLimit: 4096 }, async (request) => {
      let body: { answer?: unknown; comment?: unknown } = {}
      try {
        body = typeof request.body === 'string' ? (JSON.parse(request.body) as typeof body) : {}
      } catch {
        throw new SandboxKycRefusal(400, 'bad_request', 'The request could not be read.')
      }
      const answer = REVIEW_ANSWERS.find((a) => a === body?.answer)
      if (!answer) throw new SandboxKycRefusal(400, 'bad_answer', 'The answer is approve, resubmit or reject.')
      const comment = typeof body.comment === 'string' ? body.comment.trim() : ''
      if (comment.length > 500 || /\p{Cc}/u.test(comment)) throw new SandboxKycRefusal(400, 'bad_comment', 'The comment is up to 500 characters of plain text.')
      const { view, event } = await provider.review(applicantOf(request), answer, comment || null, now())
      return { applicant: view, webhook_delivered: await sendWebhook(request, event) }
    })
  })
}

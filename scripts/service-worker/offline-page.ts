// The offline page, one per locale, written at build time and precached by the service worker.
// Its strings are the Lingui catalog's (src/ui/offline/offline.messages.ts); the theme comes from
// the theme cookie through offline.js, since the page's CSP allows no inline script.

export interface OfflinePageText {
  readonly title: string
  readonly heading: string
  readonly body: string
  readonly retry: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export function offlinePageHtml(locale: string, text: OfflinePageText, scriptSrc: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root{color-scheme:dark;--bg:#0f1218;--surface:#181c24;--text:#eef1f6;--muted:#a3acbb;--accent:#f5b300;--accent-text:#14171d}
[data-theme=light]{color-scheme:light;--bg:#f5f6f8;--surface:#ffffff;--text:#14171d;--muted:#4d5565}
html,body{margin:0;min-height:100%;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:0 auto;padding:20vh 1.5rem 2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{color:var(--muted);margin:0 0 1.5rem}
button{font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.75rem 1.5rem;min-height:44px;background:var(--accent);color:var(--accent-text);cursor:pointer}
button:focus-visible{outline:3px solid var(--text);outline-offset:2px}
</style>
</head>
<body>
<main data-testid="offline-page">
<h1>${escapeHtml(text.heading)}</h1>
<p>${escapeHtml(text.body)}</p>
<button type="button" id="offline-retry">${escapeHtml(text.retry)}</button>
</main>
<script src="${escapeHtml(scriptSrc)}"></script>
</body>
</html>
`
}

/**
 * offline.js: the player's theme from its cookie, and a reload on "Try again" or when the network is
 * back. A reload that came too soon (the 'online' event fires before requests go through again, or
 * the site itself is unreachable) lands here once more with the browser online and no event to
 * come: then it tries again by itself, 1 s, 2 s, 4 s ... up to a minute apart.
 */
export function offlineScript(themeCookie: string): string {
  return `(function () {
  var m = document.cookie.match(/(?:^|; )${themeCookie}=([^;]*)/);
  if (m && (m[1] === 'light' || m[1] === 'dark')) document.documentElement.dataset.theme = m[1];
  var again = function () { location.reload(); };
  document.getElementById('offline-retry').addEventListener('click', again);
  addEventListener('online', again);
  if (!navigator.onLine) return;
  var tries = 0;
  try {
    var last = JSON.parse(sessionStorage.getItem('offline-retries') || 'null');
    if (last && Date.now() - last.at < 120000) tries = last.tries + 1;
    sessionStorage.setItem('offline-retries', JSON.stringify({ tries: tries, at: Date.now() }));
  } catch (e) {}
  setTimeout(again, Math.min(60000, 1000 * Math.pow(2, tries)));
})();
`
}

// Vike renders this page only when a render hook itself failed; +onRenderHtml then answers with a
// plain error document (bareError), so nothing here is ever shown. Its existence makes Vike call
// our hook instead of printing its own text.
export default function ErrorPage() {
  return null
}

// The embeddable /forms pages (SPEC §2.1, §2.3), which both the frame messages and the flows that
// hear them need to recognise.

/** /forms/... bare or under a locale: the pages meant to live in a frame. */
export function isFormsPath(path: string): boolean {
  return /^\/(?:[a-z]{2}\/)?forms(?:\/|$)/.test(path)
}

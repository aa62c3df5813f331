// The one table `npm run bench` prints, as aligned text for the terminal and as markdown for the README.

export const TABLE_HEADERS = ['Part', 'Target', 'Figures', 'Goal', 'Status'] as const
export type Row = readonly [string, string, string, string, string]

/** Columns padded to their widest cell, a rule under the header; widths count characters. */
export function textTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) => widths.map((w, i) => (cells[i] ?? '').padEnd(w)).join(' | ').trimEnd()
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n')
}

/** A pipe in a cell would end it early in markdown, so it is escaped. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|')
  const line = (cells: readonly string[]) => `| ${headers.map((_, i) => cell(cells[i] ?? '')).join(' | ')} |`
  return [line(headers), `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n')
}

import { describe, expect, it } from 'vitest'
import { serializeState } from './dehydrated'

describe('dehydrated state', () => {
  it('cannot close its script tag or break JSON parsing, whatever the data holds', () => {
    const hostile = '</script><script>alert(1)</script>\u2028\u2029<!--'
    const out = serializeState({ locale: 'en', basename: '', app: { note: hostile }, publicUrl: 'http://x', appEnv: 'demo' })
    expect(out).not.toContain('</script')
    expect(out).not.toContain('<!--')
    expect(JSON.parse(out).app.note).toBe(hostile)
  })
})

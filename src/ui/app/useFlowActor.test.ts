import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    // Tests and their helpers (`<area>-test-page.tsx`) start actors for the views under test, not for a page.
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/-test-[a-z]+\.tsx?$/.test(name) ? [path] : []
  })
}

describe('flows started by views', () => {
  it('go through useFlowActor or pass the inspection observer, so the inspector and e2e coverage see them', () => {
    const offenders: string[] = []
    for (const file of [...sources('src/ui'), ...sources('src/routes')]) {
      if (file.endsWith('useFlowActor.ts')) continue
      // The server's per-request root actor: it lives only to render the page, nothing inspects it.
      const serverOnly = /export function startServerAppActor/.test(readFileSync(file, 'utf8'))
      const text = readFileSync(file, 'utf8')
      if (/\buseActorRef\(/.test(text) || /\buseMachine\(/.test(text)) offenders.push(`${file}: use useFlowActor`)
      for (const call of text.matchAll(/createActor\(([\s\S]*?)\)\.start\(\)/g)) {
        if (!/inspect/.test(call[1]!) && !(serverOnly && /serverAppMachine/.test(call[1]!))) offenders.push(`${file}: createActor without inspect`)
      }
    }
    expect(offenders).toEqual([])
  })
})

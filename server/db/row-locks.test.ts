import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * A row lock on a query that reads several tables locks a row of each unless it names its table
 * (`FOR UPDATE OF t`). Locking the payment method joined to a withdrawal locked the one method
 * row every player's withdrawal refers to, and withdrawals deadlocked on it. This reads the
 * server's queries and refuses any lock on a join that does not say which table it means.
 */

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path)
    return e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : []
  })
}

/** Locks on joins that name no table, as `file: query text`, in Kysely chains and in SQL text. */
function unnamedJoinLocks(file: string, text: string): string[] {
  const found: string[] = []
  // Kysely: .forUpdate() / .forNoKeyUpdate() / .forShare() / .forKeyShare() with no table, back to
  // the selectFrom that starts the chain.
  for (const m of text.matchAll(/\.for(?:Update|NoKeyUpdate|Share|KeyShare)\(\s*\)/g)) {
    const start = text.lastIndexOf('selectFrom(', m.index)
    const chain = start < 0 ? '' : text.slice(start, m.index)
    if (/\b(?:inner|left|right|full|cross)?Join(?:Lateral)?\(/i.test(chain)) found.push(`${file}: ${chain.replace(/\s+/g, ' ').slice(0, 160)}`)
  }
  // SQL text: FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE not followed by OF, back to its select.
  for (const m of text.matchAll(/\bfor\s+(?:no\s+key\s+update|update|key\s+share|share)\b(?!\s+of\b)/gi)) {
    const start = text.toLowerCase().lastIndexOf('select ', m.index)
    const statement = start < 0 ? '' : text.slice(start, m.index)
    if (/\bjoin\b/i.test(statement)) found.push(`${file}: ${statement.replace(/\s+/g, ' ').slice(0, 160)}`)
  }
  return found
}

describe('row locks', () => {
  it('no query locks the rows of a join without naming the table it means', () => {
    const found = sources(serverDir).flatMap((path) => unnamedJoinLocks(relative(serverDir, path), readFileSync(path, 'utf8')))
    expect(found).toEqual([])
  })

  it('the check sees such locks in Kysely chains and in SQL text, and lets named ones pass', () => {
    const chain = `trx.selectFrom('payment_transactions as t').innerJoin('payment_methods as m', 'm.id', 't.method_id').select(['t.id']).where('t.id', '=', id).forUpdate().executeTakeFirst()`
    expect(unnamedJoinLocks('a.ts', chain)).toHaveLength(1)
    expect(unnamedJoinLocks('a.ts', chain.replace('.forUpdate()', ".forUpdate('t')"))).toEqual([])
    expect(unnamedJoinLocks('a.ts', `trx.selectFrom('wallets').select('id').where('id', '=', 1).forUpdate().execute()`)).toEqual([])
    const text = 'sql`select t.id from payment_transactions t join payment_methods m on m.id = t.method_id where t.id = ${id} for no key update`'
    expect(unnamedJoinLocks('b.ts', text)).toHaveLength(1)
    expect(unnamedJoinLocks('b.ts', text.replace('for no key update', 'for no key update of t'))).toEqual([])
  })
})

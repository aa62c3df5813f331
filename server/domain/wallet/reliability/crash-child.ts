// A server that dies in the middle of settling a deposit: run by crash.test.ts, SIGKILLed while
// its transaction is open. It prints PAUSED once the settlement has written and holds still.
import { openDatabase } from '../../../db/database'
import { credit } from '../seamless'

const [url, schema, playerId, transactionId, stage] = process.argv.slice(2) as [string, string, string, string, 'first-write' | 'all-writes']
const database = await openDatabase({ dataDir: '', databaseUrl: url, databaseSchema: schema })
const hold = async () => {
  process.stdout.write('PAUSED\n')
  await new Promise(() => {})
}
const request = { provider: 'cashier', transactionId, playerId: BigInt(playerId), currency: 'USD', amount: '250.00', kind: 'deposit' as const }
const options = { now: new Date(), sessionPolicy: { idleTimeoutMs: 60_000, absoluteTimeoutMs: 3_600_000 } }
if (stage === 'first-write') {
  await credit(database.db, request, { ...options, afterFirstWrite: hold })
} else {
  // Every row written (request, ledger entry, balance), the commit not yet sent.
  await database.db.transaction().execute(async (trx) => {
    await credit(trx, request, options)
    await hold()
  })
}

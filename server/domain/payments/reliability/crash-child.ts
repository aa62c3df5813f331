// A server that dies in the middle of settling a payment: run by crash.test.ts, SIGKILLed while
// its transaction is open. It prints PAUSED once the settlement has written and holds still.
import { openDatabase } from '../../../db/database'
import { settleLocked } from '../cashier'

const [url, schema, transactionId, eventId] = process.argv.slice(2) as [string, string, string, string]
const database = await openDatabase({ dataDir: '', databaseUrl: url, databaseSchema: schema })
// As the webhook handler does: the event row and the settlement in one transaction.
await database.db.transaction().execute(async (trx) => {
  await trx.insertInto('payment_webhook_events').values({ provider: 'sandbox', event_id: eventId, transaction_id: transactionId }).execute()
  await settleLocked(trx, transactionId, { status: 'success' }, new Date())
  process.stdout.write('PAUSED\n')
  await new Promise(() => {})
})

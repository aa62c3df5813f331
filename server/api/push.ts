import type { FastifyInstance } from 'fastify'
import { getPushSettings, PUSH_ERROR_CODE, PUSH_TOPICS, setPushTopics, subscribePush, unsubscribePush, type PushSettings, type PushTopic } from '../../src/services/api/contract/push'
import { ApiError } from '../../src/shared/errors'
import {
  createPushSender,
  noticePayments,
  pushSettings,
  PushSubscriptionRefused,
  removePushSubscription,
  savePushSubscription,
  setPushTopics as saveTopics,
  vapidKeys,
  type PushSender,
} from '../domain/push/notices'
import { clock } from '../config'
import { registerCall } from './registrar'

const senders = new WeakMap<object, PushSender>()

/** The app's one push sender (its deliveries awaited on close), shared by the parts that notify. */
export function pushSenderOf(app: FastifyInstance): PushSender {
  const root = app.config
  let sender = senders.get(root)
  if (!sender) {
    sender = createPushSender(app.config, app.log)
    senders.set(root, sender)
  }
  return sender
}

/** Web push of the account area (player-only, under /api/account): docs/push.md. */
export function pushCalls(app: FastifyInstance): void {
  const keys = vapidKeys(app.config)
  const sender = pushSenderOf(app)
  app.addHook('onClose', () => sender.idle())
  // On one instance: the payments settled since the last run, told by push to whoever wants it.
  app.jobs.register({
    name: 'push-payment-notices',
    everyMs: 15_000,
    runOnStart: false,
    run: async () => {
      const now = clock(app.config)
      while ((await noticePayments(app.db, sender, now())) === 100);
    },
  })
  const settings = async (db: Parameters<typeof pushSettings>[0], playerId: bigint): Promise<PushSettings> => ({ public_key: keys?.publicKey ?? '', ...(await pushSettings(db, playerId)) })

  registerCall(app, getPushSettings, async ({ db, playerId }) => settings(db, playerId))

  registerCall(app, subscribePush, async ({ db, playerId, params, now }) => {
    if (!keys) throw new ApiError({ type: 'ApplicationUnavailableException', code: PUSH_ERROR_CODE.unavailable, message: 'Push notifications are not set up on this site.' })
    try {
      await savePushSubscription(db, app.config, playerId, params, now)
    } catch (err) {
      if (!(err instanceof PushSubscriptionRefused)) throw err
      const code = err.field === 'endpoint' ? PUSH_ERROR_CODE.endpoint : PUSH_ERROR_CODE.key
      throw new ApiError({ type: 'InvalidParameterException', code, message: err.message, invalidParameters: { [err.field]: [code] } })
    }
    return settings(db, playerId)
  })

  registerCall(app, unsubscribePush, async ({ db, playerId, params }) => {
    await removePushSubscription(db, playerId, params.endpoint)
    return settings(db, playerId)
  })

  registerCall(app, setPushTopics, async ({ db, playerId, params }) => {
    const topics = params.topics.split(',').filter((t): t is PushTopic => (PUSH_TOPICS as readonly string[]).includes(t))
    await saveTopics(db, playerId, topics)
    return settings(db, playerId)
  })
}

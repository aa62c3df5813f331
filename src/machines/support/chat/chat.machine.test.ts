import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { chatMachine } from './chat.machine'
import { answered, asked, chatOutcomes, chatSamples, filterChatEvents, QUESTION, serializeChat, throttled, tooLong, type ChatOutcome } from './chat.samples'
import { selectChatAlert, selectChatDraft, selectChatDraftError, selectChatMessages, selectChatOutbox, selectChatStatus, selectChatUnread } from './chat.selectors'
import type { ChatEvent, ChatInput, LoadThreadInput, LoadThreadResult, MarkReadInput, MarkReadResult, SendChatInput, SendChatResult } from './chat.types'

type Snapshot = SnapshotFrom<typeof chatMachine>

function startSut(input: ChatInput) {
  const load = controllable<LoadThreadInput, LoadThreadResult>()
  const send = controllable<SendChatInput, SendChatResult>()
  const read = controllable<MarkReadInput, MarkReadResult>()
  const errors: unknown[] = []
  const machine = chatMachine.provide({
    actors: { loadThread: load.actor, sendMessage: send.actor, markRead: read.actor },
    actions: { reportError: (_, params) => void errors.push(params.error) },
  })
  const ref = createActor(machine, { input }).start()
  return { ref, load, send, read, errors }
}
type Sut = ReturnType<typeof startSut>

const deliver = (sut: Sut, event: ChatEvent) => sut.ref.send(event)
const gestures = {
  'session.change': deliver, // login, registration or logout
  'support.notice': deliver, // the socket's notice
  'chat.open': deliver, // the support page or the launcher shows the panel
  'chat.close': deliver, // the panel is left
  'chat.draft.change': deliver, // typing
  'chat.send': deliver, // 'Send', or Enter
  'chat.retry': deliver, // 'Retry'
} satisfies GestureTable<ChatEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadThread', (sut: Sut) => sut.load),
  ...settleGestures('syncThread', (sut: Sut) => sut.load),
  ...settleGestures('sendMessage', (sut: Sut) => sut.send),
  ...settleGestures('markRead', (sut: Sut) => sut.read),
} satisfies GestureTable<ChatOutcome, Sut, Snapshot>

function harnessFor(input: ChatInput) {
  return new ModelHarness<typeof chatMachine, Sut, ChatOutcome>({
    machine: chatMachine,
    input,
    events: (s) => [...fixtureEvents<ChatEvent, Snapshot>(chatSamples, s), ...fixtureEvents<ChatOutcome, Snapshot>(chatOutcomes, s)],
    filterEvents: (s, e) => {
      // A visitor's set-up stops at the login: the player's walks the rest, logout and login again included.
      if (!input.loggedIn && s.matches('player')) return false
      return filterChatEvents(s as never, e)
    },
    serializeState: serializeChat,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeChat(s)).toBe(serializeChat(state))
      const { broken, rule } = ruleCollector()
      const messages = selectChatMessages(s)
      rule('messages oldest first, each once', messages.every((m, i) => i === 0 || messages[i - 1]!.id < m.id))
      rule('a visitor sees no conversation and no count', s.matches('player') || (messages.length === 0 && selectChatUnread(s) === 0 && selectChatOutbox(s).length === 0))
      rule('at most one message on its way', (s.children.sendMessage ? 1 : 0) <= 1)
      if (s.children.sendMessage && from && !from.children.sendMessage) {
        const sent = sut.send.calls.at(-1)
        rule('only a message with text is sent', !!sent && sent.body.trim() !== '')
      }
      if (from && event?.type === 'chat.send' && s.matches('player'))
        rule(
          'a message sent or refused loses nothing typed',
          selectChatDraftError(s) === null ? selectChatDraft(s) === '' && selectChatOutbox(s).length > selectChatOutbox(from).length : selectChatDraft(s) === selectChatDraft(from),
        )
      if (s.matches({ player: { outbox: 'failed' } })) rule('failed shows an alert', selectChatAlert(s) !== null)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'chatMachine',
  { 'a player': harnessFor({ loggedIn: true, keyPrefix: 'model-page' }), 'a visitor': harnessFor({ loggedIn: false, keyPrefix: 'model-page' }) },
  { minShortestPaths: { 'a player': 10, 'a visitor': 0 }, timeoutMs: 120_000, reach: 'together' },
)

describe('support chat', () => {
  it('counts from the socket without reading, reads on opening, and marks the answer read', async () => {
    const sut = startSut({ loggedIn: true, keyPrefix: 'page-a' })
    sut.ref.send({ type: 'support.notice', unread: 1, lastId: 2 })
    expect(selectChatUnread(sut.ref.getSnapshot())).toBe(1)
    expect(sut.load.calls).toEqual([])
    sut.ref.send({ type: 'chat.open' })
    expect(sut.load.calls).toEqual([{ after: null }])
    sut.load.resolve({ ok: true, messages: [asked, answered], unread: 1, read_through: 1 })
    await flush()
    expect(selectChatStatus(sut.ref.getSnapshot())).toBe('shown')
    expect(sut.read.calls).toEqual([{ through: 2 }])
    sut.read.resolve({ ok: true, unread: 0 })
    await flush()
    expect(selectChatUnread(sut.ref.getSnapshot())).toBe(0)
  })

  it('shows a message at once, keeps its key through a retry, and puts a refused text back', async () => {
    const sut = startSut({ loggedIn: true, keyPrefix: 'page-b' })
    sut.ref.send({ type: 'chat.open' })
    sut.load.resolve({ ok: true, messages: [], unread: 0, read_through: 0 })
    await flush()
    sut.ref.send({ type: 'chat.draft.change', value: `  ${QUESTION}\u0007 ` })
    sut.ref.send({ type: 'chat.send' })
    expect(selectChatOutbox(sut.ref.getSnapshot())).toEqual([{ key: 'page-b-1', body: QUESTION, failed: false }])
    sut.send.resolve(throttled)
    await flush()
    expect(selectChatAlert(sut.ref.getSnapshot())?.messageId).toBe('tooMany')
    expect(selectChatOutbox(sut.ref.getSnapshot())[0]?.failed).toBe(true)
    sut.ref.send({ type: 'chat.retry' })
    expect(sut.send.calls.map((c) => c.key)).toEqual(['page-b-1', 'page-b-1'])
    sut.send.resolve(tooLong)
    await flush()
    expect(selectChatDraft(sut.ref.getSnapshot())).toBe(QUESTION)
    expect(selectChatDraftError(sut.ref.getSnapshot())?.rule).toBe('maxLength')
    sut.ref.send({ type: 'chat.send' })
    sut.send.resolve({ ok: true, message: asked })
    await flush()
    expect(selectChatMessages(sut.ref.getSnapshot()).map((m) => m.id)).toEqual([1])
    expect(selectChatOutbox(sut.ref.getSnapshot())).toEqual([])
  })

  it('refuses an empty or control-only message without sending, and forgets everything at logout', async () => {
    const sut = startSut({ loggedIn: true, keyPrefix: 'page-c' })
    sut.ref.send({ type: 'chat.draft.change', value: ' \u0000\u200b ' })
    sut.ref.send({ type: 'chat.send' })
    expect(selectChatDraftError(sut.ref.getSnapshot())?.rule).toBe('required')
    expect(sut.send.calls).toEqual([])
    sut.ref.send({ type: 'support.notice', unread: 2, lastId: 5 })
    sut.ref.send({ type: 'session.change', loggedIn: false })
    expect(selectChatUnread(sut.ref.getSnapshot())).toBe(0)
    expect(selectChatStatus(sut.ref.getSnapshot())).toBe('visitor')
  })
})

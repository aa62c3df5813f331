// The public socket both sportsbook flows listen on: one connection per page, shared.
import { TopicSocket } from '../../services/socket/topics'

let socket: TopicSocket | null = null

/** Subscribes to a public topic on the page's shared socket; returns the unsubscribe. */
export function followTopic(topic: string, listener: (data: unknown) => void): () => void {
  socket ??= new TopicSocket()
  return socket.subscribe(topic, listener)
}

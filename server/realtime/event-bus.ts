import type { RealtimeEvent } from "#domain/realtime.ts";

/** One open stream of a user, as the bus sees it. */
export interface RealtimeSubscriber {
  /** One event for the stream's user. */
  deliver(event: RealtimeEvent): void;
  /**
   * The bus may have missed events for this stream (its database listener dropped and came
   * back): the stream ends, so the client reconnects and refetches what it shows.
   */
  end(): void;
}

/**
 * Delivers realtime events to the streams of the users they are for. Services publish after
 * their transaction committed (an event about a rolled-back change would make clients refetch
 * nothing new, harmless but wasteful); `publish` never throws, because a lost hint must not
 * fail the request that caused it.
 */
export interface EventBus {
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(userId: string, subscriber: RealtimeSubscriber): () => void;
  /**
   * Sees every event this process receives, for any user (the session cache listens for
   * "sessions"). Returns the function that stops it.
   */
  watch(listener: (userId: string, event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

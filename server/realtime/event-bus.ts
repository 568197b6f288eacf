import type { RealtimeEvent } from "#domain/realtime.ts";

/** Receives the events of one user while their stream is open. */
export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * Delivers realtime events to the streams of the users they are for. Services publish after
 * their transaction committed (an event about a rolled-back change would make clients refetch
 * nothing new, harmless but wasteful); `publish` never throws, because a lost hint must not
 * fail the request that caused it.
 */
export interface EventBus {
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

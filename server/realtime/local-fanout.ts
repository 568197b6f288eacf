import type { RealtimeEvent } from "#domain/realtime.ts";
import type { RealtimeSubscriber } from "./event-bus.ts";

/**
 * The streams open on this server process, by user. `deliver` hands an event to every stream of
 * its user here; which process's events arrive is the bus's business.
 */
export class LocalFanout {
  readonly #subscribers = new Map<string, Set<RealtimeSubscriber>>();
  readonly #watchers = new Set<(userId: string, event: RealtimeEvent) => void>();

  watch(listener: (userId: string, event: RealtimeEvent) => void): () => void {
    this.#watchers.add(listener);
    return () => this.#watchers.delete(listener);
  }

  subscribe(userId: string, subscriber: RealtimeSubscriber): () => void {
    let subscribers = this.#subscribers.get(userId);
    if (!subscribers) {
      subscribers = new Set();
      this.#subscribers.set(userId, subscribers);
    }
    subscribers.add(subscriber);
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) this.#subscribers.delete(userId);
    };
  }

  deliver(userId: string, event: RealtimeEvent): void {
    for (const watcher of this.#watchers) watcher(userId, event);
    for (const subscriber of this.#subscribers.get(userId) ?? []) subscriber.deliver(event);
  }

  /** Ends every stream (each unsubscribes as it closes). */
  endAll(): void {
    for (const subscribers of [...this.#subscribers.values()]) {
      for (const subscriber of [...subscribers]) subscriber.end();
    }
  }
}

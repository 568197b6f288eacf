import type { RealtimeEvent } from "#domain/realtime.ts";
import type { EventBus, RealtimeListener } from "./event-bus.ts";

/**
 * The streams open on this server process, by user. `deliver` hands an event to every stream of
 * its user here; which process's events arrive is the bus's business.
 */
export class LocalFanout {
  readonly #listeners = new Map<string, Set<RealtimeListener>>();

  subscribe(userId: string, listener: RealtimeListener): () => void {
    let listeners = this.#listeners.get(userId);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(userId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(userId);
    };
  }

  deliver(userId: string, event: RealtimeEvent): void {
    for (const listener of this.#listeners.get(userId) ?? []) listener(event);
  }

  get streamCount(): number {
    let count = 0;
    for (const listeners of this.#listeners.values()) count += listeners.size;
    return count;
  }
}

/** A bus for one process: what it publishes reaches only its own streams. */
export function createProcessEventBus(): EventBus {
  const fanout = new LocalFanout();
  return {
    async publish(userId, event) {
      fanout.deliver(userId, event);
    },
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    async close() {},
  };
}

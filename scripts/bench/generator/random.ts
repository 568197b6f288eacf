// Deterministic randomness for the bench data: the same seed gives the same rows, byte for byte,
// so two runs of the bench measure the same database.

/** murmur3's 32-bit finaliser: a cheap, well-mixed hash of one integer. */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a few integers, order-sensitive. */
export function hash32(...values: number[]): number {
  let h = 0x9e37_79b9;
  for (const value of values) h = mix32(h ^ mix32(value + 0x632b_e5ab));
  return h;
}

/** A 32-bit hash of a string (FNV-1a), to derive one stream per table from a name. */
function hashString(text: string): number {
  let h = 0x811c_9dc5;
  for (let index = 0; index < text.length; index++) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x0100_0193);
  }
  return h >>> 0;
}

/** sfc32: small, fast, and good enough for test data; seeded per stream. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: string) {
    const salt = hashString(stream);
    this.a = hash32(seed, salt, 1);
    this.b = hash32(seed, salt, 2);
    this.c = hash32(seed, salt, 3);
    this.d = hash32(seed, salt, 4);
    for (let index = 0; index < 12; index++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    const value = list[this.int(list.length)];
    if (value === undefined) throw new Error("pick from an empty list");
    return value;
  }

  /**
   * A popularity rank in [0, n): rank 0 most often. The density falls as rank^(1/k - 1), so
   * k = 1 is uniform and larger k gives a longer head (a few restaurants, authors or accounts
   * that get much of the traffic) over a long tail.
   */
  rank(n: number, k: number): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** k));
  }

  /** An exponentially distributed wait with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }
}

/**
 * Splits `total` over `n` slots with heavy-tailed (Pareto, shape `alpha`) weights, each slot
 * at most `cap`: how many likes each item gets, how many people each account follows. The sum
 * is `total` up to rounding, less whatever the cap cut off.
 */
export function allocate(
  random: Random,
  n: number,
  total: number,
  alpha: number,
  cap: number,
): Uint32Array {
  const weights = new Float64Array(n);
  let sum = 0;
  for (let index = 0; index < n; index++) {
    const weight = (1 - random.next()) ** (-1 / alpha);
    weights[index] = weight;
    sum += weight;
  }
  const counts = new Uint32Array(n);
  const factor = sum > 0 ? total / sum : 0;
  for (let index = 0; index < n; index++) {
    const share = (weights[index] ?? 0) * factor;
    // Stochastic rounding keeps the expected total exact.
    const whole = Math.floor(share) + (random.next() < share - Math.floor(share) ? 1 : 0);
    counts[index] = Math.min(cap, whole);
  }
  return counts;
}

/**
 * Maps popularity ranks to entity indexes, so the most popular restaurant or author is not
 * simply the first row (nor the bench's own accounts, which come first): rank r ↦ ((r + 1) · p)
 * mod n for a prime p that does not divide n, a permutation that sends the least popular rank
 * to index 0.
 */
export function scatter(n: number): (rank: number) => number {
  const prime = primesAbove(n, 1)[0] ?? 1;
  const step = prime % n;
  return (rank) => ((rank + 1) * step) % n;
}

/**
 * The first `count` primes above `n`. Each is coprime with n, so for a start s and a step
 * p mod n, the indexes s, s + p, s + 2p … (mod n) are n distinct values: distinct likers of an
 * item without remembering who liked it.
 */
export function primesAbove(n: number, count: number): number[] {
  const primes: number[] = [];
  for (let candidate = Math.max(2, n + 1); primes.length < count; candidate++) {
    let prime = true;
    for (let divisor = 2; divisor * divisor <= candidate; divisor++) {
      if (candidate % divisor === 0) {
        prime = false;
        break;
      }
    }
    if (prime) primes.push(candidate);
  }
  return primes;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

function hex32(value: number): string {
  return (
    (HEX[(value >>> 24) & 255] ?? "") +
    (HEX[(value >>> 16) & 255] ?? "") +
    (HEX[(value >>> 8) & 255] ?? "") +
    (HEX[value & 255] ?? "")
  );
}

/**
 * A random-looking version 4 UUID that is a pure function of (seed, table, index), so rows can
 * point at each other by index without keeping a million ids in memory.
 */
export function uuidFor(seed: number, table: number, index: number): string {
  const a = hash32(seed, table, index, 1);
  const b = (hash32(seed, table, index, 2) & 0xffff_0fff) | 0x0000_4000;
  const c = ((hash32(seed, table, index, 3) & 0x3fff_ffff) | 0x8000_0000) >>> 0;
  const d = hash32(seed, table, index, 4);
  const bHex = hex32(b >>> 0);
  const cHex = hex32(c);
  return `${hex32(a)}-${bHex.slice(0, 4)}-${bHex.slice(4)}-${cHex.slice(0, 4)}-${cHex.slice(4)}${hex32(d)}`;
}

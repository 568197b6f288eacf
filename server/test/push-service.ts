import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

/** One push request as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 standing in for a browser vendor's: it takes the server's
 * encrypted POSTs to each subscription's endpoint and answers 201, or what `answer` sets for a
 * path (410: the browser dropped the subscription).
 */
export class TestPushService {
  readonly received: ReceivedPush[] = [];
  private readonly answers = new Map<string, number>();
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<TestPushService> {
    let service: TestPushService | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = request.url ?? "/";
        service?.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = service?.answers.get(path) ?? 201;
        response.end();
        for (const wake of service?.waiters.splice(0) ?? []) wake();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    service = new TestPushService(server, `http://127.0.0.1:${port}`);
    return service;
  }

  answer(path: string, status: number): void {
    this.answers.set(path, status);
  }

  /** Resolves once `count` pushes have arrived in all (fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} pushes, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** A browser's subscription to this service: its keys stay here, as a browser keeps them. */
  subscribe(name: string): TestBrowserSubscription {
    return new TestBrowserSubscription(`${this.origin}/push/${name}`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** What a browser holds for one subscription: the P-256 key pair and the auth secret. */
export class TestBrowserSubscription {
  private readonly ecdh = createECDH("prime256v1");
  private readonly authSecret = randomBytes(16);
  readonly publicKey: Buffer;

  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }

  get path(): string {
    return new URL(this.endpoint).pathname;
  }

  /** PushSubscription.toJSON(), as the web app posts it. */
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: {
        p256dh: this.publicKey.toString("base64url"),
        auth: this.authSecret.toString("base64url"),
      },
    };
  }

  /** Decrypts an aes128gcm push body the way the browser does, with its private key. */
  decrypt(body: Buffer): unknown {
    const plain = ece.decrypt(body, {
      version: "aes128gcm",
      privateKey: this.ecdh,
      authSecret: this.authSecret.toString("base64url"),
    });
    return JSON.parse(plain.toString("utf8"));
  }
}

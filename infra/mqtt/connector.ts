import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { parseMachineMessage, TOPIC_FILTERS, type MachineMessage } from './messages.js';

/** What the app did with a valid message: taken, or why not. */
export type MessageOutcome = 'accepted' | 'duplicate' | 'late' | 'unknown-equipment';

export interface ConnectorStatus {
  connected: boolean;
  /** The broker, without its password. */
  broker: string;
  received: number;
  accepted: number;
  /** Messages dropped, by reason: junk (bad topic, JSON, payload or time), unknown equipment, duplicate, late. */
  ignored: Record<'junk' | Exclude<MessageOutcome, 'accepted'>, number>;
  reconnects: number;
  /** Why the last connection attempt failed (a refused login, a refused connection); null once connected. */
  error: string | null;
  /** The wait before the next attempt while disconnected (doubling from 0.5 s to 30 s); null when connected. */
  retryWaitMs: number | null;
  lastMessageAt: string | null;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * Subscribes to the machines' topics on a broker and hands each valid message to `onMessage`.
 * Junk and messages the app refuses are counted, never thrown; a lost broker is retried
 * with a doubling wait (0.5 s to 30 s) for as long as the app runs.
 */
export class MqttConnector {
  private readonly client: MqttClient;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly status_: ConnectorStatus;

  constructor(
    url: string,
    private readonly onMessage: (message: MachineMessage) => MessageOutcome,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {
    const shown = new URL(url);
    shown.password = '';
    shown.username = '';
    this.status_ = {
      connected: false,
      broker: shown.toString().replace(/\/$/, ''),
      received: 0,
      accepted: 0,
      ignored: { junk: 0, 'unknown-equipment': 0, duplicate: 0, late: 0 },
      reconnects: 0,
      error: null,
      retryWaitMs: null,
      lastMessageAt: null,
    };
    this.client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5_000, clientId: `linea-${process.pid}-${Math.random().toString(16).slice(2, 8)}` });
    this.client.on('connect', () => {
      Object.assign(this.status_, { connected: true, error: null, retryWaitMs: null });
      this.retryMs = FIRST_RETRY_MS;
      this.client.subscribe([...TOPIC_FILTERS], { qos: 1 }, (err) => err && this.log.warn({ err: err.message }, 'MQTT: subscribing failed'));
      this.log.info({ broker: this.status_.broker }, 'MQTT: connected, reading the machines');
    });
    this.client.on('close', () => this.lost());
    this.client.on('error', (err) => {
      // A refused login says so once; a broker still down is the back-off's business.
      if (this.status_.error !== err.message) this.log.warn({ broker: this.status_.broker, err: err.message }, 'MQTT: connection failed');
      this.status_.error = err.message;
    });
    this.client.on('message', (topic, payload) => this.take(topic, payload));
  }

  status(): ConnectorStatus {
    return { ...this.status_, ignored: { ...this.status_.ignored } };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.client.endAsync(true);
  }

  private take(topic: string, payload: Buffer): void {
    this.status_.received += 1;
    this.status_.lastMessageAt = new Date(this.clock()).toISOString();
    const parsed = parseMachineMessage(topic, payload, this.clock());
    const outcome = parsed.ok ? this.onMessage(parsed.message) : 'junk';
    if (outcome === 'accepted') this.status_.accepted += 1;
    else this.status_.ignored[outcome] += 1;
  }

  private lost(): void {
    const was = this.status_.connected;
    this.status_.connected = false;
    if (this.closed || this.retryTimer) return;
    if (was) this.log.warn({ broker: this.status_.broker }, 'MQTT: broker lost, reconnecting with back-off');
    this.status_.retryWaitMs = this.retryMs;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.status_.reconnects += 1;
      if (!this.closed) this.client.reconnect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}

/**
 * A small reader of server-sent events for the in-process tests: it opens a stream on the app,
 * parses events as they come, and reads only as far as a test asks (a stream never ends by
 * itself), so no test waits on a clock.
 */
import type { Hono } from 'hono';

export interface SseEvent {
  readonly id: string | undefined;
  readonly event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read what they expect
  readonly data: any;
}

export class SseReader {
  /** Every event parsed so far, in order. */
  readonly events: SseEvent[] = [];
  /** Everything received, comments included. */
  raw = '';
  private buffer = '';
  private ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();

  constructor(readonly response: Response) {
    if (response.body === null) throw new Error('the answer has no body');
    this.reader = response.body.getReader();
  }

  /** Whether the server ended the stream. */
  get done(): boolean {
    return this.ended;
  }

  /** Reads until `pred` holds for an event; returns the events read up to and with it. */
  async until(pred: (e: SseEvent) => boolean): Promise<SseEvent[]> {
    const start = this.events.length;
    for (;;) {
      const i = this.events.slice(start).findIndex(pred);
      if (i >= 0) return this.events.slice(start, start + i + 1);
      if (!(await this.chunk())) throw new Error('the stream ended before the awaited event');
    }
  }

  /** Reads until the `caught-up` event; the events before it. */
  async caughtUp(): Promise<SseEvent[]> {
    return (await this.until((e) => e.event === 'caught-up')).slice(0, -1);
  }

  /** Reads one more chunk; false once the stream has ended. */
  next(): Promise<boolean> {
    return this.chunk();
  }

  /** Reads until the server ends the stream. */
  async end(): Promise<void> {
    while (await this.chunk());
  }

  async close(): Promise<void> {
    if (!this.ended) await this.reader.cancel();
    this.ended = true;
  }

  private async chunk(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    const text = this.decoder.decode(value, { stream: true });
    this.raw += text;
    this.buffer += text;
    let cut = this.buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      this.parse(block);
      cut = this.buffer.indexOf('\n\n');
    }
    return true;
  }

  private parse(block: string): void {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    this.events.push({ id, event, data: JSON.parse(data.join('\n')) as unknown });
  }
}

/** Opens `GET /api/v1{path}` as an event stream. */
export async function openStream(
  app: Hono,
  path: string,
  opts: { token?: string; lastEventId?: string } = {},
): Promise<SseReader> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (opts.token !== undefined) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId;
  const res = await app.request(`/api/v1${path}`, { headers });
  if (res.status !== 200) {
    throw new Error(`GET ${path}: ${String(res.status)} ${await res.text()}`);
  }
  return new SseReader(res);
}

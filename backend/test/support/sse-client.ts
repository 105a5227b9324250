import { eventually } from './job-probe.js';

export interface SseEvent {
  event: string;
  data: unknown;
}

/** A browser tab's EventSource, minimal: connects with a session cookie and collects the events. */
export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  private readonly controller = new AbortController();

  static async connect(url: string, cookie: string): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: client.controller.signal });
    client.status = response.status;
    if (response.ok && response.body) void client.read(response.body);
    return client;
  }

  of(event: string): unknown[] {
    return this.events.filter((e) => e.event === event).map((e) => e.data);
  }

  waitFor(what: string, check: (events: SseEvent[]) => boolean, timeoutMs = 20_000): Promise<void> {
    return eventually(what, () => check(this.events), timeoutMs);
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) this.events.push({ event, data: JSON.parse(data.join('\n')) });
        }
      }
    } catch {
      // aborted by close()
    }
  }
}

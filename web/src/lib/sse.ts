/** One Server-Sent Event: its name ('message' when unnamed), data and id. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * A parser for a text/event-stream read in chunks (the HTML standard's format: lines of
 * `field: value`, an empty line ends an event, lines starting with ':' are comments).
 * `push` takes the next chunk of text and returns the events it completed.
 */
export function sseParser(): { push(chunk: string): SseEvent[] } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;
  return {
    push(chunk) {
      buffer += chunk;
      const done: SseEvent[] = [];
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
        if (line === '') {
          if (data.length > 0 || event) done.push({ event: event || 'message', data: data.join('\n'), id });
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      return done;
    },
  };
}

export type Received = { event: string; data: unknown };

/** Reads an SSE stream the way a browser's EventSource does: frames split by a blank line. */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const received: Received[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  let waiters: Array<() => void> = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const done = (async () => {
    const stream = body.getReader();
    for (;;) {
      const { value: chunk, done: ended } = await stream.read();
      if (ended) break;
      buffer += decoder.decode(chunk, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of frame.split('\n')) {
          if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else if (line.startsWith('retry: ')) retries.push(Number(line.slice(7)));
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length > 0) received.push({ event, data: JSON.parse(data.join('\n')) });
        cut = buffer.indexOf('\n\n');
      }
      for (const wake of waiters) wake();
      waiters = [];
    }
  })().catch(() => {});
  /** Resolves once an event matching `predicate` has arrived (the test timeout bounds the wait). */
  async function waitFor(predicate: (r: Received) => boolean): Promise<Received> {
    for (;;) {
      const hit = received.find(predicate);
      if (hit) return hit;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return { received, comments, retries, waitFor, done };
}

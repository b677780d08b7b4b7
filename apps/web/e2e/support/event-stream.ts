// What a page's event stream delivered, for journeys that check a change was pushed and not polled.

/** Runs in the page before its scripts: keeps a copy of every chunk the event stream (/api/events) delivers. */
export function recordEventStreamFrames() {
  const frames: { at: number; text: string }[] = [];
  (window as unknown as { eventStreamFrames: typeof frames }).eventStreamFrames = frames;
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await nativeFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(url, location.href).pathname.startsWith('/api/events') || !response.body) return response;
    const [copy, passed] = response.body.tee();
    void (async () => {
      const reader = copy.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        frames.push({ at: Date.now(), text: decoder.decode(value, { stream: true }) });
      }
    })().catch(() => undefined);
    return new Response(passed, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

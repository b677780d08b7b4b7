// The baseline of the cluster rows of `npm run bench`, in a process of its own: the same bare Fastify JSON route
// that scripts/bench-server.ts serves beside the app, on a free 127.0.0.1 port. scripts/bench.mjs forks it and
// reads the port from the IPC channel; it exits when told to or when its parent goes away.
import Fastify from 'fastify';

const bare = Fastify({ logger: false });
bare.get('/api/bench/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const stop = async () => {
  await bare.close();
  process.exit(0);
};
process.on('message', (msg) => {
  if (msg?.cmd === 'shutdown') void stop();
});
process.on('disconnect', () => void stop());
process.send?.({ type: 'ready', port: bare.server.address().port });

import { setupServer } from 'msw/node';

/** The network of every web test: each test states the answers it needs with `server.use(...)`. */
export const server = setupServer();

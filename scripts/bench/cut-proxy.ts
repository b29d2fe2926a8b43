/**
 * A TCP proxy in front of the local API for the upload bench (scripts/bench/uploads.ts): the page
 * is built against the proxy's port, and `cut(ms)` drops every open connection and refuses new
 * ones for `ms`, as a phone losing its network does. (Chromium's own "offline" emulation lets a
 * request already under way finish, so it cannot cut an upload in the middle.)
 */
import { connect, createServer, type Socket } from 'node:net';

export interface CutProxy {
  cut(ms: number): void;
  close(): Promise<void>;
}

export function startCutProxy(listenPort: number, targetPort: number): Promise<CutProxy> {
  const open = new Set<Socket>();
  let downUntil = 0;
  const server = createServer((client) => {
    if (Date.now() < downUntil) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolveProxy) => {
    server.listen(listenPort, '127.0.0.1', () =>
      resolveProxy({
        cut(ms) {
          downUntil = Date.now() + ms;
          for (const socket of open) socket.destroy();
        },
        close: () =>
          new Promise((resolveClose) => {
            for (const socket of open) socket.destroy();
            server.close(() => resolveClose());
          }),
      }),
    );
  });
}

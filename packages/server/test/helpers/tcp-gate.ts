// A loopback TCP relay in front of a real server that a test can shut (connections refused, open ones cut) and reopen.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './redis-server.js';

export interface TcpGate {
  /** host:port of the gate. */
  address: string;
  /** Cuts every relayed connection and refuses new ones, as a stopped server would. */
  shut(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpGate(targetHost: string, targetPort: number): Promise<TcpGate> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  async function open(): Promise<void> {
    if (server) return;
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', resolve);
    });
  }

  async function shut(): Promise<void> {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await open();
  return { address: `127.0.0.1:${port}`, shut, open, close: shut };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchAgainIfClosed } from './fetch-again';

/** A server that closes the connection of the first `dropped` requests without an answer. */
async function closingServer(dropped: number): Promise<{ url: string; server: Server }> {
  let seen = 0;
  const server = createServer((request, response) => {
    seen += 1;
    if (seen <= dropped) {
      request.socket.destroy();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ seen }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

const post = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };

describe('a call sent again on a closed connection', () => {
  it('is sent again when its connection was closed before an answer', async () => {
    const plain = await closingServer(1);
    const retried = await closingServer(1);
    try {
      await expect(fetch(plain.url, post)).rejects.toThrow('fetch failed');
      const answered = await fetchAgainIfClosed(retried.url, post);
      expect(await answered.json()).toEqual({ seen: 2 });
    } finally {
      plain.server.close();
      retried.server.close();
    }
  });

  it('fails when the second connection is closed too', async () => {
    const { url, server } = await closingServer(2);
    try {
      await expect(fetchAgainIfClosed(url, post)).rejects.toThrow('fetch failed');
    } finally {
      server.close();
    }
  });
});

/**
 * A server told to stop (SIGTERM: main.ts calls `shutDown`) on a real port: it answers `ready`
 * 503 at once while `live` stays ok, answers every request in flight and every request sent
 * while it drains, ends its live streams telling them to reconnect, then closes its database.
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fetchAgainIfClosed } from '../../../test/fetch-again';
import { buildTestApp, databaseKind, registerUser } from '../../../test/helper';
import { SHUTTING_DOWN } from '../http/health';
import { shutDown } from './shutdown';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads a stream's text until the server ends it. */
async function readStream(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let opened = () => {};
  const open = new Promise<void>((resolve) => (opened = resolve));
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return text;
      text += decoder.decode(chunk.value, { stream: true });
      if (text.includes('event: unread')) opened();
    }
  })();
  await open;
  return ended;
}

describe(`a server shutting down (${databaseKind})`, () => {
  it('stops being ready, answers what is in flight and ends its streams, then closes', async () => {
    // A readiness check that takes a while: GET /api/health stays in flight across the drain.
    let slow = false;
    const ctx = await buildTestApp({
      readinessChecks: [
        async () => {
          if (slow) await pause(700);
          return null;
        },
      ],
    });
    const buyer = await registerUser(ctx.app, 'Buyer');
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const stream = readStream(`${base}/api/events`, buyer.auth);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    slow = true;
    const inFlight = Array.from({ length: 4 }, () => fetch(`${base}/api/health`));
    await pause(50);
    let databaseClosed = false;
    const closing = shutDown(ctx.app, {
      drainMs: 400,
      steps: [
        {
          name: 'the database',
          run: async () => {
            await ctx.database.close();
            databaseClosed = true;
          },
        },
      ],
    });

    // While it drains: not ready (a load balancer takes it out), alive, and still serving.
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', message: SHUTTING_DOWN });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    // A client sends a request again when its kept-alive connection closed before any answer.
    const duringDrain = await fetchAgainIfClosed(`${base}/api/categories`, {});
    expect(duringDrain.status).toBe(200);

    expect(await closing).toBe(0);
    expect(databaseClosed).toBe(true);
    // Every request in flight was answered, none cut.
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // The stream was told to reconnect (the web app does, to a replica that stays).
    expect(await stream).toContain('event: end\ndata: {"reason":"restarting"}\n\n');
    // Gone: nothing listens any more.
    expect(ctx.app.server.listening).toBe(false);
    rmSync(ctx.imageDir, { recursive: true, force: true });
  });
});

/**
 * The in-memory rate-limit counter (one process) is bounded, and a flood of new keys (a booking
 * id per message POST costs nothing) must not give a busy account a fresh window: at its bound it
 * forgets the keys hit longest ago, never all of them.
 */
import { WindowCounter } from './window-counter';

const DAY_MS = 86_400_000;

describe('WindowCounter', () => {
  it("keeps an account's day window through a flood of other keys", async () => {
    const counter = new WindowCounter(100);
    const hitAccount = async () =>
      (await counter.hitWindows([{ key: 'messages/86400s:user:uid:a', windowMs: DAY_MS }]))[0]!
        .count;
    expect(await hitAccount()).toBe(1);
    for (let i = 0; i < 1000; i += 1) {
      // The account's own call, each with a booking id of its own making.
      await counter.hitWindows([
        { key: 'messages/86400s:user:uid:a', windowMs: DAY_MS },
        { key: `messagesPerBooking/60s:booking:${i}:uid:a`, windowMs: 60_000 },
      ]);
    }
    expect(await hitAccount()).toBe(1002);
  });
});

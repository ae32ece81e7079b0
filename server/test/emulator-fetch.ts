/**
 * `fetch` to the sign-in emulator, sent once more when the connection it went out on was closed
 * before any answer. The emulator closes a kept-alive connection after 5 idle seconds; on a
 * loaded machine the client's own 4-second timer can run late, and a request sent on a
 * connection the emulator is closing fails with 'other side closed'. Sent again, it goes out on
 * a new connection. A request the emulator did act on (a closed connection after it) fails the
 * second time with the emulator's own answer, such as EMAIL_EXISTS: nothing is done twice.
 */
export async function emulatorFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!closedBeforeAnswer(error)) throw error;
    return fetch(url, init);
  }
}

/** fetch's own failure, caused by a closed connection (by name: the error is of Node's realm). */
function closedBeforeAnswer(error: unknown): boolean {
  const { name, cause } = error as { name?: unknown; cause?: { code?: unknown } };
  return name === 'TypeError' && (cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET');
}

/**
 * `fetch`, sent once more when the kept-alive connection it went out on was closed before any
 * answer, as browsers and load balancers do. A server closes an idle kept-alive connection (the
 * sign-in emulator after 5 s; a server that is shutting down); on a loaded machine the
 * client's own timer can run late, and a request sent on a connection being closed fails with
 * 'other side closed'. Sent again, it goes out on a new connection. A request the server did act
 * on fails the second time with the server's own answer (the emulator's EMAIL_EXISTS): nothing is
 * done twice.
 */
export async function fetchAgainIfClosed(url: string, init: RequestInit): Promise<Response> {
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

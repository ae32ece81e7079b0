import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { ACCESS_TOKEN_KEY } from '../../lib/api/accessToken';
import type { Order } from '../../lib/api/deals';
import { makeOrder } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const buyer = makeSessionUser({ email: 'bea@example.com', displayName: 'Bea Buyer' });
const message = {
  _id: 'm1',
  orderId: 'o1',
  senderEmail: 'seller@cardealer.dev',
  senderName: 'Sam Seller',
  text: 'Still for sale',
  createdAt: '2026-11-20T10:05:00.000Z',
};

/** The booking's page for its buyer, the booking in `status`; POSTs answer `answer`. */
function open(status: Order['status'], answer?: { status: number; message: string }) {
  server.use(
    ...roleHandlers('buyer'),
    http.get(`${API}/orders/o1`, () =>
      HttpResponse.json(makeOrder({ _id: 'o1', buyerEmail: 'bea@example.com', status })),
    ),
    http.get(`${API}/orders/o1/messages`, () => HttpResponse.json([message])),
    http.post(`${API}/orders/o1/messages`, () =>
      answer
        ? HttpResponse.json({ message: answer.message }, { status: answer.status })
        : HttpResponse.json(
            { ...message, _id: 'm2', senderEmail: 'bea@example.com' },
            { status: 201 },
          ),
    ),
  );
  renderApp('/dashboad/orders/o1', { store: makeStore({ preloadedState: signedInState(buyer) }) });
}

async function send(text: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Write a message'), text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

afterEach(() => localStorage.clear());

describe("A booking's conversation", () => {
  it("shows the server's answer when messages come too fast", async () => {
    open('requested', { status: 429, message: 'You are sending messages too fast: wait a minute' });
    await send('Hello?');
    expect(
      await screen.findByText('You are sending messages too fast: wait a minute'),
    ).toBeInTheDocument();
    // What was written stays, to send again in a minute.
    expect(screen.getByLabelText('Write a message')).toHaveValue('Hello?');
  });

  it('says so when the booking was closed meanwhile', async () => {
    open('accepted', { status: 409, message: 'This booking is closed' });
    await send('Still on?');
    expect(await screen.findByText('This booking is closed')).toBeInTheDocument();
  });

  it.each(['declined', 'cancelled'] as const)(
    "keeps a %s booking's messages to read, with no box to write in",
    async (status) => {
      open(status);
      expect(await screen.findByText('Still for sale')).toBeInTheDocument();
      expect(
        screen.getByText('This booking is closed: the conversation can be read, not written in.'),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText('Write a message')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    },
  );

  it.each(['requested', 'accepted', 'sold'] as const)(
    'lets the parties write while the booking is %s',
    async (status) => {
      open(status);
      expect(await screen.findByText('Still for sale')).toBeInTheDocument();
      expect(screen.getByLabelText('Write a message')).toBeInTheDocument();
      expect(screen.queryByText(/This booking is closed/)).not.toBeInTheDocument();
    },
  );

  it('shows a message that arrived while the live stream was opening', async () => {
    const messages = [message];
    let listed!: () => void;
    const firstList = new Promise<void>((resolve) => (listed = resolve));
    server.use(
      ...roleHandlers('buyer'),
      http.get(`${API}/orders/o1`, () =>
        HttpResponse.json(makeOrder({ _id: 'o1', buyerEmail: 'bea@example.com' })),
      ),
      http.get(`${API}/orders/o1/messages`, () => {
        listed();
        return HttpResponse.json(messages);
      }),
      http.get(`${API}/events`, async ({ request }) => {
        // The page has its list; the seller writes before the stream is open, so no event of
        // the stream ever tells of it (the server replays nothing).
        await firstList;
        if (messages.length === 1)
          messages.push({ ...message, _id: 'm2', text: 'Are you still there?' });
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('event: unread\ndata: {"unread":1}\n\n'));
            request.signal.addEventListener('abort', () => controller.close());
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
    renderApp('/dashboad/orders/o1', {
      store: makeStore({ preloadedState: signedInState(buyer) }),
    });
    expect(await screen.findByText('Still for sale')).toBeInTheDocument();
    expect(await screen.findByText('Are you still there?')).toBeInTheDocument();
  });
});

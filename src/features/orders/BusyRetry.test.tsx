/**
 * A booking and a message sent while the marketplace is busy (503 with Retry-After: no primary
 * answers during a failover) are sent again with the same Idempotency-Key after the wait, the
 * screen calm meanwhile; the booking or message is there once. A last failure shows the
 * server's message.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { makeOrder, makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const BUSY = 'The marketplace is busy: try again in a moment';
const TRYING_AGAIN = 'The marketplace is busy: trying again…';
const buyer = makeSessionUser({ email: 'bea@example.com', displayName: 'Bea Buyer' });
const car = makeProduct({ _id: 'car-1', carName: 'Tesla Model 3 Long Range' });

/** Answers busy `times` times (with `Retry-After`), then `then`; records each call's key. */
function busyThen(
  keys: (string | null)[],
  times: number,
  retryAfter: string,
  then: () => Response,
) {
  return async ({ request }: { request: Request }) => {
    keys.push(request.headers.get('idempotency-key'));
    if (keys.length <= times) {
      return HttpResponse.json(
        { message: BUSY },
        { status: 503, headers: { 'retry-after': retryAfter } },
      );
    }
    return then();
  };
}

async function submitBooking() {
  const user = userEvent.setup();
  renderApp('/category-products/Tesla', {
    store: makeStore({ preloadedState: signedInState(buyer) }),
  });
  await user.click(
    await screen.findByRole('button', { name: 'Buy now: Tesla Model 3 Long Range' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Book Tesla Model 3 Long Range' });
  const inDialog = within(dialog);
  await user.type(inDialog.getByRole('textbox', { name: 'Phone number' }), '5550100');
  await user.type(inDialog.getByRole('textbox', { name: 'Meet location' }), 'Austin');
  await user.click(inDialog.getByRole('button', { name: 'Submit' }));
  return { dialog, inDialog };
}

jest.setTimeout(30000);

describe('writes while the marketplace is busy', () => {
  beforeEach(() => {
    server.use(
      ...roleHandlers('buyer'),
      http.get(`${API}/category-products/:categoryName`, () => HttpResponse.json([car])),
    );
  });

  it('a booking refused busy is sent again with its key after Retry-After, and made once', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(
        `${API}/orders`,
        busyThen(keys, 1, '1', () =>
          HttpResponse.json({ acknowledged: true, insertedId: 'o1' }, { status: 201 }),
        ),
      ),
    );
    const { dialog, inDialog } = await submitBooking();
    expect(await inDialog.findByRole('status')).toHaveTextContent(TRYING_AGAIN);
    expect(inDialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('Order successful')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x20-\x7E]{1,200}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("stops within 30 s and shows the server's message", async () => {
    const keys: (string | null)[] = [];
    // A wait longer than the 30 s bound: no second try.
    server.use(
      http.post(
        `${API}/orders`,
        busyThen(keys, 99, '31', () => HttpResponse.json({}, { status: 201 })),
      ),
    );
    const { dialog, inDialog } = await submitBooking();
    expect(await inDialog.findByRole('alert')).toHaveTextContent(BUSY);
    expect(dialog).toBeInTheDocument();
    expect(keys).toHaveLength(1);
  });

  it('a message refused busy is sent again with its key, and is in the conversation once', async () => {
    const keys: (string | null)[] = [];
    const thread: Record<string, string>[] = [];
    const sent = {
      _id: 'm1',
      orderId: 'o1',
      senderEmail: 'bea@example.com',
      senderName: 'Bea Buyer',
      text: 'Is it still for sale?',
      createdAt: '2026-11-20T10:05:00.000Z',
    };
    server.use(
      http.get(`${API}/orders/o1`, () =>
        HttpResponse.json(makeOrder({ _id: 'o1', buyerEmail: 'bea@example.com' })),
      ),
      http.get(`${API}/orders/o1/messages`, () => HttpResponse.json(thread)),
      http.post(
        `${API}/orders/o1/messages`,
        busyThen(keys, 1, '1', () => {
          if (thread.length === 0) thread.push(sent);
          return HttpResponse.json(sent, { status: 201 });
        }),
      ),
    );
    renderApp('/dashboad/orders/o1', {
      store: makeStore({ preloadedState: signedInState(buyer) }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Write a message'), 'Is it still for sale?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(TRYING_AGAIN)).toBeInTheDocument();
    expect(await screen.findByText('Is it still for sale?')).toBeInTheDocument();
    expect(screen.getAllByText('Is it still for sale?')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Write a message')).toHaveValue(''));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toBeTruthy();
  });
});

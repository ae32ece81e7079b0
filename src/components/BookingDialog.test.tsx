import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { makeProduct } from '../testing/data';
import { renderApp } from '../testing/render';
import { API, server } from '../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../testing/session';

const buyer = makeSessionUser({ email: 'bea@example.com', displayName: 'Bea Buyer' });
const car = makeProduct({
  _id: 'car-1',
  carName: 'Tesla Model 3 Long Range',
  carPhoto: '/images/cars/car-01.svg',
  resalePrice: 38500,
  originalPrice: 52000,
});

async function openBooking() {
  const user = userEvent.setup();
  renderApp('/category-products/Tesla', {
    store: makeStore({ preloadedState: signedInState(buyer) }),
  });
  await user.click(
    await screen.findByRole('button', { name: 'Buy now: Tesla Model 3 Long Range' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Book Tesla Model 3 Long Range' });
  return { user, dialog, inDialog: within(dialog) };
}

// Typing into several fields is slow when the machine is busy.
jest.setTimeout(15000);

describe('Booking modal', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/category-products/:categoryName`, () => HttpResponse.json([car])),
      ...roleHandlers('buyer'),
    );
  });

  it('prefills the name (editable), the email, the car and its selling price (locked)', async () => {
    const { inDialog } = await openBooking();
    const name = inDialog.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveValue('Bea Buyer');
    expect(name).toBeEnabled();
    expect(inDialog.getByRole('textbox', { name: 'Email' })).toHaveValue('bea@example.com');
    expect(inDialog.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(inDialog.getByRole('textbox', { name: 'Product name' })).toHaveValue(
      'Tesla Model 3 Long Range',
    );
    expect(inDialog.getByRole('textbox', { name: 'Product name' })).toBeDisabled();
    const price = inDialog.getByRole('textbox', { name: 'Price' });
    expect(price).toHaveValue('38,500');
    expect(price).toBeDisabled();
    expect(inDialog.getByText('$')).toBeInTheDocument();
    expect(inDialog.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    expect(inDialog.getByRole('textbox', { name: 'Meet location' })).toHaveValue('');
  });

  it('requires every field, with clear messages, and a phone in digits', async () => {
    let posted = 0;
    server.use(
      http.post(`${API}/orders`, () => {
        posted += 1;
        return HttpResponse.json({ acknowledged: true, insertedId: 'o1' }, { status: 201 });
      }),
    );
    const { user, inDialog } = await openBooking();
    await user.clear(inDialog.getByRole('textbox', { name: 'Your name' }));
    await user.click(inDialog.getByRole('button', { name: 'Submit' }));
    expect(await inDialog.findByText('Please enter your name')).toBeInTheDocument();
    expect(inDialog.getByText('Please enter your phone number')).toBeInTheDocument();
    expect(inDialog.getByText('Please enter where you would like to meet')).toBeInTheDocument();
    await user.type(inDialog.getByRole('textbox', { name: 'Phone number' }), 'call me');
    await user.tab();
    expect(
      await inDialog.findByText(
        'Enter a phone number in digits (spaces, dashes and brackets are fine)',
      ),
    ).toBeInTheDocument();
    expect(posted).toBe(0);
  });

  it('posts the order, shows a busy button, closes and toasts Order successful', async () => {
    let body: Record<string, unknown> | undefined;
    // The server answers when the test says so, once the busy button has been seen.
    let answer: () => void = () => undefined;
    server.use(
      http.post(`${API}/orders`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ acknowledged: true, insertedId: 'o1' }, { status: 201 });
      }),
    );
    const { user, dialog, inDialog } = await openBooking();
    await user.clear(inDialog.getByRole('textbox', { name: 'Your name' }));
    await user.type(inDialog.getByRole('textbox', { name: 'Your name' }), 'Beatrice');
    await user.type(inDialog.getByRole('textbox', { name: 'Phone number' }), '+1 555-0100');
    await user.type(inDialog.getByRole('textbox', { name: 'Meet location' }), 'Austin, TX');
    await user.click(inDialog.getByRole('button', { name: 'Submit' }));
    expect(await inDialog.findByRole('button', { name: 'Booking...' })).toBeDisabled();
    await waitFor(() => expect(body).toBeDefined());
    answer();
    expect(await screen.findByText('Order successful')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(body).toEqual({
      buyerName: 'Beatrice',
      buyerEmail: 'bea@example.com',
      productName: 'Tesla Model 3 Long Range',
      productPrice: 38500,
      phone: '+1 555-0100',
      meetLocation: 'Austin, TX',
      productID: 'car-1',
      carImage: '/images/cars/car-01.svg',
    });
  });

  it("keeps the modal open with the server's reason when the order is refused", async () => {
    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json({ message: 'Only buyers may place orders' }, { status: 403 }),
      ),
    );
    const { user, dialog, inDialog } = await openBooking();
    await user.type(inDialog.getByRole('textbox', { name: 'Phone number' }), '5550100');
    await user.type(inDialog.getByRole('textbox', { name: 'Meet location' }), 'Austin');
    await user.click(inDialog.getByRole('button', { name: 'Submit' }));
    expect(await inDialog.findByRole('alert')).toHaveTextContent('Only buyers may place orders');
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByText('Order successful')).not.toBeInTheDocument();
    expect(inDialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('never retries an order the server failed (only a busy 503 is tried again)', async () => {
    let posted = 0;
    server.use(
      http.post(`${API}/orders`, () => {
        posted += 1;
        return HttpResponse.json({ message: 'down' }, { status: 500 });
      }),
    );
    const { user, inDialog } = await openBooking();
    await user.type(inDialog.getByRole('textbox', { name: 'Phone number' }), '5550100');
    await user.type(inDialog.getByRole('textbox', { name: 'Meet location' }), 'Austin');
    await user.click(inDialog.getByRole('button', { name: 'Submit' }));
    // The reason shows once the mutation has ended: any retry would have been sent before it.
    expect(await inDialog.findByRole('alert')).toHaveTextContent('down');
    expect(posted).toBe(1);
  });

  it('closes with Cancel without ordering', async () => {
    const { user, dialog, inDialog } = await openBooking();
    await user.click(inDialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { makeCar } from '../testing/car';
import { renderApp } from '../testing/render';
import { API, server } from '../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../testing/session';

/**
 * 'Report' on a car's page: its dialog asks the signed-out to sign in, sends a
 * reason and details, thanks the reporter, and says so when they already reported the car.
 */
const car = makeCar();

function serve() {
  const sent: unknown[] = [];
  server.use(
    http.get(`${API}/products/:id`, () => HttpResponse.json(car)),
    http.post(`${API}/reports`, async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return sent.length > 1
        ? HttpResponse.json({ message: 'You already reported this' }, { status: 409 })
        : HttpResponse.json(
            { _id: 'r1', ...(body as object), createdAt: new Date().toISOString() },
            { status: 201 },
          );
    }),
  );
  return sent;
}

const asUser = (email: string) => {
  server.use(...roleHandlers('buyer'));
  return makeStore({ preloadedState: signedInState(makeSessionUser({ email })) });
};

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Report this listing' }));
  return within(await screen.findByRole('dialog', { name: 'Report this listing' }));
}

describe("'Report' on a car's page", () => {
  it('sends the reason and details, and thanks the reporter', async () => {
    const sent = serve();
    renderApp(`/cars/${car._id}`, { store: asUser('bea@example.com') });
    const dialog = await openDialog();
    // No reason chosen: nothing is sent.
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByText('Choose a reason')).toBeInTheDocument();
    expect(sent).toEqual([]);
    for (const label of [
      'Scam or fraud',
      'Wrong information',
      'Already sold',
      'Offensive',
      'Other',
    ]) {
      expect(dialog.getByRole('radio', { name: label })).toBeInTheDocument();
    }
    await userEvent.click(dialog.getByRole('radio', { name: 'Already sold' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Details (optional)' }), ' Sold it ');
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Thanks, a moderator will look at it')).toBeInTheDocument();
    expect(sent).toEqual([
      { targetKind: 'product', targetId: car._id, reason: 'already_sold', details: 'Sold it' },
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'You already reported this' when the server answers 409", async () => {
    const sent = serve();
    sent.push('an earlier report');
    renderApp(`/cars/${car._id}`, { store: asUser('bea@example.com') });
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Scam or fraud' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You already reported this');
  });

  it('keeps the details to 1,000 characters', async () => {
    const sent = serve();
    renderApp(`/cars/${car._id}`, { store: asUser('bea@example.com') });
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('radio', { name: 'Other' }));
    const details = dialog.getByRole('textbox', { name: 'Details (optional)' });
    await userEvent.click(details);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByText('At most 1,000 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks a signed-out visitor to sign in', async () => {
    serve();
    renderApp(`/cars/${car._id}`, {
      store: makeStore({
        preloadedState: {
          auth: {
            user: null,
            loading: false,
            tokenReady: false,
            attempt: null,
            account: 'unknown',
          },
        },
      }),
    });
    const dialog = await openDialog();
    expect(dialog.getByText('Sign in to report this listing to our moderators.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: /login/i })).toBeInTheDocument();
  });

  it('is not offered to the car’s own seller', async () => {
    serve();
    renderApp(`/cars/${car._id}`, { store: asUser(car.email) });
    expect(await screen.findByRole('heading', { level: 1, name: car.carName })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
  });
});

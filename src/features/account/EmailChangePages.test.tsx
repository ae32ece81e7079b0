import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const EXPIRED = 'This link has expired or was already used: ask for a new one';

describe("A change of e-mail's links", () => {
  it('confirms the new address with its code and says to sign in with it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/email-change', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          email: 'new@example.com',
          message: 'Your e-mail is now new@example.com: sign in with it from now on',
        });
      }),
    );
    renderApp('/confirm-email-change?oobCode=mailed-code');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your new e-mail' }),
    ).toBeVisible();
    expect(await screen.findByText(/Your e-mail is now new@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual([{ oobCode: 'mailed-code' }]);
  });

  it('undoes the change with the old address’s code', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/email-change/undo', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          email: 'sam@example.com',
          message: 'Your e-mail is sam@example.com again and every session is signed out',
        });
      }),
    );
    renderApp('/undo-email-change?code=undo-code');
    expect(await screen.findByText(/Your e-mail is sam@example.com again/)).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'undo-code' }]);
  });

  it('says a used, expired or missing code has expired', async () => {
    server.use(
      http.post('*/api/email-change', () =>
        HttpResponse.json({ message: EXPIRED }, { status: 400 }),
      ),
    );
    renderApp('/confirm-email-change?oobCode=used-code');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
  });

  it('says a link without a code has expired, asking nothing', async () => {
    renderApp('/undo-email-change');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
  });
});

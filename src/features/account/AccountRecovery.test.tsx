import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { roleHandlers, signedInState } from '../../testing/session';

const RESET_ANSWER = 'If an account exists for that e-mail, we sent a link to reset the password';
const EXPIRED = 'This link has expired or was already used: ask for a new one';

/** The provider's refusal of a code, as the demo proxy answers a used or unknown one. */
const expiredCode = () =>
  HttpResponse.json(
    { error: { code: 400, message: `EXPIRED_OOB_CODE : ${EXPIRED}`, errors: [] } },
    { status: 400 },
  );

function setup(path: string) {
  const view = renderApp(path);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('Forgot password', () => {
  it('is linked from the login page and answers the server’s words', async () => {
    let asked: unknown = null;
    server.use(
      http.post('*/api/password-reset', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ message: RESET_ANSWER }, { status: 202 });
      }),
    );
    const { user } = setup('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot password' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(RESET_ANSWER)).toBeInTheDocument();
    expect(asked).toEqual({ email: 'sam@example.com' });
  });

  it('shows the server’s 429 as a toast', async () => {
    server.use(
      http.post('*/api/password-reset', () =>
        HttpResponse.json({ message: 'Too many requests for a password reset' }, { status: 429 }),
      ),
    );
    const { user } = setup('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Too many requests for a password reset')).toBeInTheDocument();
  });
});

describe('Reset password', () => {
  it('asks for 6 characters and the same password twice, then says it is changed', async () => {
    let sent: unknown = null;
    server.use(
      http.post(/accounts:resetPassword/, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ email: 'sam@example.com', requestType: 'PASSWORD_RESET' });
      }),
    );
    const { user } = setup('/reset-password?oobCode=mailed-code');
    await user.type(await screen.findByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('New password again'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('Password must be 6 characters or longer.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords differ')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password'), 'fresh-pass');
    await user.type(screen.getByLabelText('New password again'), 'fresh-pass');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText(/Your password is changed:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login');
    expect(sent).toMatchObject({ oobCode: 'mailed-code', newPassword: 'fresh-pass' });
  });

  it('says a used or expired link has expired, with the way to a new one', async () => {
    server.use(http.post(/accounts:resetPassword/, expiredCode));
    const { user } = setup('/reset-password?oobCode=used-code');
    await user.type(await screen.findByLabelText('New password'), 'fresh-pass');
    await user.type(screen.getByLabelText('New password again'), 'fresh-pass');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText(new RegExp(EXPIRED))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('Verify e-mail', () => {
  it('applies the code, reports it, and says the e-mail is confirmed', async () => {
    const reported: unknown[] = [];
    server.use(
      http.post(/accounts:update/, () => HttpResponse.json({ email: 'sam@example.com' })),
      http.post('*/api/email-verification', async ({ request }) => {
        reported.push(await request.json());
        return HttpResponse.json({ emailConfirmed: true });
      }),
    );
    setup('/verify-email?oobCode=mailed-code');
    expect(await screen.findByText(/Your e-mail is confirmed\./)).toBeInTheDocument();
    expect(reported).toEqual([{ oobCode: 'mailed-code' }]);
  });

  it('says a used link has expired', async () => {
    server.use(http.post(/accounts:update/, expiredCode));
    setup('/verify-email?oobCode=used-code');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
  });
});

describe('An unconfirmed e-mail', () => {
  it('shows the dashboard banner, whose resend mails the link, and the saved pages’ note', async () => {
    let resent = 0;
    server.use(
      http.get('*/api/me/verification', () => HttpResponse.json({ emailConfirmed: false })),
      http.post('*/api/me/verification', () => {
        resent += 1;
        return HttpResponse.json({ emailConfirmed: false }, { status: 202 });
      }),
      ...roleHandlers('buyer'),
    );
    renderApp('/dashboad/saved', { store: makeStore({ preloadedState: signedInState() }) });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/Confirm your e-mail —/)).toBeInTheDocument();
    expect(
      await screen.findByText('Confirm your e-mail to get these by e-mail'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'resend' }));
    expect(
      await screen.findByText('We sent you a link to confirm your e-mail'),
    ).toBeInTheDocument();
    expect(resent).toBe(1);
  });
});

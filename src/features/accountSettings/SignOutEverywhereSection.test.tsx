import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { AT, renderAlone } from '../../testing/renderAlone';
import { API, server } from '../../testing/server';
import { makeSessionUser, signedInState } from '../../testing/session';
import { SignOutEverywhereSection } from './SignOutEverywhereSection';

jest.setTimeout(20_000);

function setup(answer: () => Response) {
  localStorage.setItem('accessToken', 'access-1');
  const calls: (string | null)[] = [];
  server.use(
    http.post(`${API}/me/sign-out-everywhere`, ({ request }) => {
      calls.push(request.headers.get('authorization'));
      return answer();
    }),
  );
  const store = makeStore({ preloadedState: signedInState(makeSessionUser()) });
  const view = renderAlone(<SignOutEverywhereSection />, store);
  return { ...view, calls };
}

afterEach(() => localStorage.clear());

describe('Sign out everywhere', () => {
  it('ends every session, signs out here and asks to sign in again', async () => {
    const { calls, router } = setup(() => new HttpResponse(null, { status: 204 }));
    expect(screen.getByRole('heading', { name: 'Sign out everywhere' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('You are signed out everywhere: sign in again')).toBeVisible();
    expect(calls).toEqual(['bearer access-1']);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("shows the server's refusal and stays signed in", async () => {
    const { router } = setup(() =>
      HttpResponse.json(
        { message: 'Too many requests: at most 10 per 60 minutes; try again in 3000 s' },
        { status: 429 },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(/Too many requests: at most 10/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(AT);
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });
});

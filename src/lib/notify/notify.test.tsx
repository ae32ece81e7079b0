import { act, render, screen } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { AppProviders } from '../../app/AppProviders';
import { MAX_TOASTS, notify } from './notify';

/** Lets time pass in small steps, as a browser would (transitions chain their timers). */
async function wait(ms: number) {
  for (let t = 0; t < ms; t += 100) await act(() => jest.advanceTimersByTimeAsync(100));
}

function renderProviders() {
  render(
    <AppProviders store={makeStore()}>
      <div />
    </AppProviders>,
  );
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hides success after 2000 ms, blank and error after 4000 ms, and keeps loading', async () => {
    renderProviders();
    act(() => {
      notify.success('Order successful');
      notify.error('Incorrect password');
      notify.blank('Saved as draft');
      notify.loading('Uploading…');
    });
    // Each toast is shown for its duration, then leaves over its 1000 ms exit.
    await wait(1900);
    expect(screen.getByText('Order successful')).toBeInTheDocument();
    await wait(1600); // 3500 ms
    expect(screen.queryByText('Order successful')).not.toBeInTheDocument();
    expect(screen.getByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByText('Saved as draft')).toBeInTheDocument();
    await wait(2000); // 5500 ms
    expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
    expect(screen.queryByText('Saved as draft')).not.toBeInTheDocument();
    await wait(60000);
    expect(screen.getByText('Uploading…')).toBeInTheDocument();
  });

  it('keeps a dismissed toast for its 1000 ms exit, then removes it', async () => {
    renderProviders();
    let key: string | number = 0;
    act(() => {
      key = notify.loading('Working');
    });
    await wait(400);
    act(() => notify.dismiss(key));
    await wait(900);
    expect(screen.getByText('Working')).toBeInTheDocument();
    await wait(600);
    expect(screen.queryByText('Working')).not.toBeInTheDocument();
  });

  it(`shows at most ${MAX_TOASTS} at once`, async () => {
    renderProviders();
    act(() => {
      for (let i = 1; i <= MAX_TOASTS + 5; i++) notify.loading(`toast ${i}`);
    });
    await wait(100);
    expect(screen.getAllByText(/^toast \d+$/)).toHaveLength(MAX_TOASTS);
  });
});

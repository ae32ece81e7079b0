import { mockDynamicImport } from '../../testing/mockImport';
import { act, render, screen } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { AppProviders } from '../../app/AppProviders';
import { notify } from './notify';

/** The toast library's download fails once (offline, or a deploy removed the old file). */
let failNextDownload = true;
mockDynamicImport('notistack', async () => {
  if (failNextDownload) {
    failNextDownload = false;
    throw new Error('Loading chunk notistack failed.');
  }
  return jest.requireActual('notistack');
});

describe('toasts after a failed download', () => {
  it('downloads the toast library again at the next toast, and shows both', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppProviders store={makeStore()}>
        <div />
      </AppProviders>,
    );
    act(() => {
      notify.error('Incorrect password');
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();

    act(() => {
      notify.success('Order successful');
    });
    expect(await screen.findByText('Order successful')).toBeInTheDocument();
    expect(screen.getByText('Incorrect password')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      'The toast library could not be loaded',
      expect.objectContaining({ message: 'Loading chunk notistack failed.' }),
    );
    logged.mockRestore();
  });
});

/** The import page when things go wrong: refusals, a failed import, an unsteady connection. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { recordRequests } from '../../testing/requests';
import { API, server } from '../../testing/server';
import {
  checkedRows,
  csvFile,
  freshImport,
  importServer,
  openImportPage,
} from './importTestServer';

jest.setTimeout(60_000);

const checked = () =>
  freshImport({
    state: 'checked',
    rowsDone: 3,
    rows: checkedRows(true),
    summary: { new: 2, updated: 0, unchanged: 0, refused: 1, removed: 0 },
  });

describe('Inventory import page, when things go wrong', () => {
  it('shows the server’s reason for a file it refuses', async () => {
    importServer();
    server.use(
      http.post(`${API}/imports`, () =>
        HttpResponse.json(
          { message: 'file: row 7 has 300 columns; a row may have up to 60' },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    openImportPage();
    await user.upload(await screen.findByLabelText('Stock file (CSV)'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'file: row 7 has 300 columns; a row may have up to 60',
    );
  });

  it('shows why an import could not start, and that nothing was imported; the whole stock warns plainly without a count', async () => {
    const fake = importServer(checked());
    server.use(
      http.post(`${API}/imports/:id/apply`, () =>
        HttpResponse.json(
          { message: 'Too many imports today: try again tomorrow' },
          { status: 429 },
        ),
      ),
    );
    const user = userEvent.setup();
    openImportPage();
    await user.click(await screen.findByRole('checkbox', { name: 'This file is my whole stock' }));
    expect(
      screen.getByText(/Your cars that are not in this file will be removed from sale/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import 2 cars' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many imports today: try again tomorrow',
    );
    expect(screen.getByRole('button', { name: 'Import 2 cars' })).toBeEnabled();
    expect(fake.job()?.state).toBe('checked');
  });

  it('shows why an import failed', async () => {
    importServer(freshImport({ state: 'applying', rowsDone: 1 }));
    server.use(
      http.get(`${API}/imports/imp-1`, () =>
        HttpResponse.json(
          freshImport({ state: 'failed', error: 'The photo ‘car7.jpg’ is not an image.' }),
        ),
      ),
    );
    openImportPage();
    expect(await screen.findByRole('heading', { name: 'The import failed' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The photo ‘car7.jpg’ is not an image.');
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeEnabled();
  });

  it('keeps asking through a lost connection, says so, and stops asking once checked', async () => {
    const fake = importServer(freshImport());
    // The first request and its three retries are lost.
    fake.dropNext(4);
    openImportPage();
    expect(await screen.findByRole('progressbar', { name: 'Checking your file' })).toBeVisible();
    expect(await screen.findByText(/The connection is unsteady/)).toBeVisible();
    expect(await screen.findByText('1 new · 0 updated · 0 unchanged · 2 refused')).toBeVisible();
    expect(screen.queryByText(/The connection is unsteady/)).toBeNull();

    const requests = recordRequests();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    requests.stop();
    expect(requests.sent.filter((sent) => sent.startsWith('GET /api/imports'))).toEqual([]);
  });
});

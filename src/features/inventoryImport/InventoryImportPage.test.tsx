import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { recordRequests } from '../../testing/requests';
import { API, server } from '../../testing/server';
import { csvFile, freshImport, importServer, openImportPage } from './importTestServer';

// Each step waits for the page's next status request (one a second).
jest.setTimeout(60_000);

const csvPicker = () => screen.findByLabelText('Stock file (CSV)');

describe('Inventory import page', () => {
  it('uploads, checks, shows every row, re-checks a changed column, imports and shows the result', async () => {
    const fake = importServer();
    const user = userEvent.setup();
    openImportPage();
    expect(
      await screen.findByRole('heading', { name: 'Import your stock', level: 1 }),
    ).toBeVisible();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0];
    expect(within(menu).getByRole('link', { name: 'Import stock' })).toHaveAttribute(
      'href',
      '/dashboad/import',
    );

    await user.upload(await csvPicker(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    // Checking: a labelled bar of rows done, and its words in a live region.
    const checking = await screen.findByRole('progressbar', { name: 'Checking your file' });
    expect(checking).toHaveAttribute('aria-valuenow');
    expect(await screen.findByText('Checked 2 of 3 rows')).toBeInTheDocument();

    // Checked: the counts, and each row with its price's rating and a refusal's reason.
    expect(await screen.findByText('1 new · 0 updated · 0 unchanged · 2 refused')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Every row' });
    const tesla = within(table).getByRole('row', { name: /Tesla Model Y/ });
    expect(within(tesla).getByText('Market value $46,800')).toBeInTheDocument();
    expect(within(tesla).getByText('Great deal')).toBeInTheDocument();
    expect(within(tesla).getByText('New')).toBeInTheDocument();
    const bmw = within(table).getByRole('row', { name: /BMW X3/ });
    expect(within(bmw).getByText('Refused · Price: A price is required')).toBeInTheDocument();
    expect(
      within(table).getByText('Refused · VIN: The VIN’s check digit does not match'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 car' })).toBeEnabled();

    // The 'Asking' column was not matched: matching it to the price checks the file again.
    await user.selectOptions(screen.getByLabelText('Asking'), 'Price');
    expect(fake.calls).toContain('PUT mapping {"VIN":"vin","Make":"make","Asking":"price"}');
    expect(await screen.findByText('2 new · 0 updated · 0 unchanged · 1 refused')).toBeVisible();
    expect(screen.getByLabelText('Asking')).toHaveValue('price');

    // The whole stock warns how many other cars would go.
    await user.click(screen.getByRole('checkbox', { name: 'This file is my whole stock' }));
    expect(
      screen.getByText(/4 of your other cars, not in this file, will be removed from sale/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import 2 cars' }));
    expect(fake.calls).toContain('POST apply {"wholeStock":true}');

    expect(await screen.findByRole('progressbar', { name: 'Importing your cars' })).toBeVisible();
    expect(await screen.findByText('Imported 2 of 3 rows · 1 left')).toBeInTheDocument();

    // Done: the result stays, with a way to the seller's cars and word of the mail.
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeVisible();
    expect(screen.getByText('2 created · 0 updated · 4 removed · 1 refused')).toBeVisible();
    expect(screen.getByText('This result was also sent to you by e-mail.')).toBeVisible();
    // Each imported car's row now names it with a link to its page.
    const done = screen.getByRole('table', { name: 'Every row' });
    expect(
      within(done).getByRole('link', { name: '2021 Tesla Model Y Long Range' }),
    ).toHaveAttribute('href', '/cars/car-2');
    expect(within(done).getAllByText('Created')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'My cars' })).toHaveAttribute(
      'href',
      '/dashboad/my-products',
    );
  });

  it('shows the upload going, and lets nothing else be sent meanwhile', async () => {
    importServer();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/imports`, async () => {
        await held;
        return HttpResponse.json(freshImport(), { status: 202 });
      }),
    );
    const user = userEvent.setup();
    openImportPage();
    await user.upload(await csvPicker(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading your files' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload and check' })).toBeDisabled();
    expect(screen.getByLabelText('Stock file (CSV)')).toBeDisabled();
    release();
    expect(await screen.findByRole('progressbar', { name: 'Checking your file' })).toBeVisible();
  });

  it('shows the server’s reason when an import is already under way', async () => {
    importServer();
    server.use(
      http.post(`${API}/imports`, () =>
        HttpResponse.json(
          { message: 'One import at a time: finish or discard the one under way.' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    openImportPage();
    await user.upload(await csvPicker(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'One import at a time: finish or discard the one under way.',
    );
    // The form stays, to try again.
    expect(screen.getByRole('button', { name: 'Upload and check' })).toBeEnabled();
  });

  it('refuses a file too big or not a CSV before sending anything', async () => {
    importServer();
    const requests = recordRequests();
    const user = userEvent.setup({ applyAccept: false });
    openImportPage();
    const picker = await csvPicker();

    const big = csvFile('big.csv');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(picker, big);
    expect(
      await screen.findByText(/‘big\.csv’ is 6\.0 MB; a stock file may be up to 5 MB/),
    ).toBeVisible();
    expect(picker).toHaveAttribute('aria-invalid', 'true');

    await user.upload(picker, csvFile('stock.xlsx', 'application/vnd.ms-excel'));
    expect(await screen.findByText(/‘stock\.xlsx’ is not a CSV file/)).toBeVisible();

    const photos = new File(['PK'], 'photos.zip', { type: 'application/zip' });
    Object.defineProperty(photos, 'size', { value: 201 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Photos (ZIP, optional)'), photos);
    expect(await screen.findByText(/the photos’ ZIP may be up to 200 MB/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(requests.sent.filter((sent) => sent.startsWith('POST'))).toEqual([]);
    requests.stop();
  });

  it('shows an import under way on coming back, and its progress survives a failed request', async () => {
    const fake = importServer();
    const user = userEvent.setup();
    const first = openImportPage();
    await user.upload(await csvPicker(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    await screen.findByRole('progressbar', { name: 'Checking your file' });
    first.unmount();

    // Back on the page: the running import, asked for as the latest, and one lost request.
    fake.dropNext();
    openImportPage();
    expect(await screen.findByRole('progressbar', { name: 'Checking your file' })).toBeVisible();
    expect(await screen.findByText('1 new · 0 updated · 0 unchanged · 2 refused')).toBeVisible();
  });

  it('discards a checked import and offers the upload again', async () => {
    const fake = importServer();
    const user = userEvent.setup();
    openImportPage();
    await user.upload(await csvPicker(), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await csvPicker()).toBeEnabled();
    expect(fake.calls).toEqual(['POST /imports', 'DELETE']);
    await waitFor(() => expect(fake.job()).toBeNull());
  });
});

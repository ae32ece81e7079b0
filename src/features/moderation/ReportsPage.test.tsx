import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { ReportFile, ReportQueueRow } from '../../lib/api/reports';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

/** The admin's moderation queue and a target's file, over the real store and router. */
const rows: ReportQueueRow[] = [
  {
    targetKind: 'product',
    targetId: 'car-1',
    name: 'Tesla Model S',
    reasons: ['low_price', 'scam'],
    people: 2,
    flags: 1,
    newestAt: '2026-11-20T10:00:00.000Z',
    reviewAsked: false,
    state: 'for_sale',
  },
  {
    targetKind: 'user',
    targetId: 'u-sam',
    name: 'Sam Seller',
    reasons: ['offensive'],
    people: 1,
    flags: 0,
    newestAt: '2026-11-19T10:00:00.000Z',
    reviewAsked: false,
    state: 'active',
  },
];

const file: ReportFile = {
  targetKind: 'product',
  targetId: 'car-1',
  product: {
    _id: 'car-1',
    carName: 'Tesla Model S',
    carPhoto: '/images/cars/car-01.svg',
    resalePrice: 61800,
    state: 'for_sale',
    hiddenReason: null,
    sellerId: 'u-sam',
    sellerName: 'Sam Seller',
    hiddenAt: null,
    reviewAskedAt: null,
  },
  user: null,
  reports: [
    {
      _id: 'r2',
      reporterId: 'u-bea',
      reporterName: 'Bea Buyer',
      reason: 'scam',
      details: 'Wanted a wire transfer first.',
      createdAt: '2026-11-20T10:00:00.000Z',
      closedAt: null,
      outcome: null,
    },
    {
      _id: 'r1',
      reporterId: null,
      reporterName: null,
      reason: 'low_price',
      details: 'Price is 25% of its market value',
      createdAt: '2026-11-19T10:00:00.000Z',
      closedAt: '2026-11-19T12:00:00.000Z',
      outcome: 'dismissed',
    },
  ],
  history: [
    {
      _id: 'm1',
      adminId: 'u-ada',
      adminName: 'Ada Admin',
      action: 'dismiss',
      targetKind: 'product',
      targetId: 'car-1',
      reason: 'The price is a typo',
      createdAt: '2026-11-19T12:00:00.000Z',
    },
  ],
};

function renderAsAdmin(path: string) {
  const asked: URLSearchParams[] = [];
  server.use(
    ...roleHandlers('admin'),
    http.get(`${API}/admin/reports`, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': '2' } });
    }),
    http.get(`${API}/admin/reports/:kind/:id`, ({ params }) =>
      params.id === 'car-1'
        ? HttpResponse.json(file)
        : HttpResponse.json({ message: 'targetId: no such car' }, { status: 404 }),
    ),
  );
  const store = makeStore({
    preloadedState: signedInState(makeSessionUser({ email: 'admin@example.com' })),
  });
  renderApp(path, { store });
  return asked;
}

jest.setTimeout(20_000);

describe('the Reports page', () => {
  it('lists one row per target, paged by the server, and opens a target’s file', async () => {
    const asked = renderAsAdmin('/dashboad/reports');
    expect(
      await screen.findByRole('heading', { name: 'Reports' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Reports' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Target', 'Kind', 'Reasons', 'People', 'Flags', 'Newest', 'State']);
    const car = within(screen.getByRole('row', { name: /Tesla Model S/ }));
    expect(car.getByText('Price far under market value, Scam or fraud')).toBeInTheDocument();
    expect(car.getByText('For sale')).toBeInTheDocument();
    expect(car.getByText('Listing')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Sam Seller/ })).toHaveTextContent('Offensive');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      '/dashboad/reports',
    );
    expect(asked[0]?.get('limit')).toBe('10');
    expect(asked[0]?.get('offset')).toBe('0');

    await userEvent.click(car.getByRole('link', { name: 'Tesla Model S' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tesla Model S' }),
    ).toBeInTheDocument();
    const reports = screen.getByRole('table', { name: 'Reports of it' });
    expect(within(reports).getByRole('row', { name: /Bea Buyer/ })).toHaveTextContent(
      /Scam or fraud.*Wanted a wire transfer first\..*Open/,
    );
    expect(within(reports).getByRole('row', { name: /Automatic flag/ })).toHaveTextContent(
      /Price far under market value.*Dismissed/,
    );
    const history = screen.getByRole('table', { name: 'Moderation history' });
    expect(within(history).getByRole('row', { name: /Ada Admin/ })).toHaveTextContent(
      /Dismissed the reports.*The price is a typo/,
    );
    expect(screen.getByRole('link', { name: 'Sam Seller' })).toHaveAttribute(
      'href',
      '/dashboad/reports/user/u-sam',
    );
  });

  it('sorts on the server', async () => {
    const asked = renderAsAdmin('/dashboad/reports');
    await screen.findByRole('grid', { name: 'Reports' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('columnheader', { name: 'People' }));
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('people'));
    expect(asked.at(-1)?.get('order')).toBe('asc');
  });

  it('says so when the target is unknown', async () => {
    renderAsAdmin('/dashboad/reports/product/nothing');
    expect(
      await screen.findByRole('heading', { name: 'Nothing to moderate' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

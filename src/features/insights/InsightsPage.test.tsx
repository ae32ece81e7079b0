import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { CarInsights, Insights } from '../../lib/api/insights';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';
import { csvCell, insightsCsv } from './insightsCsv';

const car = (overrides: Partial<CarInsights>): CarInsights => ({
  _id: 'car-1',
  name: 'Tesla Model 3',
  views: 0,
  saves: 0,
  bookings: 0,
  messages: 0,
  daysOnMarket: 3,
  price: 38500,
  marketValue: 40100,
  viewsPerDay: [],
  ...overrides,
});

const days = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 29) - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    views: i === count - 1 ? 7 : i === count - 2 ? 2 : 0,
  }));

function insights(windowDays: number, cars: CarInsights[]): Insights {
  const perDay = days(windowDays);
  return {
    days: windowDays,
    from: perDay[0]!.day,
    to: perDay.at(-1)!.day,
    cars,
    totals: {
      cars: cars.length,
      views: cars.reduce((sum, c) => sum + c.views, 0),
      saves: cars.reduce((sum, c) => sum + c.saves, 0),
      bookings: cars.reduce((sum, c) => sum + c.bookings, 0),
      messages: cars.reduce((sum, c) => sum + c.messages, 0),
      viewsPerDay: perDay.map((day) => day.views),
    },
  };
}

const CARS = [
  car({ _id: 'bmw', name: 'BMW M3', views: 2, saves: 1 }),
  car({ _id: 'audi', name: 'Audi A4', views: 7, bookings: 2, messages: 3, marketValue: null }),
];

const open = (role: 'buyer' | 'seller' | 'admin') => {
  server.use(...roleHandlers(role));
  return renderApp('/dashboad/insights', {
    store: makeStore({ preloadedState: signedInState(makeSessionUser()) }),
  });
};

describe('Insights page', () => {
  it("shows a seller's totals, the charts' words and a grid of the cars, most viewed first", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/insights`, ({ request }) => {
        const windowDays = Number(new URL(request.url).searchParams.get('days'));
        asked.push(String(windowDays));
        return HttpResponse.json(insights(windowDays, CARS));
      }),
    );
    open('seller');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    expect(
      await screen.findByText(/9 views in the last 30 days; the most on Nov 29 \(7\)/),
    ).toBeVisible();
    expect(await screen.findByText(/Audi A4 leads with 5/)).toBeVisible();
    // The views chart's numbers as a table for those who cannot see it.
    const table = screen.getByRole('table', { name: 'Views per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const grid = screen.getByRole('grid', { name: 'What each car earns' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Audi A4');
    expect(rows[0]).toHaveTextContent('Not valued');
    expect(rows[1]).toHaveTextContent('BMW M3');
    expect(rows[1]).toHaveTextContent('$40,100');
    // Sorting by a column: fewest views first.
    await userEvent.click(within(grid).getByRole('columnheader', { name: /Views/ }));
    const sorted = within(grid).getAllByRole('row').slice(1);
    expect(sorted[0]).toHaveTextContent('BMW M3');
    // The 90 days' window asks again.
    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(await screen.findByText(/9 views in the last 90 days/)).toBeVisible();
    expect(asked).toEqual(['30', '90']);
    // The side menu has it.
    expect(screen.getAllByRole('link', { name: 'Insights' })[0]).toHaveAttribute(
      'href',
      '/dashboad/insights',
    );
  });

  it('tells a buyer the page is not for them, and asks nothing', async () => {
    let asked = false;
    server.use(
      http.get(`${API}/insights`, () => {
        asked = true;
        return HttpResponse.json(
          { message: 'Only a seller or an admin may do this' },
          { status: 403 },
        );
      }),
    );
    open('buyer');
    expect(await screen.findByText('This page is for sellers and admins only.')).toBeVisible();
    expect(asked).toBe(false);
  });

  it("names an admin's page for the marketplace", async () => {
    server.use(http.get(`${API}/insights`, () => HttpResponse.json(insights(30, CARS))));
    open('admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marketplace insights' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'The most viewed cars' })).toBeVisible();
  });
});

describe('the insights CSV', () => {
  it('never lets a spreadsheet run a cell as a formula', () => {
    for (const formula of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)']) {
      const cell = csvCell(formula);
      expect(cell.startsWith(`"'`)).toBe(true);
    }
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and a row per car', () => {
    const text = insightsCsv([car({ name: '=cmd|calc', views: 4, marketValue: null })]);
    const [header, row] = text.split('\r\n');
    expect(header).toBe(
      '"Car","Id","Views","Saves","Bookings","Messages","Days on market","Price","Market value"',
    );
    expect(row).toBe(`"'=cmd|calc","car-1",4,0,0,0,3,38500,`);
  });
});

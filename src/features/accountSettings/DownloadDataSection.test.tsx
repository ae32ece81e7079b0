import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { renderAlone } from '../../testing/renderAlone';
import { API, server } from '../../testing/server';
import { makeSessionUser, signedInState } from '../../testing/session';
import { DownloadDataSection } from './DownloadDataSection';

jest.setTimeout(20_000);

/** What the browser was handed to save: jsdom has no object URLs, so they are kept here. */
const files = new Map<string, Blob>();
const saved: { href: string; download: string }[] = [];

beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${files.size + 1}`;
      files.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => files.delete(url),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  localStorage.clear();
  saved.length = 0;
});

function setup(answer: () => Response) {
  localStorage.setItem('accessToken', 'access-1');
  const calls: (string | null)[] = [];
  server.use(
    http.get(`${API}/me/export`, ({ request }) => {
      calls.push(request.headers.get('authorization'));
      return answer();
    }),
  );
  renderAlone(
    <DownloadDataSection />,
    makeStore({ preloadedState: signedInState(makeSessionUser()) }),
  );
  return calls;
}

describe('Download my data', () => {
  it('saves the JSON the server writes as cardealer-data.json', async () => {
    const data = { account: { name: 'Sam Seller' }, cars: [{ carName: 'Golf' }] };
    const calls = setup(
      () =>
        new HttpResponse(JSON.stringify(data), {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': 'attachment; filename="cardealer-data.json"',
          },
        }),
    );
    expect(screen.getByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data is downloaded: cardealer-data.json')).toBeVisible();
    expect(calls).toEqual(['bearer access-1']);
    expect(saved).toEqual([{ href: 'blob:test/1', download: 'cardealer-data.json' }]);
    expect(JSON.parse(await files.get('blob:test/1')!.text())).toEqual(data);
  });

  it('says when to come back after a recent download (429)', async () => {
    setup(() =>
      HttpResponse.json(
        {
          message: 'You downloaded your data a moment ago: once per 10 minutes; try again in 9 min',
        },
        { status: 429, headers: { 'retry-after': '540' } },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/once per 10 minutes; try again in 9 min/)).toBeVisible();
    expect(saved).toEqual([]);
  });
});

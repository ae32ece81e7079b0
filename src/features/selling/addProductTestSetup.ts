/**
 * What the Add product tests share: a signed-in seller on the page, the API's answers for a
 * seller, and filling the form by pasting.
 */
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Product } from '../../lib/api';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

// Each flow fills the original fields and the vehicle data in the whole MUI form: 4-5 s here, and
// several times that when Jest's two workers share two cores with CI's other work.
jest.setTimeout(60_000);

export const seller = makeSessionUser({ photoURL: 'http://localhost/image-host/i/sam.png' });

export const UPLOAD = 'http://localhost/image-host/1/upload';

export function renderAsSeller(query = '') {
  const store = makeStore({
    preloadedState: signedInState(seller),
  });
  return renderApp(`/dashboad/add-products${query}`, { store });
}

export const photo = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'car.png', { type: 'image/png' });

/** The role lookups say seller; My products answers what the test keeps in `products`. */
export function sellerApi(products: Product[] = []) {
  server.use(
    ...roleHandlers('seller'),
    http.get(`${API}/seller-products/:email`, () => HttpResponse.json(products)),
  );
}

type User = ReturnType<typeof userEvent.setup>;

/** Types by pasting (each keystroke would re-render the whole form). */
export async function enter(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** Every field but the photo; `cover`, when given, is chosen just before the description. */
export async function fillFields(user: User, cover?: File) {
  await enter(user, 'Model', 'Model Y');
  await enter(user, 'Model year', '2021');
  await enter(user, 'Mileage (miles)', '48,000');
  await enter(user, 'Product name', 'Tesla Model Y');
  await enter(user, 'Original price', '52000');
  await enter(user, 'Selling price', '41500');
  await enter(user, 'Location', 'Austin, TX');
  await enter(user, 'Year of used', '2');
  if (cover) await user.upload(screen.getByLabelText('Product photo'), cover);
  await enter(user, 'Description', 'One owner, full service history.');
}

/** The whole form, with one photo. */
export const fillForm = (user: User) => fillFields(user, photo());

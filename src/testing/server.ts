import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { categories } from './data';

export const API = 'http://localhost/api';

/** The network edge for web tests: the API answered by MSW, per spec §7 shapes. */
export const handlers = [http.get(`${API}/categories`, () => HttpResponse.json(categories))];

export const server = setupServer(...handlers);

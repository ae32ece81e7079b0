import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { categories } from './data';

export const API = 'http://localhost/api';

/** The network edge for web tests: the API answered by MSW, per spec §7 shapes. */
export const handlers = [
  http.get(`${API}/categories`, () => HttpResponse.json(categories)),
  // No advertised cars unless a test says otherwise (the home page asks on every visit).
  http.get(`${API}/advertisment`, () => HttpResponse.json([])),
];

export const server = setupServer(...handlers);

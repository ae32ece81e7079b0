/**
 * The account's own calls: signing out everywhere, deleting the account, downloading its data
 * and asking to change its e-mail. Loaded with the account settings' sections, not with every page's start-up script.
 */
import { screenApi as api } from './generated/screenEndpoints';
import type { OpenBookings } from './generated/screenEndpoints';

export type { OpenBookings } from './generated/screenEndpoints';
export type OpenBooking = OpenBookings['bookings'][number];

/** The file name the server gives the download (its Content-Disposition). */
export const DATA_FILE_NAME = 'cardealer-data.json';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The data as an object URL for the browser to save: the file never enters the store. The
     * caller revokes the URL once the download has started.
     */
    downloadMyData: build.mutation<string, void>({
      query: () => ({
        url: '/api/me/export',
        responseHandler: async (response: Response): Promise<unknown> =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
  }),
});

export const {
  useSignOutEverywhereMutation,
  useDeleteMyAccountMutation,
  useDownloadMyDataMutation,
  useRequestEmailChangeMutation,
} = accountApi;

/** The open bookings a refused delete names (409), or null for any other error. */
export function openBookingsOf(error: unknown): OpenBooking[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: Partial<OpenBookings> };
  return status === 409 && Array.isArray(data?.bookings) ? data.bookings : null;
}

/**
 * Whether a refused delete or change of e-mail asks for a recent sign-in (403 'Sign in again: …').
 */
export function needsRecentSignIn(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, data } = error as { status?: unknown; data?: { message?: unknown } };
  return status === 403 && typeof data?.message === 'string' && /^Sign in again/.test(data.message);
}

/** The `zipcodes` package's data file: every US ZIP code it knows, by code. */
declare module 'zipcodes/lib/codes.js' {
  export const codes: Record<
    string,
    {
      zip: string;
      latitude?: number | string;
      longitude?: number | string;
      city?: string;
      state?: string;
      country?: string;
    }
  >;
}

/** Stops what the global setup started (nothing yet). */
export default async function globalTeardown(): Promise<void> {}

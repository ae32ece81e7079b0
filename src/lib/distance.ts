/**
 * How far a car is ('23 mi away'; under 10 miles with its tenth: '4.2 mi away'). Apart from
 * format.ts, which every page's first script carries: only the search's cards and a car's page
 * say a distance.
 */
export function formatDistance(miles: number): string {
  const shown = miles < 10 ? miles.toFixed(1) : Math.round(miles).toLocaleString('en-US');
  return `${shown} mi away`;
}

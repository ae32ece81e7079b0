/** What a local page shows: its place (by slug), its make (by name, any case) and its cars. */
import type { FastifyInstance } from 'fastify';
import type { LocalPage } from './local-pages';

/** A slug or make that could be one (anything else is no page). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A path segment decoded; null when its escapes are not UTF-8. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page of `slug` (and `makeName`), or null: no such place, or no such make. */
export async function localPageData(
  app: FastifyInstance,
  slug: string,
  makeName: string | undefined,
): Promise<LocalPage | null> {
  const asked = decoded(slug)?.toLowerCase() ?? '';
  if (!SLUG.test(asked) || asked.length > 80) return null;
  let make: string | null = null;
  if (makeName !== undefined) {
    const name = decoded(makeName);
    if (name === null || name.length > 60) return null;
    make = await app.readRepos.products.categoryName(name);
    if (make === null) return null;
  }
  const place = await app.readRepos.places.ofSlug(asked);
  if (!place) return null;
  const cars = await app.readRepos.localCars.near(place, make);
  return { slug: asked, place: place.place, make, cars };
}

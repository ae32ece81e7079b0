import type { Category } from '../lib/api';

/** Data generators for tests: realistic records with overridable fields. */
export function makeCategory(overrides: Partial<Category> = {}): Category {
  const name = overrides.categoryName ?? 'Tesla';
  return {
    _id: name.toLowerCase(),
    categoryName: name,
    image: `/images/categories/${name.toLowerCase()}.svg`,
    rating: 4.8,
    ...overrides,
  };
}

export const categories: Category[] = ['Tesla', 'Ferrari', 'BMW', 'Lamborghini'].map(
  (categoryName, i) => makeCategory({ categoryName, rating: 4.6 + i / 10 }),
);

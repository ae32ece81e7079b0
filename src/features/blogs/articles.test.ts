import { articles } from './articles';

const bodyWords = (article: (typeof articles)[number]): number =>
  article.sections
    .flatMap((section) => section.paragraphs)
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('blog articles', () => {
  it('has four articles', () => {
    expect(articles).toHaveLength(4);
  });

  it('uses unique kebab-case slugs', () => {
    const slugs = articles.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it.each(articles.map((article) => [article.slug, article] as const))(
    '%s has at least 300 words of body text',
    (_slug, article) => {
      expect(bodyWords(article)).toBeGreaterThanOrEqual(300);
    },
  );

  it.each(articles.map((article) => [article.slug, article] as const))(
    '%s has an honest reading time',
    (_slug, article) => {
      expect(Math.abs(article.readingMinutes - bodyWords(article) / 200)).toBeLessThanOrEqual(1);
    },
  );

  it('contains no placeholder text', () => {
    for (const article of articles) {
      expect(JSON.stringify(article).toLowerCase()).not.toContain('lorem');
    }
  });
});

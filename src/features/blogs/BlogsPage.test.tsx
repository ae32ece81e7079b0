import { screen } from '@testing-library/react';
import { renderApp } from '../../testing/render';
import { articles } from './articles';

describe('Blogs page', () => {
  it('shows the four articles with their titles and a table of contents', async () => {
    renderApp('/blogs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    for (const article of articles) {
      expect(screen.getByRole('heading', { level: 2, name: article.title })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: article.title })).toHaveAttribute(
        'href',
        `#${article.slug}`,
      );
    }
  });
});

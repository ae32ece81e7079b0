import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';

describe('the payment estimate page (/financing)', () => {
  it("is where the footer's 'Check your rate' leads from a page without a car", async () => {
    const { router } = renderApp('/blogs');
    const footer = await screen.findByRole('contentinfo');
    await userEvent.setup().click(within(footer).getByRole('link', { name: 'Check your rate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/financing'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estimate your monthly payment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars for sale' })).toHaveAttribute(
      'href',
      '/cars',
    );
  });

  it('works out a monthly payment as the visitor types, and says what is wrong', async () => {
    renderApp('/financing');
    const user = userEvent.setup();
    const estimate = await screen.findByRole('region', { name: 'Payment estimate' });
    expect(within(estimate).getByText('Estimate only')).toBeInTheDocument();
    const output = within(estimate).getByRole('status');
    expect(output).toHaveTextContent('Correct the fields above to see a monthly payment.');
    expect(within(estimate).getByText('Enter the price in dollars, more than 0')).toBeVisible();
    expect(within(estimate).getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(estimate).getByLabelText('Price ($)'), '30000');
    await user.type(within(estimate).getByLabelText('Down payment ($)'), '5000');
    expect(within(estimate).getByLabelText('APR (%)')).toHaveValue('6.9');
    expect(within(estimate).getByLabelText('Term')).toHaveValue('60');
    expect(output).toHaveTextContent('$493.86/month');
    expect(output).toHaveTextContent('$25,000 financed over 60 months at 6.9% APR');
    expect(within(estimate).getByLabelText('Price ($)')).not.toHaveAttribute('aria-invalid');

    await user.clear(within(estimate).getByLabelText('APR (%)'));
    await user.type(within(estimate).getByLabelText('APR (%)'), '0');
    await user.selectOptions(within(estimate).getByLabelText('Term'), '48');
    expect(output).toHaveTextContent('$520.84/month');

    await user.type(within(estimate).getByLabelText('Down payment ($)'), '0');
    expect(
      within(estimate).getByText('The down payment must be less than the price'),
    ).toBeVisible();
    expect(within(estimate).getByLabelText('Down payment ($)')).toHaveAccessibleDescription(
      'The down payment must be less than the price',
    );
    expect(output).toHaveTextContent('Correct the fields above to see a monthly payment.');
  });
});

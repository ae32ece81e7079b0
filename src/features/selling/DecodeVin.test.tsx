import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import type { VinDecoded } from '../../lib/api/seller';
import { API, server } from '../../testing/server';
import { signedInState } from '../../testing/session';
import { DecodeVin, type DecodedFields } from './DecodeVin';

/** What GET /vin/{vin} answers, as the server would for these real VINs. */
const DECODED: Record<string, VinDecoded> = {
  '5YJSA1H12FFP71790': {
    vin: '5YJSA1H12FFP71790',
    make: 'Tesla',
    category: 'Tesla',
    listed: true,
    model: 'Model S',
    modelYear: 2015,
    trim: null,
    bodyStyle: 'Hatchback',
    fuel: 'Electric',
    transmission: null,
    drive: null,
    doors: 5,
  },
  ZFF95NLA0M0265910: {
    vin: 'ZFF95NLA0M0265910',
    make: 'Ferrari',
    category: 'Ferrari',
    listed: true,
    model: 'SF90',
    modelYear: 2021,
    trim: 'Stradale',
    bodyStyle: 'Coupe',
    fuel: 'Gasoline',
    transmission: null,
    drive: 'AWD',
    doors: 2,
  },
  WBA3R5C57EK186393: {
    vin: 'WBA3R5C57EK186393',
    make: 'BMW',
    category: 'BMW',
    listed: true,
    model: '435i',
    modelYear: 2014,
    trim: 'xDrive',
    bodyStyle: 'Coupe',
    fuel: 'Gasoline',
    transmission: null,
    drive: null,
    doors: 2,
  },
  WP0AB2Y18LSA50759: {
    vin: 'WP0AB2Y18LSA50759',
    make: 'Porsche',
    category: null,
    listed: false,
    model: 'Taycan',
    modelYear: 2020,
    trim: '4S',
    bodyStyle: 'Sedan',
    fuel: 'Electric',
    transmission: null,
    drive: null,
    doors: 4,
  },
};

/** GET /vin/{vin} at the network's edge: the VINs above, a check-digit refusal, else 404. */
function vinServer() {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/vin/:vin`, ({ params }) => {
      const vin = String(params.vin);
      asked.push(vin);
      if (vin === '5YJSA1H13FFP71790') {
        return HttpResponse.json(
          { message: 'vin: Character 9 should be 2 (the check digit), not 3' },
          { status: 400 },
        );
      }
      const decoded = DECODED[vin];
      return decoded
        ? HttpResponse.json(decoded)
        : HttpResponse.json({ message: 'We could not decode this VIN' }, { status: 404 });
    }),
  );
  return asked;
}

/**
 * A form as Add product and Edit hold one (its values in state, a VIN field, a category choice),
 * with the real DecodeVin beside the VIN, on the real store; the network is MSW's.
 */
function Form({ categoryChosen = false, category = 'Tesla' }) {
  const [values, setValues] = useState<DecodedFields & { vin: string; categoryName: string }>({
    vin: '',
    categoryName: category,
  });
  return (
    <form aria-label="Car">
      <label>
        VIN
        <input
          value={values.vin}
          onChange={(event) => setValues({ ...values, vin: event.target.value })}
        />
      </label>
      <label>
        Category
        <select
          value={values.categoryName}
          onChange={(event) => setValues({ ...values, categoryName: event.target.value })}
        >
          {['Tesla', 'Ferrari', 'BMW', 'Lamborghini'].map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      <DecodeVin
        vin={values.vin}
        category={values.categoryName}
        categoryChosen={categoryChosen}
        busy={false}
        fill={(fields) => setValues((now) => ({ ...now, ...fields }))}
      />
      <output aria-label="Filled">{JSON.stringify({ ...values, vin: undefined })}</output>
    </form>
  );
}

function renderForm(props: { categoryChosen?: boolean; category?: string } = {}) {
  const store = makeStore({ preloadedState: signedInState() });
  render(
    <Provider store={store}>
      <Form {...props} />
    </Provider>,
  );
  return userEvent.setup();
}

async function decode(user: ReturnType<typeof userEvent.setup>, vin: string) {
  const field = screen.getByLabelText('VIN');
  await user.clear(field);
  await user.type(field, vin);
  await user.click(screen.getByRole('button', { name: 'Decode VIN' }));
}

const filled = () => JSON.parse(screen.getByLabelText('Filled').textContent ?? '{}') as unknown;

describe('Decode VIN', () => {
  it('fills model, model year, trim, body, fuel and drive, and the category left as it was', async () => {
    const asked = vinServer();
    const user = renderForm();
    // Small letters and spaces, as a seller may type it.
    await decode(user, ' zff95nla0m0265910 ');
    expect(await screen.findByText(/Decoded: 2021 Ferrari SF90 Stradale/)).toBeInTheDocument();
    expect(asked).toEqual(['ZFF95NLA0M0265910']);
    // The default category (Tesla) became the VIN's make; what vPIC did not say is not sent.
    expect(filled()).toEqual({
      categoryName: 'Ferrari',
      model: 'SF90',
      modelYear: '2021',
      trim: 'Stradale',
      bodyStyle: 'Coupe',
      fuel: 'Gasoline',
      drive: 'AWD',
    });
  });

  it("says when the VIN's make is not the category chosen, and chooses it when asked", async () => {
    vinServer();
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText('Category'), 'Ferrari');
    await decode(user, 'WBA3R5C57EK186393');
    expect(
      await screen.findByText('This VIN is a BMW, not a Ferrari: choose BMW or check the VIN'),
    ).toBeInTheDocument();
    // The chosen category stays until the seller says otherwise; the rest is filled.
    expect(filled()).toMatchObject({ categoryName: 'Ferrari', model: '435i', modelYear: '2014' });
    await user.click(screen.getByRole('button', { name: 'Choose BMW' }));
    expect(filled()).toMatchObject({ categoryName: 'BMW' });
    await waitFor(() => expect(screen.queryByText(/This VIN is a BMW/)).not.toBeInTheDocument());
    expect(screen.getByText(/Decoded: 2014 BMW 435i xDrive/)).toBeInTheDocument();
  });

  it("keeps a car's own category (Edit) and says when the VIN is another make's", async () => {
    vinServer();
    const user = renderForm({ categoryChosen: true, category: 'Tesla' });
    await decode(user, 'ZFF95NLA0M0265910');
    expect(
      await screen.findByText(
        'This VIN is a Ferrari, not a Tesla: choose Ferrari or check the VIN',
      ),
    ).toBeInTheDocument();
    expect(filled()).toMatchObject({ categoryName: 'Tesla', model: 'SF90' });
  });

  it("says we don't list a make without a category, and fills nothing", async () => {
    vinServer();
    const user = renderForm();
    await decode(user, 'WP0AB2Y18LSA50759');
    expect(await screen.findByText("We don't list Porsche yet")).toBeInTheDocument();
    expect(filled()).toEqual({ categoryName: 'Tesla' });
  });

  it("shows the server's refusal beside the field, then what it could not decode", async () => {
    vinServer();
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Decode VIN' }));
    expect(await screen.findByText('Type the VIN first')).toBeInTheDocument();

    await decode(user, '5YJSA1H13FFP71790');
    expect(
      await screen.findByText('Character 9 should be 2 (the check digit), not 3'),
    ).toBeInTheDocument();
    expect(filled()).toEqual({ categoryName: 'Tesla' });

    await decode(user, '1HGCM82633A004352');
    expect(await screen.findByText('We could not decode this VIN')).toBeInTheDocument();
    expect(screen.queryByText(/Character 9/)).not.toBeInTheDocument();

    // Typed right: decoded, and the earlier refusal gone.
    await decode(user, '5YJSA1H12FFP71790');
    expect(await screen.findByText(/Decoded: 2015 Tesla Model S/)).toBeInTheDocument();
    expect(screen.queryByText('We could not decode this VIN')).not.toBeInTheDocument();
    expect(filled()).toMatchObject({ categoryName: 'Tesla', model: 'Model S', modelYear: '2015' });
  });
});

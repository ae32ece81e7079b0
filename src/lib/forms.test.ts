import { bookingSchema } from '../components/BookingDialog';
import { productSchema } from '../features/selling/productForm';
import { isOneLine, ONE_LINE_MESSAGE, toOneLine } from './forms';

describe('single-line fields in the forms', () => {
  it('tells one line from text with line breaks or other control characters', () => {
    expect(isOneLine('Sam Smith')).toBe(true);
    expect(isOneLine('')).toBe(true);
    for (const text of [
      'Sam\r\nSmith',
      'Sam\nSmith',
      'Sam\tSmith',
      'Sam\u001bSmith',
      'Sam\u2028Smith',
    ]) {
      expect(isOneLine(text)).toBe(false);
    }
  });

  it('refuses text-direction controls too, and keeps right-to-left letters', () => {
    for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2069']) {
      expect(isOneLine(`Tesla ${control}3 ledoM`)).toBe(false);
    }
    expect(isOneLine('תל אביב')).toBe(true);
    expect(toOneLine('Tesla \u202e3 ledoM')).toBe('Tesla 3 ledoM');
  });

  it('joins the lines of a typed reason into one', () => {
    expect(toOneLine('Sold elsewhere.\r\n\r\nSorry!\t ')).toBe('Sold elsewhere. Sorry!');
  });

  it("shows a clear message for a pasted line break in a booking's name or meeting place", async () => {
    const booking = { buyerName: 'Sam', phone: '5551234567', meetLocation: 'Main St' };
    for (const field of ['buyerName', 'meetLocation'] as const) {
      await expect(
        bookingSchema.validateAt(field, { ...booking, [field]: 'Main St\nOpen https://x' }),
      ).rejects.toThrow(ONE_LINE_MESSAGE);
    }
    await expect(bookingSchema.validate(booking)).resolves.toBeTruthy();
  });

  it("shows it for a car's name, location and seller name, not for its description", async () => {
    const schema = productSchema(['Tesla']);
    for (const field of ['carName', 'productLocation', 'sellerName']) {
      await expect(schema.validateAt(field, { [field]: 'Model 3\r\nCall me' })).rejects.toThrow(
        ONE_LINE_MESSAGE,
      );
    }
    await expect(
      schema.validateAt('productDescription', { productDescription: 'One owner.\nGaraged.' }),
    ).resolves.toBeTruthy();
  });
});

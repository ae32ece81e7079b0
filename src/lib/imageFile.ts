import * as yup from 'yup';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from './api/imageHost';

/**
 * A photo chosen in a form: one the image host accepts, by type and size; `requiredMessage` null:
 * none may be chosen. Kept out of the image host's module so Yup loads only with the forms that
 * need it.
 */
export function imageFileSchema(requiredMessage: string | null) {
  return yup
    .mixed<File>()
    .nullable()
    .test('required', requiredMessage ?? '', (file) => requiredMessage === null || Boolean(file))
    .test(
      'type',
      'Choose a JPEG, PNG, WebP or GIF image',
      (file) => !file || ACCEPTED_IMAGE_TYPES.includes(file.type),
    )
    .test(
      'size',
      'The photo must be 5 MB or smaller',
      (file) => !file || file.size <= MAX_IMAGE_BYTES,
    )
    .defined();
}

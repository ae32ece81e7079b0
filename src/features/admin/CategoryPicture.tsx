import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  useUploadImageMutation,
  type UploadError,
} from '../../lib/api/imageHost';

/** A category's picture: its address on the image host, and the upload of a new one. */
export function useCategoryPicture(initialImage: string) {
  const [image, setImage] = useState(initialImage);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [upload, uploading] = useUploadImageMutation();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
      setUploadError(`${file.name}: choose a JPEG, PNG, WebP or GIF image`);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setUploadError(`${file.name}: choose an image of 5 MB or less`);
      return;
    }
    try {
      setImage((await upload({ image: file }).unwrap()).displayUrl);
    } catch (error) {
      setUploadError(`${file.name} could not be uploaded: ${(error as UploadError).message}`);
    }
  }

  return { image, uploadError, uploading: uploading.isLoading, choose };
}

interface Props {
  picture: ReturnType<typeof useCategoryPicture>;
  /** The category's name as typed, for the picture's text alternative. */
  name: string;
  /** What is wrong with the picture (none chosen), or null. */
  error: string | null;
}

/** The picture's preview, its 'Choose picture' button and its message. */
export function CategoryPicture({ picture, name, error }: Props) {
  const { image, uploadError, uploading, choose } = picture;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      {image ? (
        <Box
          component="img"
          src={image}
          alt={`Picture of ${name.trim() || 'the category'}`}
          sx={{ width: 128, height: 80, objectFit: 'cover', borderRadius: 1 }}
        />
      ) : null}
      <Box>
        <Button variant="outlined" component="label" disabled={uploading}>
          {uploading ? 'Uploading…' : image ? 'Change picture' : 'Choose picture'}
          <input
            type="file"
            hidden
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            aria-label="Picture"
            onChange={(event) => void choose(event)}
          />
        </Button>
        <Typography
          variant="body2"
          color={uploadError || error ? 'error' : 'text.secondary'}
          role={uploadError || error ? 'alert' : undefined}
          sx={{ mt: 0.5 }}
        >
          {uploadError ?? error ?? 'JPEG, PNG, WebP or GIF, up to 5 MB'}
        </Typography>
      </Box>
    </Box>
  );
}

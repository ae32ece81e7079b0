import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useLazyDecodeVinQuery, type VinDecoded } from '../../lib/api/seller';

/** The form's fields a decoded VIN fills, as the form keeps them (text; '' is not given). */
export interface DecodedFields {
  categoryName?: string;
  model?: string;
  modelYear?: string;
  trim?: string;
  bodyStyle?: NonNullable<VinDecoded['bodyStyle']>;
  fuel?: NonNullable<VinDecoded['fuel']>;
  transmission?: NonNullable<VinDecoded['transmission']>;
  drive?: NonNullable<VinDecoded['drive']>;
}

/** What vPIC knew of the car, as the form's fields; what it did not know stays as typed. */
export function decodedFields(decoded: VinDecoded): DecodedFields {
  const fields: DecodedFields = {};
  if (decoded.model !== null) fields.model = decoded.model;
  if (decoded.modelYear !== null) fields.modelYear = String(decoded.modelYear);
  if (decoded.trim !== null) fields.trim = decoded.trim;
  if (decoded.bodyStyle !== null) fields.bodyStyle = decoded.bodyStyle;
  if (decoded.fuel !== null) fields.fuel = decoded.fuel;
  if (decoded.transmission !== null) fields.transmission = decoded.transmission;
  if (decoded.drive !== null) fields.drive = decoded.drive;
  return fields;
}

/** 'This VIN is a BMW, not a Tesla: …' when the VIN's make is listed but not the one chosen. */
export function makeMismatch(decoded: VinDecoded, category: string): string | null {
  if (!decoded.category || decoded.category === category) return null;
  return `This VIN is a ${decoded.category}, not a ${category}: choose ${decoded.category} or check the VIN`;
}

interface Props {
  /** The VIN and the category as the form has them now. */
  vin: string;
  category: string;
  /**
   * The car has its category (Edit). Otherwise the category counts as chosen once it is not the
   * form's first one any more. A chosen category is not changed by a VIN of another make: that
   * is said, with a button that changes it.
   */
  categoryChosen: boolean;
  /** The form is being sent. */
  busy: boolean;
  /** Sets these fields as a seller would type them. */
  fill: (fields: DecodedFields) => void;
}

/**
 * 'Decode VIN', beside the VIN field of Add product and Edit: asks GET /vin/{vin} and fills the
 * make (the category), model, model year, trim, body, fuel and drive that NHTSA's data knows.
 * The server's refusal shows here ('Character 9 should be 7 (the check digit), not 3'), and so
 * does a make we have no category for, or other than the one chosen.
 */
export function DecodeVin({ vin, category, categoryChosen, busy, fill }: Props) {
  const [decodeVin, { isFetching }] = useLazyDecodeVinQuery();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [decoded, setDecoded] = useState<VinDecoded | null>(null);
  const [firstCategory] = useState(category);
  const chosen = categoryChosen || category !== firstCategory;
  const typed = vin.trim().toUpperCase();
  // What a decode said applies to the VIN it decoded, not to one typed since.
  const current = decoded && decoded.vin === typed ? decoded : null;
  const mismatch = current?.listed ? makeMismatch(current, category) : null;

  const decode = async () => {
    setRefusal(null);
    setDecoded(null);
    if (!typed) {
      setRefusal('Type the VIN first');
      return;
    }
    const answer = await decodeVin({ vin: typed });
    if (!answer.data) {
      // The server names the field ('vin: Character 9 should be…'); here it stands beside it.
      const message = errorMessage(answer.error, 'The VIN could not be decoded. Try again.');
      setRefusal(message.replace(/^vin: /, ''));
      return;
    }
    const result = answer.data;
    setDecoded(result);
    if (!result.listed) return;
    const switchTo =
      !chosen && result.category && result.category !== category ? result.category : null;
    fill({ ...decodedFields(result), ...(switchTo ? { categoryName: switchTo } : {}) });
  };

  return (
    <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
      <Button
        variant="outlined"
        color="secondary"
        onClick={() => void decode()}
        disabled={busy || isFetching}
        sx={{ mt: 1, mb: 1, whiteSpace: 'nowrap' }}
      >
        {isFetching ? 'Decoding…' : 'Decode VIN'}
      </Button>
      <Box>
        {refusal && (
          <Alert severity="error" variant="outlined" sx={{ py: 0 }}>
            {refusal}
          </Alert>
        )}
        {current && !current.listed && (
          <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
            We don&apos;t list {current.make} yet
          </Alert>
        )}
        {mismatch && current?.category && (
          <Alert
            severity="warning"
            variant="outlined"
            sx={{ py: 0 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => fill({ categoryName: current.category ?? category })}
              >
                Choose {current.category}
              </Button>
            }
          >
            {mismatch}
          </Alert>
        )}
        {current?.listed && !mismatch && (
          <Typography variant="body2" color="text.secondary" role="status">
            {`Decoded: ${[current.modelYear, current.make, current.model, current.trim]
              .filter(Boolean)
              .join(' ')}. Check the details and complete the rest.`}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ReportButton } from '../../components/ReportButton';
import type { Product } from '../../lib/api';

/** What an unknown value shows (a car posted before the vehicle data was asked). */
export const UNKNOWN = '—';

const count = (n: number | null) => (n === null ? UNKNOWN : n.toLocaleString('en-US'));

/** The vehicle data as label and text, in the order a buyer reads it. */
export function vehicleFacts(car: Product): [label: string, text: string][] {
  const text = (value: string | null) => value ?? UNKNOWN;
  return [
    ['Make', car.make],
    ['Model', text(car.model)],
    ['Model year', car.modelYear === null ? UNKNOWN : String(car.modelYear)],
    ['Trim', text(car.trim)],
    ['Body', text(car.bodyStyle)],
    ['Fuel', text(car.fuel)],
    ['Transmission', text(car.transmission)],
    ['Drive', text(car.drive)],
    ['Colour', text(car.exteriorColor)],
    ['Mileage', car.mileage === null ? UNKNOWN : `${count(car.mileage)} mi`],
    ['Owners', count(car.owners)],
    ['VIN', text(car.vin)],
  ];
}

/**
 * A car page's 'Vehicle details': every field of the vehicle data, '—' where unknown, and under
 * them 'Report' (here because this section loads after the page: a car's page is at its budget).
 */
export function VehicleDetails({ car }: { car: Product }) {
  return (
    <Box component="section" aria-labelledby="vehicle-details" sx={{ mt: 4, maxWidth: 760 }}>
      <Typography id="vehicle-details" component="h2" variant="h6" gutterBottom>
        Vehicle details
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'max-content 1fr', sm: 'repeat(2, max-content 1fr)' },
          columnGap: 2,
          rowGap: 1,
        }}
      >
        {vehicleFacts(car).map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
        <ReportButton
          targetKind="product"
          targetId={car._id}
          name={car.carName}
          ownerEmail={car.email}
          prompt="Something wrong with this listing?"
        />
      </Box>
    </Box>
  );
}

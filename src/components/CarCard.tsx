import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import type { Product } from '../lib/api';
import { CarPhoto } from './CarPhoto';

interface Props {
  product: Product;
  /** The id of the card's heading, which names it. */
  labelledBy: string;
  children: ReactNode;
}

/** A car's card: an article named by its heading, its cover photo on top of what follows. */
export function CarCard({ product, labelledBy, children }: Props) {
  return (
    <Card
      component="article"
      aria-labelledby={labelledBy}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CarPhoto
        src={product.carPhoto}
        copies={product.carPhotoCopies}
        alt={product.carName}
        category={product.categoryName}
      />
      {children}
    </Card>
  );
}

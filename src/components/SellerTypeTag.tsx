import { Tag } from './Tag';

/** What a seller's type is called on the cards, the car's page and the seller's page. */
export const SELLER_TYPE_TEXT = { dealer: 'Dealer', private: 'Private seller' } as const;

/** 'Dealer' (a seller with a dealer profile) or 'Private seller', as a small label. */
export function SellerTypeTag({ type }: { type: keyof typeof SELLER_TYPE_TEXT }) {
  return (
    <Tag
      sx={
        type === 'dealer'
          ? { borderColor: 'primary.main', color: 'primary.dark', fontWeight: 600 }
          : undefined
      }
    >
      {SELLER_TYPE_TEXT[type]}
    </Tag>
  );
}

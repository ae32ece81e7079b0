import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { categories, products, users } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { dealRatioRefresh } from '../valuation/deal-ratio-refresh';
import { BAYSIDE, demoMarketProducts, MESA } from './seed-market';
import { placeDemoSellers, seedDemoDealers, withDemoPlaces } from './seed-places';
import { DEMO_VEHICLES } from './seed-vehicles';

export const DEMO_PASSWORD = 'cardealer123';

export interface DemoAccount {
  email: string;
  name: string;
  role: 'Admin' | 'Seller' | 'Buyer';
  verified: 'true' | 'false';
}

/** The demo accounts (local demo mode only). */
export const demoAccounts: readonly DemoAccount[] = [
  { email: 'admin@cardealer.dev', name: 'Ada Admin', role: 'Admin', verified: 'false' },
  { email: 'seller@cardealer.dev', name: 'Sam Seller', role: 'Seller', verified: 'false' },
  { email: 'buyer@cardealer.dev', name: 'Bea Buyer', role: 'Buyer', verified: 'false' },
  // A second, verified seller, so the catalogue shows both the tick and 'no verify'.
  { email: 'northside@cardealer.dev', name: 'Northside Autos', role: 'Seller', verified: 'true' },
  // Two dealers whose Teslas make the demo's market (seed-market.ts), so its Teslas have values.
  { email: BAYSIDE, name: 'Bayside EV Exchange', role: 'Seller', verified: 'true' },
  { email: MESA, name: 'Mesa Auto Group', role: 'Seller', verified: 'false' },
];

const AVATAR = '/images/avatar.svg';
/** How long ago the demo's accounts joined. */
const DEMO_ACCOUNT_AGE_DAYS = 365;

type DemoCar = [
  carName: string,
  categoryName: string,
  condition: 'Excellent' | 'Good' | 'Fair',
  originalPrice: number,
  resalePrice: number,
  productLocation: string,
  userYears: number,
  advertised: boolean,
  sellerEmail: string,
  description: string,
];

const demoCars: DemoCar[] = [
  [
    'Tesla Model 3 Long Range',
    'Tesla',
    'Excellent',
    52000,
    38500,
    'Austin, TX',
    2,
    true,
    'seller@cardealer.dev',
    'One owner, always garaged, full self-service history and a new set of tyres last spring.',
  ],
  [
    'Tesla Model S Plaid',
    'Tesla',
    'Good',
    108000,
    74900,
    'San Jose, CA',
    3,
    false,
    'northside@cardealer.dev',
    'Tri-motor, 1,020 hp, carbon interior trim. Small stone chip on the bonnet, otherwise clean.',
  ],
  [
    'Tesla Model Y Performance',
    'Tesla',
    'Excellent',
    61000,
    46200,
    'Denver, CO',
    1,
    false,
    'seller@cardealer.dev',
    'Seven seats, tow hitch, white interior. Battery health report included.',
  ],
  [
    'Ferrari 488 GTB',
    'Ferrari',
    'Excellent',
    262000,
    219000,
    'Miami, FL',
    4,
    true,
    'northside@cardealer.dev',
    'Rosso Corsa with tan leather, carbon racing seats, Ferrari service up to date.',
  ],
  [
    'Ferrari Portofino M',
    'Ferrari',
    'Good',
    231000,
    198500,
    'Los Angeles, CA',
    2,
    false,
    'seller@cardealer.dev',
    'Retractable hard top, Blu Tour de France paint, 9,800 miles.',
  ],
  [
    'Ferrari Roma',
    'Ferrari',
    'Fair',
    222000,
    162000,
    'Chicago, IL',
    5,
    false,
    'northside@cardealer.dev',
    'Needs a front bumper respray; mechanically perfect, new clutch pack.',
  ],
  [
    'BMW M3 Competition',
    'BMW',
    'Excellent',
    78000,
    64900,
    'Seattle, WA',
    2,
    true,
    'seller@cardealer.dev',
    'Isle of Man green, M carbon bucket seats, M drivers package.',
  ],
  [
    'BMW X5 xDrive40i',
    'BMW',
    'Good',
    66000,
    41800,
    'Boston, MA',
    4,
    false,
    'northside@cardealer.dev',
    'Family SUV with panoramic roof, third row and a full dealer history.',
  ],
  [
    'BMW i4 eDrive40',
    'BMW',
    'Excellent',
    57000,
    44300,
    'Portland, OR',
    1,
    false,
    'seller@cardealer.dev',
    'Electric gran coupe, 300 miles of range, heat pump and the premium package.',
  ],
  [
    'Lamborghini Huracan EVO',
    'Lamborghini',
    'Excellent',
    287000,
    249000,
    'Las Vegas, NV',
    3,
    true,
    'northside@cardealer.dev',
    'Verde Mantis, lift system, sports exhaust. Never tracked.',
  ],
  [
    'Lamborghini Urus',
    'Lamborghini',
    'Good',
    229000,
    189900,
    'Dallas, TX',
    3,
    false,
    'seller@cardealer.dev',
    'The super SUV: 641 hp, Bang & Olufsen sound, night vision.',
  ],
  [
    'Lamborghini Aventador S',
    'Lamborghini',
    'Fair',
    421000,
    318000,
    'New York, NY',
    6,
    false,
    'northside@cardealer.dev',
    'V12 roadster. Some wear on the driver seat bolster; engine rebuilt at 18,000 miles.',
  ],
];

/**
 * Demo accounts (in the sign-in emulator and in the database, with their roles), a dozen demo
 * cars and the demo's market of Teslas (seed-market.ts), valued before it returns. Idempotent:
 * running it again changes nothing.
 */
export async function seedDemoData(db: Db, auth: Auth): Promise<void> {
  // The demo's accounts joined a year ago, in their order: their cars count fully in the market
  // values (a new account's weigh little: catalogue/market-trust.ts).
  const joined = Date.now() - DEMO_ACCOUNT_AGE_DAYS * 24 * 3600 * 1000;
  for (const [order, account] of demoAccounts.entries()) {
    const existing = await auth.getUserByEmail(account.email).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    });
    const signIn =
      existing ??
      (await auth.createUser({
        email: account.email,
        password: DEMO_PASSWORD,
        displayName: account.name,
        // The provider wants an absolute URL, which depends on where the app runs: the web app
        // shows the default avatar for an account without a photo.
        emailVerified: true,
      }));
    await db
      .insert(users)
      .values({
        _id: `demo-${account.email.split('@')[0]}`,
        name: account.name,
        email: account.email,
        userRole: account.role,
        userImg: AVATAR,
        userVerify: account.verified,
        authUid: signIn.uid,
        // The demo's addresses count as confirmed.
        emailConfirmed: true,
        createdAt: new Date(joined + order),
      })
      .onConflictDoNothing();
    // The demo's sign-in accounts may be made again (an emulator started afresh): the demo
    // records follow them, or their sign-in would count as another account's.
    await db
      .update(users)
      .set({ authUid: signIn.uid })
      .where(
        and(
          eq(users.email, account.email),
          or(isNull(users.authUid), ne(users.authUid, signIn.uid)),
        ),
      );
  }
  const sellerNames = new Map(demoAccounts.map((a) => [a.email, a.name]));
  const now = Date.now();
  // A demo car whose category an admin deleted is left out (a car needs its category).
  const kept = new Set(
    (await db.select({ name: categories.categoryName }).from(categories)).map((c) => c.name),
  );
  const cars = demoCars.flatMap((car, i) => (kept.has(car[1]) ? [{ car, i }] : []));
  const sellerName = (email: string) => sellerNames.get(email) ?? 'CarDealer seller';
  const market = demoMarketProducts(now, sellerName, AVATAR);
  const unplaced = [
    ...cars.map(({ car, i }) => {
      const [carName, categoryName, condition, originalPrice, resalePrice] = car;
      const [, , , , , productLocation, userYears, advertised, email, productDescription] = car;
      const posted = new Date(now - (i + 1) * 36 * 3600 * 1000);
      return {
        _id: `demo-car-${String(i + 1).padStart(2, '0')}`,
        carName,
        carPhoto: `/images/cars/car-${String(i + 1).padStart(2, '0')}.svg`,
        photos: [`/images/cars/car-${String(i + 1).padStart(2, '0')}.svg`],
        categoryName,
        condition,
        originalPrice,
        resalePrice,
        productLocation,
        userYears,
        postTime: posted.toLocaleString('en-US'),
        productDescription,
        sellerName: sellerName(email),
        sellerPhoto: AVATAR,
        email,
        advertisement: advertised ? ('true' as const) : ('false' as const),
        createdAt: posted,
        ...DEMO_VEHICLES[i],
      };
    }),
    ...market.filter((car) => kept.has(car.categoryName)),
  ];
  if (unplaced.length === 0) return;
  const rows = await withDemoPlaces(db, unplaced);
  await placeDemoSellers(db, rows);
  await seedDemoDealers(db, [
    {
      email: BAYSIDE,
      name: 'Bayside EV Exchange',
      address: '1200 Embarcadero',
      phone: '(510) 555-0142',
      hours: 'Mo-Fr 09:00-18:00, Sa 10:00-16:00',
      website: 'https://bayside-ev.example.com/',
    },
    {
      email: MESA,
      name: 'Mesa Auto Group',
      address: '455 W Main St',
      phone: '(480) 555-0199',
      hours: 'Mo-Sa 08:30-19:00',
      website: null,
    },
  ]);
  const added = await db
    .insert(products)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: products._id });
  await seedPriceDrops(db);
  if (added.length > 0) await valueNewCars(db);
}

/**
 * Values the cars just added (market-refresh.ts), so that the demo's pages show their market
 * values and ratings once the demo is ready, not a background refresh (5 s) later. Waits for a
 * refresh another process holds; ends once a refresh began after the cars were added.
 */
async function valueNewCars(db: Db): Promise<void> {
  const { dealsBehind, refreshDeals } = dealRatioRefresh(db);
  while ((await dealsBehind()) && !(await refreshDeals())) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A few demo cars were listed higher and dropped their price a day or more later, so their pages
 * show a drop and a chart (the price_history triggers wrote each car's price at its post time).
 * Once only: a car whose history already has a change is left as it is.
 */
async function seedPriceDrops(db: Db): Promise<void> {
  const drops: [id: string, amount: number, daysAfterPost: number][] = [
    ['demo-car-01', 2000, 1],
    ['demo-car-04', 1500, 3],
    ['demo-car-08', 3000, 4],
  ];
  for (const [id, amount, days] of drops) {
    await db.execute(sql`
      with first as (
        update price_history h set price = h.price + ${amount}
        where h.product_id = ${id} and h.previous_price is null
          and not exists (select 1 from price_history c
                          where c.product_id = ${id} and c.previous_price is not null)
        returning h.price, h.changed_at
      )
      insert into price_history (product_id, price, previous_price, changed_at)
      select ${id}, price - ${amount}, price, changed_at + make_interval(days => ${days})
      from first`);
  }
}

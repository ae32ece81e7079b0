/**
 * What the bell says of an alert: short, plain, one line. The car's name and the saved search's
 * name are user-written: kept to one line and a sensible length here, whatever they hold.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The most characters of a user-written name an alert quotes. */
export const NAME_MAX = 100;

/** A user-written name on one line (every run of white space one space), cut with '…'. */
export function oneLine(name: string): string {
  const flat = name.replace(/\s+/gu, ' ').trim();
  const letters = [...flat];
  return letters.length > NAME_MAX ? `${letters.slice(0, NAME_MAX - 1).join('')}…` : flat;
}

/** A price in whole dollars: '$33,000'. */
export function dollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/**
 * matchText in SQL, for a saved search's name in a column (the matcher writes a car's matches
 * in one statement): the same one line, the same cut.
 */
export const matchTextSql = (searchName: SQL, carName: string, price: number): SQL =>
  sql`'New match for "' || ${oneLineSql(searchName)} || '": ' || ${`${oneLine(carName)}, ${dollars(price)}`}::text`;

/** oneLine in SQL. */
function oneLineSql(name: SQL): SQL {
  const flat = sql`regexp_replace(btrim(${name}), '\\s+', ' ', 'g')`;
  return sql`case when char_length(${flat}) > ${NAME_MAX} then left(${flat}, ${NAME_MAX - 1}) || '…'
    else ${flat} end`;
}

/** 'New match for "BMW · under $60,000": 2019 BMW 330i, $35,000' */
export const matchText = (searchName: string, carName: string, price: number) =>
  `New match for "${oneLine(searchName)}": ${oneLine(carName)}, ${dollars(price)}`;

/** '2019 BMW 330i is $2,000 cheaper: now $33,000' */
export const priceDropText = (carName: string, previous: number, price: number) =>
  `${oneLine(carName)} is ${dollars(previous - price)} cheaper: now ${dollars(price)}`;

/** '2019 BMW 330i, which you saved, has been sold' */
export const savedSoldText = (carName: string) =>
  `${oneLine(carName)}, which you saved, has been sold`;

/**
 * A person's alert e-mail settings: the daily digest on or off, and how their saved
 * cars' price drops and sales are mailed. No row: the defaults. `digest_day` belongs to the
 * digest sender and is never written here.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { alertSettings, type SAVED_CAR_MAIL } from '../platform/db/schema';

export type SavedCarMail = (typeof SAVED_CAR_MAIL)[number];

export interface AlertSettings {
  digest: boolean;
  savedCars: SavedCarMail;
}

/** What a person without a row has (the table's defaults). */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = { digest: true, savedCars: 'instant' };

export function alertSettingsRepository(db: Db) {
  return {
    /** The account's settings, or the defaults when it has never changed them. */
    async of(userId: string): Promise<AlertSettings> {
      const [row] = await db
        .select({ digest: alertSettings.digest, savedCars: alertSettings.savedCars })
        .from(alertSettings)
        .where(eq(alertSettings.userId, userId));
      return row ?? { ...DEFAULT_ALERT_SETTINGS };
    },

    /**
     * Writes both settings in one statement (a first write and a change are alike). An account
     * deleted meanwhile is a foreign-key violation, which the error handler answers.
     */
    async put(userId: string, settings: AlertSettings): Promise<AlertSettings> {
      const [row] = await db
        .insert(alertSettings)
        .values({ userId, ...settings })
        .onConflictDoUpdate({
          target: alertSettings.userId,
          set: { digest: settings.digest, savedCars: settings.savedCars },
        })
        .returning({ digest: alertSettings.digest, savedCars: alertSettings.savedCars });
      return row!;
    },
  };
}

export type AlertSettingsRepository = ReturnType<typeof alertSettingsRepository>;

/**
 * What the marketplace checks of a car a seller posts or edits. The cars' routes call these and
 * know nothing of what they do: the domain that checks (trust: a new seller's hold, the automatic
 * flags) gives them when the app is built.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface CarChecks {
  /**
   * Before a new car is written: whether it must wait for a moderator's approval. Answers the
   * seller's number of cars with it when it must, null when it goes live at once.
   */
  holdNewCar(sellerId: string): Promise<number | null>;
  /**
   * After a car is posted (`held`: what holdNewCar answered) or edited. Never throws: a failed
   * check is logged, and the seller's write stands.
   */
  afterWrite(carId: string, log: FastifyBaseLogger, held?: number | null): Promise<void>;
}

/** What POST /category answers for a car that waits for approval. */
export const PENDING_REVIEW = { state: 'pending' as const, reason: '', reviewAsked: false };

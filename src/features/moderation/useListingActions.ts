import {
  useDismissReportsMutation,
  useHideListingMutation,
  useHideReviewMutation,
  useKeepListingHiddenMutation,
  useRestoreListingMutation,
} from '../../lib/api/moderation';
import type { ReportFile } from '../../lib/api/reports';
import type { ModerationAction } from './ModerationActions';

/**
 * A listing's actions as its state allows: hide a car for sale, sold or pending; restore a car a
 * moderator hid ('Approve' for one pending review); keep a hidden car hidden when its owner
 * asked for review. A car hidden with its seller's suspension comes back with the seller.
 */
export function useListingActions(file: ReportFile): ModerationAction[] {
  const [hide] = useHideListingMutation();
  const [restore] = useRestoreListingMutation();
  const [keepHidden] = useKeepListingHiddenMutation();
  const car = file.product;
  if (!car) return [];
  const id = car._id;
  const actions: ModerationAction[] = [];
  if (car.state === 'pending') {
    actions.push({
      key: 'approve',
      label: 'Approve',
      title: `Approve ${car.carName}?`,
      explanation: 'It goes on sale. The seller reads your reason.',
      done: 'Listing approved',
      run: (reason) => restore({ id, body: { reason } }).unwrap(),
    });
  }
  if (car.state === 'for_sale' || car.state === 'sold' || car.state === 'pending') {
    actions.push({
      key: 'hide',
      label: 'Hide listing',
      title: `Hide ${car.carName}?`,
      explanation:
        "It leaves search, the categories and the seller's page, its page says 'This listing " +
        "was removed', and its open bookings are declined ('Listing removed'). The seller reads " +
        'your reason, may edit the car and ask for review.',
      done: 'Listing hidden',
      run: (reason) => hide({ id, body: { reason } }).unwrap(),
    });
  }
  if (car.state === 'hidden') {
    actions.push({
      key: 'restore',
      label: 'Restore listing',
      title: `Restore ${car.carName}?`,
      explanation:
        'It is for sale again, in search and the categories. The seller reads your reason.',
      done: 'Listing restored',
      run: (reason) => restore({ id, body: { reason } }).unwrap(),
    });
    if (car.reviewAskedAt) {
      actions.push({
        key: 'keep-hidden',
        label: 'Keep hidden',
        title: `Keep ${car.carName} hidden?`,
        explanation:
          'It stays hidden; the seller reads your reason and may ask again after editing it.',
        done: 'Listing kept hidden',
        run: (reason) => keepHidden({ id, body: { reason } }).unwrap(),
      });
    }
  }
  return actions;
}

/** Dismissing the target's open reports as unfounded (when there are any). */
export function useDismissAction(file: ReportFile): ModerationAction[] {
  const [dismiss] = useDismissReportsMutation();
  if (!file.reports.some((report) => report.outcome === null)) return [];
  const { targetKind, targetId } = file;
  return [
    {
      key: 'dismiss',
      label: 'Dismiss reports',
      title: 'Dismiss the open reports?',
      explanation:
        'They are closed as unfounded and nothing else changes. Each person who reported it ' +
        'is told it was decided.',
      done: 'Reports dismissed',
      run: (reason) => dismiss({ targetKind, targetId, body: { reason } }).unwrap(),
    },
  ];
}

/** Hiding one review the account received (an abusive one): it leaves every list and the rating. */
export function useHideReview(): (review: {
  _id: string;
  productName: string;
}) => ModerationAction {
  const [hideReview] = useHideReviewMutation();
  return (review) => ({
    key: `hide-review-${review._id}`,
    label: 'Hide review',
    title: 'Hide this review?',
    explanation: 'It leaves the seller page, the car and the rating. Its author reads your reason.',
    done: 'Review hidden',
    run: (reason) => hideReview({ id: review._id, body: { reason } }).unwrap(),
  });
}

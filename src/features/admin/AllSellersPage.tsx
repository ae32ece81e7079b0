import { UsersGrid } from './UsersGrid';

/** All sellers (spec §2, admins): verify, and delete with confirmation. */
export function AllSellersPage() {
  return <UsersGrid kind="sellers" />;
}

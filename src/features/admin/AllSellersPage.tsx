import { UsersGrid } from './UsersGrid';

/** All sellers (admins): verify, and delete with confirmation. */
export function AllSellersPage() {
  return <UsersGrid kind="sellers" />;
}

import { UsersGrid } from './UsersGrid';

/** All buyers (admins): delete with confirmation. */
export function AllBuyersPage() {
  return <UsersGrid kind="buyers" />;
}

import { UsersGrid } from './UsersGrid';

/** All buyers (spec §2, admins): delete with confirmation. */
export function AllBuyersPage() {
  return <UsersGrid kind="buyers" />;
}

export function UsersPage() {
  return <main />;
}

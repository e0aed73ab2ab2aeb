export function ChangePasswordPage() {
  return <main />;
}

export function ResetPasswordPage() {
  return <main />;
}

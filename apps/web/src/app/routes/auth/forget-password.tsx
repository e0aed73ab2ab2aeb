export function ForgetPasswordPage() {
  return <main />;
}

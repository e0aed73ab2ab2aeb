export function ConfigSettingsPage() {
  return <main />;
}

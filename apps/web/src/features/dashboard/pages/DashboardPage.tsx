export function DashboardPage() {
  return <main className="p-6">Dashboard</main>;
}

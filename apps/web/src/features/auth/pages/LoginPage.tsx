export function LoginPage() {
  return <main className="p-6">Login</main>;
}

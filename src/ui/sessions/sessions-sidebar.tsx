export function SessionsSidebar() {
  return (
    <nav className="sidebar" aria-label="Sessions">
      <button type="button">New session</button>
    </nav>
  );
}

// The baseline of the Lighthouse bench (bench/lighthouse/run.mjs): the least a React 19 page built with Vite
// does, one heading and a paragraph, so the app's LCP is read as a ratio to it (docs/architecture.md, "Speed targets").
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <main>
      <h1>Minimal React page</h1>
      <p>
        One heading and one paragraph, rendered by React 19 and built with Vite: the baseline the app is measured
        against.
      </p>
    </main>,
  );
}

import { lazy, Suspense } from 'react';

// The collector and prices form loads with Settings' first opening of it, not with the page.
const TraceSettingsFields = lazy(() =>
  import('./trace-settings-fields').then((m) => ({ default: m.TraceSettingsFields })),
);

/** Settings' "Traces and cost" section: where traces are pushed, and a person's own prices per model (`model`: the one in the form). */
export function TraceSettings({ model }: { model: string }) {
  return (
    <Suspense fallback={null}>
      <TraceSettingsFields model={model} />
    </Suspense>
  );
}

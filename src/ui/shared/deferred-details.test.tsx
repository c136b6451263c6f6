import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DeferredDetails } from './deferred-details';

describe('DeferredDetails', () => {
  it('shows the summary and does not build the body while closed', () => {
    let built = 0;
    const html = renderToStaticMarkup(
      <DeferredDetails summary="Try echo">
        {() => {
          built++;
          return <form aria-label="Try echo" />;
        }}
      </DeferredDetails>,
    );
    expect(html).toBe('<details><summary>Try echo</summary></details>');
    expect(built).toBe(0);
  });
});

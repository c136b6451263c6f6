/**
 * The validation worker: compiles user-written JSON Schemas with Ajv (which uses `new Function`) and checks
 * arguments against them. A worker loaded from its own URL gets its Content-Security-Policy from that response's
 * headers, not from the page's <meta> policy, so the page can forbid 'unsafe-eval' while this still compiles.
 */
import { createValidationEngine } from './in-process-validator';
import { answerRequest, type ValidationReply, type ValidationRequest } from './validation-protocol';

// Typed by hand: the project compiles against the DOM lib, and pulling in the webworker lib would change globals everywhere.
const scope = self as unknown as {
  postMessage(message: ValidationReply): void;
  onmessage: ((event: MessageEvent<ValidationRequest>) => void) | null;
};

const engine = createValidationEngine();

scope.onmessage = (event) => {
  const reply = answerRequest(engine, event.data);
  if (reply) scope.postMessage(reply);
};
scope.postMessage({ type: 'ready' });

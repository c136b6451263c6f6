// Modules generated at build time by build/export-validators.ts (Ajv standalone code for session-schema.json).

declare module 'virtual:export-schema/validate' {
  /** Validates a parsed export file; on failure `validate.errors` lists every problem (allErrors). */
  export const validate: {
    (data: unknown): boolean;
    errors?: import('ajv').ErrorObject[] | null;
  };
}

declare module 'virtual:export-schema/sanitize' {
  /** Like the plain validator, and removes, in place, properties the format does not define. */
  export const validate: {
    (data: unknown): boolean;
    errors?: import('ajv').ErrorObject[] | null;
  };
}

declare module 'virtual:export-schema/openai-messages' {
  /** Validates a parsed Chat Completions messages file (a list, or an object with `messages`); see openai-messages-schema.json. */
  export const validate: {
    (data: unknown): boolean;
    errors?: import('ajv').ErrorObject[] | null;
  };
}

declare module 'virtual:export-schema/otlp-traces' {
  /** Validates a parsed OTLP/JSON traces file (ExportTraceServiceRequest); see otlp-trace-schema.json. */
  export const validate: {
    (data: unknown): boolean;
    errors?: import('ajv').ErrorObject[] | null;
  };
}

declare module 'virtual:export-schema/suite' {
  /** Validates a parsed test suite file; see src/evals/suite-schema.json. */
  export const validate: {
    (data: unknown): boolean;
    errors?: import('ajv').ErrorObject[] | null;
  };
}

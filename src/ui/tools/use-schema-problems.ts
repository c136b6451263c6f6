import { useEffect, useState } from 'react';
import { parametersShapeErrors, parseParametersText } from '../../tools/definition';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';

/**
 * What the validation worker says about the parameters schema as typed (meta-schema errors, a $ref that does not
 * resolve). Only asked once the text is a JSON object schema, since the form reports the rest itself. An answer
 * for text that has since changed is dropped.
 */
export function useSchemaProblems(parametersText: string): string[] {
  const [answer, setAnswer] = useState<{ text: string; problems: string[] } | null>(null);

  useEffect(() => {
    const parsed = parseParametersText(parametersText);
    if (!parsed.ok || parametersShapeErrors(parsed.value).length > 0) return;
    let current = true;
    defaultSchemaValidator()
      .schemaProblems(parsed.value)
      .then(
        (problems) => problems,
        (err: unknown) => [`The schema could not be checked: ${err instanceof Error ? err.message : String(err)}`],
      )
      .then((problems) => {
        if (current) setAnswer({ text: parametersText, problems });
      });
    return () => {
      current = false;
    };
  }, [parametersText]);

  return answer !== null && answer.text === parametersText ? answer.problems : [];
}

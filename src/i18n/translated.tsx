import { Fragment, isValidElement, type ReactElement } from 'react';
import type { MessageId } from './translate';
import { useTranslation } from './use-translation';

/**
 * Where a placeholder filled by an element sits in the formatted message: private-use characters,
 * which no catalog message contains and the formatter passes through untouched.
 */
const MARKS = /\uE000(\d+)\uE001/g;

type Value = string | number | ReactElement;

/**
 * A catalog message whose placeholders may be elements: a `<bdi>` around an id or a file name (so
 * it stays left-to-right in Arabic), a `<time>`, a link. The message stays one sentence in the
 * catalog, its words in the translator's order; only the filled-in values are elements.
 */
export function Translated({
  id,
  values,
}: {
  id: MessageId;
  values: Readonly<Record<string, Value>>;
}) {
  const { t } = useTranslation();
  const elements: ReactElement[] = [];
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (isValidElement(value)) {
      plain[name] = `\uE000${elements.length}\uE001`;
      elements.push(value);
    } else {
      plain[name] = value;
    }
  }
  // split() with a capture group: text, index, text, index, text.
  const parts = t(id, plain).split(MARKS);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? part : <Fragment key={index}>{elements[Number(part)]}</Fragment>,
      )}
    </>
  );
}

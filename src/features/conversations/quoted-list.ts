import { t } from '../../i18n/translate';

/**
 * Words as the agent typed them (the finder's, a link's), each in the language's quotation marks
 * (“open”, „offen“, 「保留中」), listed with its separator: what we quote stays as it came.
 */
export function quotedList(words: readonly string[]): string {
  return words.map((word) => t('list.quoted', { word })).join(t('list.separator'));
}

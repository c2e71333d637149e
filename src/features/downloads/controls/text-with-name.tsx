import { type MessageId, type MessageValues } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';

/** Stands for the name while the message is written: a character no translation contains. */
const SLOT = '\u2063';

interface TextWithNameProps {
  id: MessageId;
  /** The message's `{name}`: a file name or an id, kept left-to-right in any language. */
  name: string;
  values?: MessageValues;
}

/**
 * A translated sentence with a name inside it, the name in <bdi> so that a file name or an id stays
 * left-to-right inside Arabic. One message per sentence (no JSX in the catalogs): the message is
 * written with a stand-in for `{name}` and the element is put where the stand-in ended up.
 */
export function TextWithName({ id, name, values }: TextWithNameProps) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t(id, { ...values, name: SLOT }).split(SLOT);
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { bareType } from '../viewable';
import { useObjectUrlSrc } from './use-object-url';
import { ViewNote } from './view-note';

interface MediaViewProps {
  kind: 'audio' | 'video';
  blob: Blob;
  mimeType: string;
  name: string;
}

/** Whether this browser says it cannot play the declared type at all ('' from canPlayType). */
function surelyUnplayable(kind: 'audio' | 'video', type: string): boolean {
  if (!type.startsWith(`${kind}/`)) return false;
  return document.createElement(kind).canPlayType(type) === '';
}

/**
 * Audio or video in the browser's own player, from a Blob URL (CSP `media-src blob:`). A format
 * the browser cannot play (canPlayType says no, or the element reports an error) says so.
 */
export function MediaView({ kind, blob, mimeType, name }: MediaViewProps) {
  const { t } = useTranslation();
  const type = bareType(mimeType);
  const typed = useMemo(() => new Blob([blob], { type }), [blob, type]);
  const [failed, setFailed] = useState(() => surelyUnplayable(kind, type));
  const attach = useObjectUrlSrc(failed ? null : typed);
  if (failed) {
    return (
      <ViewNote>{type ? t('viewer.cannotPlay', { type }) : t('viewer.cannotPlayUnknown')}</ViewNote>
    );
  }
  return kind === 'audio' ? (
    <audio
      ref={attach}
      className="viewer-audio"
      controls
      preload="metadata"
      aria-label={name}
      onError={() => setFailed(true)}
    />
  ) : (
    <video
      ref={attach}
      className="viewer-video"
      controls
      preload="metadata"
      playsInline
      aria-label={name}
      onError={() => setFailed(true)}
    />
  );
}

import { useTranslation } from '../../i18n/use-translation';
import { viewToReact } from '../../ui/view-react';
import { compactRowsView } from './markup';
import { storeCompactRows } from './row-density';

interface CompactRowsToggleProps {
  on: boolean;
  onChange: (on: boolean) => void;
}

/** "Compact rows" in the header: more rows per screen, remembered on this browser. */
export function CompactRowsToggle({ on, onChange }: CompactRowsToggleProps) {
  useTranslation();
  return viewToReact(compactRowsView(on), {
    parts: {
      toggle: {
        onChange: () => {
          storeCompactRows(!on);
          onChange(!on);
        },
      },
    },
  });
}

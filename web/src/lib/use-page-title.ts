import { useEffect } from 'react';
import { PRODUCT } from '@shared/constants';

/** Sets the tab title: 'Courses · SAMS'. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}

import { MAX_ZOOM, MIN_ZOOM, zoomIn, zoomOut } from './zoom.js';
import { useTranslation } from './i18n.js';

interface ZoomControlsProps {
  zoom: number;
  onZoom: (zoom: number) => void;
}

/** Zoom out, back to the width of the screen, zoom in: what a pinch does, for every hand and keyboard. */
export function ZoomControls({ zoom, onZoom }: ZoomControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="zoom-controls" role="toolbar" aria-label={t('workflow_page.zoom.label')} data-testid="zoom-controls">
      <button
        type="button"
        className="zoom-button"
        data-testid="zoom-out"
        aria-label={t('workflow_page.zoom.out')}
        title={t('workflow_page.zoom.out')}
        disabled={zoom <= MIN_ZOOM}
        onClick={() => onZoom(zoomOut(zoom))}
      >
        −
      </button>
      <button
        type="button"
        className="zoom-button zoom-fit"
        data-testid="zoom-fit"
        title={t('workflow_page.zoom.fit')}
        onClick={() => onZoom(1)}
      >
        {t('workflow_page.zoom.level', { percent: Math.round(zoom * 100) })}
        <span className="visually-hidden"> {t('workflow_page.zoom.fit')}</span>
      </button>
      <button
        type="button"
        className="zoom-button"
        data-testid="zoom-in"
        aria-label={t('workflow_page.zoom.in')}
        title={t('workflow_page.zoom.in')}
        disabled={zoom >= MAX_ZOOM}
        onClick={() => onZoom(zoomIn(zoom))}
      >
        +
      </button>
    </div>
  );
}

import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';

interface DrawPadProps {
  label: string;
  clearLabel: string;
  /** Called with the PNG (base64, no data: prefix) after each stroke, or null once cleared. */
  onChange: (pngBase64: string | null) => void;
}

const PNG_PREFIX = 'data:image/png;base64,';

/** A signature_pad canvas sized to its box at device resolution, with a Clear button. */
export function DrawPad({ label, clearLabel, onChange }: DrawPadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#10204a', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    // The canvas bitmap must match its CSS box times the pixel ratio, or strokes land offset and blurry.
    const fitToBox = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(strokes);
    };
    fitToBox();
    const observer = new ResizeObserver(fitToBox);
    observer.observe(canvas);
    const reportStroke = () => onChange(pad.isEmpty() ? null : pad.toDataURL('image/png').slice(PNG_PREFIX.length));
    pad.addEventListener('endStroke', reportStroke);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', reportStroke);
      pad.off();
    };
  }, [onChange]);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <div className="draw-pad">
      <canvas ref={canvasRef} className="draw-canvas" data-testid="signature-pad" aria-label={label} role="img" />
      <div className="draw-pad-baseline" aria-hidden="true" />
      <button type="button" className="button button-link" onClick={clear} data-testid="signature-clear">
        {clearLabel}
      </button>
    </div>
  );
}
